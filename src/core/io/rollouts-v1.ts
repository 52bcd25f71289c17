/**
 * `rollouts.v1`: one trajectory per record (environments reference §4.2), and a hand-written
 * validator that turns unknown JSON into a typed record or a list of readable problems.
 *
 * Validation rules beyond "the field has the declared type":
 * - `schema` must be exactly "rollouts.v1"; `group_id` and `traj_id` must be non-empty strings.
 * - `turns[k].t` must equal k (0-based, in order), so per-turn arrays line up with T_i.
 * - Counts (`num_turns`, `*_tokens`, `max_turns`, `train_step`, `sample_index`) are non-negative
 *   integers; rewards and scores are finite numbers.
 * - Unknown extra fields are allowed and kept (forward compatibility); optional fields may be absent
 *   but not null, except `turns[].action`, which is `string | null` by the schema.
 * - Consistency between `outcome.num_turns` and `turns.length` is NOT a schema rule (the paper's T_i
 *   may count only valid turns); the estimator adapter (`to-group.ts`) checks it.
 */

export const ROLLOUTS_V1 = 'rollouts.v1';

export interface RolloutTurnV1 {
  t: number;
  observation: string;
  prompt?: string;
  admissible_actions?: string[];
  response: string;
  action: string | null;
  format_valid?: boolean;
  action_admissible?: boolean;
  feedback?: string;
  reward: number;
  penalty?: number;
  done: boolean;
  prompt_tokens?: number;
  response_tokens?: number;
  info?: Record<string, unknown>;
}

export interface RolloutTrajectoryV1 {
  schema: typeof ROLLOUTS_V1;
  source: { framework: string; run_id?: string; algo?: string; model?: string; file?: string };
  env: { name: string; dialect?: string; split?: string; max_turns?: number };
  task: { task_id: string; task_type?: string; instruction?: string };
  train_step?: number;
  group_id: string;
  traj_id: string;
  sample_index?: number;
  turns: RolloutTurnV1[];
  outcome: {
    success: boolean;
    episode_reward: number;
    score?: number;
    num_turns: number;
    terminated_by?: string;
  };
  advantages?: { trajectory?: number; per_turn?: number[] };
}

/** One thing wrong with a record: where (a path like `turns[2].reward`) and what. */
export interface SchemaProblem {
  path: string;
  message: string;
}

export type ValidationResult = { ok: true; record: RolloutTrajectoryV1 } | { ok: false; problems: SchemaProblem[] };

type Kind = 'string' | 'nonEmptyString' | 'boolean' | 'number' | 'count' | 'stringOrNull' | 'stringArray' | 'numberArray' | 'object';

const KIND_TEXT: Record<Kind, string> = {
  string: 'a string',
  nonEmptyString: 'a non-empty string',
  boolean: 'true or false',
  number: 'a finite number',
  count: 'a non-negative integer',
  stringOrNull: 'a string or null',
  stringArray: 'an array of strings',
  numberArray: 'an array of finite numbers',
  object: 'an object',
};

/** A plain JSON object (not null, not an array). */
export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function isFiniteNumber(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

function matches(kind: Kind, x: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof x === 'string';
    case 'nonEmptyString':
      return typeof x === 'string' && x.length > 0;
    case 'boolean':
      return typeof x === 'boolean';
    case 'number':
      return isFiniteNumber(x);
    case 'count':
      return isFiniteNumber(x) && Number.isInteger(x) && x >= 0;
    case 'stringOrNull':
      return x === null || typeof x === 'string';
    case 'stringArray':
      return Array.isArray(x) && x.every((s) => typeof s === 'string');
    case 'numberArray':
      return Array.isArray(x) && x.every(isFiniteNumber);
    case 'object':
      return isObject(x);
  }
}

/** A short rendering of a bad value for messages: `got "abc"`, `got -3`, `got an array`. */
function describe(x: unknown): string {
  if (x === undefined) return 'it is missing';
  if (x === null) return 'got null';
  if (Array.isArray(x)) return 'got an array';
  if (typeof x === 'object') return 'got an object';
  if (typeof x === 'string') return `got ${JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}…` : x)}`;
  return `got ${String(x)}`;
}

type FieldSpec = Record<string, { kind: Kind; required: boolean }>;

const req = (kind: Kind) => ({ kind, required: true });
const opt = (kind: Kind) => ({ kind, required: false });

/** Top-level fields; `schema` and `turns` have their own checks. */
const TOP: FieldSpec = {
  source: req('object'),
  env: req('object'),
  task: req('object'),
  train_step: opt('count'),
  group_id: req('nonEmptyString'),
  traj_id: req('nonEmptyString'),
  sample_index: opt('count'),
  outcome: req('object'),
  advantages: opt('object'),
};
const SOURCE: FieldSpec = { framework: req('string'), run_id: opt('string'), algo: opt('string'), model: opt('string'), file: opt('string') };
const ENV: FieldSpec = { name: req('string'), dialect: opt('string'), split: opt('string'), max_turns: opt('count') };
const TASK: FieldSpec = { task_id: req('string'), task_type: opt('string'), instruction: opt('string') };
const OUTCOME: FieldSpec = {
  success: req('boolean'),
  episode_reward: req('number'),
  score: opt('number'),
  num_turns: req('count'),
  terminated_by: opt('string'),
};
const ADVANTAGES: FieldSpec = { trajectory: opt('number'), per_turn: opt('numberArray') };
const TURN: FieldSpec = {
  t: req('count'),
  observation: req('string'),
  prompt: opt('string'),
  admissible_actions: opt('stringArray'),
  response: req('string'),
  action: req('stringOrNull'),
  format_valid: opt('boolean'),
  action_admissible: opt('boolean'),
  feedback: opt('string'),
  reward: req('number'),
  penalty: opt('number'),
  done: req('boolean'),
  prompt_tokens: opt('count'),
  response_tokens: opt('count'),
  info: opt('object'),
};

function checkFields(obj: Record<string, unknown>, spec: FieldSpec, prefix: string, problems: SchemaProblem[]): void {
  for (const [key, { kind, required }] of Object.entries(spec)) {
    const value = obj[key];
    if (value === undefined && !required) continue;
    if (!matches(kind, value)) {
      problems.push({ path: `${prefix}${key}`, message: `must be ${KIND_TEXT[kind]}, ${describe(value)}` });
    }
  }
}

function checkNested(obj: Record<string, unknown>, key: string, spec: FieldSpec, problems: SchemaProblem[]): void {
  const value = obj[key];
  if (isObject(value)) checkFields(value, spec, `${key}.`, problems);
}

function checkTurns(turns: unknown, problems: SchemaProblem[]): void {
  if (!Array.isArray(turns)) {
    problems.push({ path: 'turns', message: `must be an array of turns, ${describe(turns)}` });
    return;
  }
  turns.forEach((turn, k) => {
    const prefix = `turns[${k}]`;
    if (!isObject(turn)) {
      problems.push({ path: prefix, message: `must be an object, ${describe(turn)}` });
      return;
    }
    checkFields(turn, TURN, `${prefix}.`, problems);
    if (matches('count', turn.t) && turn.t !== k) {
      problems.push({ path: `${prefix}.t`, message: `must be ${k} (turns are 0-based and in order), got ${String(turn.t)}` });
    }
  });
}

/** Checks `value` against rollouts.v1; returns the typed record or every problem found. */
export function validateRolloutTrajectory(value: unknown): ValidationResult {
  if (!isObject(value)) {
    return { ok: false, problems: [{ path: '(record)', message: `must be a JSON object, ${describe(value)}` }] };
  }
  const problems: SchemaProblem[] = [];
  if (value.schema !== ROLLOUTS_V1) {
    problems.push({ path: 'schema', message: `must be "${ROLLOUTS_V1}", ${describe(value.schema)}` });
  }
  checkFields(value, TOP, '', problems);
  checkNested(value, 'source', SOURCE, problems);
  checkNested(value, 'env', ENV, problems);
  checkNested(value, 'task', TASK, problems);
  checkNested(value, 'outcome', OUTCOME, problems);
  checkNested(value, 'advantages', ADVANTAGES, problems);
  checkTurns(value.turns, problems);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, record: value as unknown as RolloutTrajectoryV1 };
}

/** `path: message; path: message` for one-line reports. */
export function formatProblems(problems: readonly SchemaProblem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join('; ');
}
