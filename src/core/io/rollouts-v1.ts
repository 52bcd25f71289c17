/**
 * `rollouts.v1`: one trajectory per record (environments reference §4.2). This zod schema is the
 * one definition: it validates unknown JSON, gives the TypeScript types (`z.infer`) and generates
 * the published JSON Schema (`public/schemas/rollouts.v1.json`, `npm run schema`).
 *
 * Validation rules beyond "the field has the declared type":
 * - `schema` must be exactly "rollouts.v1"; `group_id` and `traj_id` must be non-empty strings.
 * - `turns[k].t` must equal k (0-based, in order), so per-turn arrays line up with T_i.
 * - Counts (`num_turns`, `*_tokens`, `max_turns`, `train_step`, `sample_index`) are non-negative
 *   integers; rewards and scores are finite numbers.
 * - Unknown extra fields are allowed and kept (forward compatibility); optional fields may be absent
 *   but not null, except `turns[].action`, which is `string | null` by the schema.
 * - `advantages.estimators[id].per_turn` (the multi-estimator extension, docs/rollouts-v1.md) must
 *   hold one number per turn.
 * - Consistency between `outcome.num_turns` and `turns.length` is NOT a schema rule (the paper's T_i
 *   may count only valid turns); the estimator adapter (`to-group.ts`) checks it.
 *
 * Messages read `path: must be <what>, got <value>` (`turns[2].reward: must be a finite number, got "x"`).
 */
import { looksLikeRolloutTrajectory } from './rollouts-v1-check';
import { z } from './zod';

export const ROLLOUTS_V1 = 'rollouts.v1';

/** A short rendering of a bad value for messages: `got "abc"`, `got -3`, `got an array`. */
export function describeValue(x: unknown): string {
  if (x === undefined) return 'it is missing';
  if (x === null) return 'got null';
  if (Array.isArray(x)) return 'got an array';
  if (typeof x === 'object') return 'got an object';
  if (typeof x === 'string') return `got ${JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}…` : x)}`;
  return `got ${String(x)}`;
}

/** A zod error callback: "must be <what>, got <value>". */
const must = (what: string) => ({ error: (issue: { input?: unknown }) => `must be ${what}, ${describeValue(issue.input)}` });

const str = () => z.string(must('a string'));
const nonEmpty = () => z.string(must('a non-empty string')).min(1, must('a non-empty string'));
const num = () => z.number(must('a finite number'));
const bool = () => z.boolean(must('true or false'));
const count = () => z.number(must('a non-negative integer')).int(must('a non-negative integer')).min(0, must('a non-negative integer'));
const stringArray = () => z.array(z.string(must('a string')), must('an array of strings'));
const numberArray = () => z.array(z.number(must('a finite number')), must('an array of finite numbers'));
const record = () => z.record(z.string(), z.unknown(), must('an object'));
const obj = <S extends z.core.$ZodLooseShape>(shape: S, what = 'an object') => z.looseObject(shape, must(what));

const turnSchema = obj({
  t: count().describe('0-based turn index; must equal the position in `turns`'),
  observation: str().describe('raw env text the policy saw as the current observation'),
  prompt: str().optional().describe('full rendered prompt, when the framework logged one'),
  admissible_actions: stringArray().optional(),
  response: str().describe('raw model output for this turn'),
  action: z.string(must('a string or null')).nullable().describe('extracted env command (null if unparseable)'),
  format_valid: bool().optional().describe('verl-agent is_action_valid / RAGEN action_is_valid'),
  action_admissible: bool().optional(),
  feedback: str().optional().describe('env text returned after the action'),
  reward: num().describe('per-step env reward'),
  penalty: num().optional(),
  done: bool(),
  prompt_tokens: count().optional(),
  response_tokens: count().optional().describe('L_{i,t}: response length in tokens'),
  response_tokens_estimated: bool()
    .optional()
    .describe('true when response_tokens is an estimate from the text (src/core/io/README.md), not a tokenizer count'),
  info: record().optional(),
});

// A plain (non-loose) object so lab slices (EstimatorSlice) fit the type; extra keys are still kept
// because validation returns the input itself.
const estimatorSliceSchema = z.object({
  per_turn: numberArray().describe('A_{i,t} of this estimator, one per turn'),
  components: z
    .record(z.string(), z.union([z.number(), z.array(z.number())]), must('an object of numbers or number arrays'))
    .optional()
    .describe('named parts (PlanPO: trajectoryAdvantage A^E, responseAdvantage A^S, alpha)'),
  params: record().optional().describe('the parameters the estimator ran with'),
}, must('an object'));

const advantagesSchema = obj({
  trajectory: num().optional(),
  per_turn: numberArray().optional().describe('advantages of the estimator named in `estimator` (or of the trainer)'),
  estimator: str().optional().describe('extension: registry id of the estimator behind `per_turn`'),
  estimators: z
    .record(z.string(), estimatorSliceSchema, must('an object keyed by estimator id'))
    .optional()
    .describe('extension: every scored estimator by registry id (docs/rollouts-v1.md)'),
});

export const rolloutTrajectorySchema = obj(
  {
    schema: z.literal(ROLLOUTS_V1, must(`"${ROLLOUTS_V1}"`)),
    source: obj({ framework: str(), run_id: str().optional(), algo: str().optional(), model: str().optional(), file: str().optional() }),
    env: obj({ name: str(), dialect: str().optional(), split: str().optional(), max_turns: count().optional() }),
    task: obj({ task_id: str(), task_type: str().optional(), instruction: str().optional() }),
    train_step: count().optional(),
    group_id: nonEmpty(),
    traj_id: nonEmpty(),
    sample_index: count().optional(),
    turns: z.array(turnSchema, must('an array of turns')).superRefine((turns, ctx) => {
      turns.forEach((turn, k) => {
        if (turn.t !== k) ctx.addIssue({ code: 'custom', path: [k, 't'], message: `must be ${k} (turns are 0-based and in order), got ${turn.t}` });
      });
    }),
    outcome: obj({
      success: bool(),
      episode_reward: num(),
      score: num().optional(),
      num_turns: count(),
      terminated_by: str().optional(),
    }),
    advantages: advantagesSchema.optional(),
  },
  'a JSON object',
).superRefine((value, ctx) => {
  for (const [id, slice] of Object.entries(value.advantages?.estimators ?? {})) {
    if (slice.per_turn.length !== value.turns.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['advantages', 'estimators', id, 'per_turn'],
        message: `must hold one number per turn (${value.turns.length}), got ${slice.per_turn.length}`,
      });
    }
  }
});

export type RolloutTrajectoryV1 = z.infer<typeof rolloutTrajectorySchema>;
export type RolloutTurnV1 = RolloutTrajectoryV1['turns'][number];
export type RolloutAdvantagesV1 = NonNullable<RolloutTrajectoryV1['advantages']>;
export type EstimatorAdvantagesV1 = NonNullable<RolloutAdvantagesV1['estimators']>[string];

/** One thing wrong with a record: where (a path like `turns[2].reward`) and what. */
export interface SchemaProblem {
  path: string;
  message: string;
}

export type ValidationResult = { ok: true; record: RolloutTrajectoryV1 } | { ok: false; problems: SchemaProblem[] };

/** A plain JSON object (not null, not an array). */
export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** ['turns', 2, 'reward'] → `turns[2].reward`; [] → `(record)`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out === '' ? '' : '.'}${String(key)}`;
  return out === '' ? '(record)' : out;
}

/**
 * Checks `value` against rollouts.v1; returns the record itself (typed) or every problem found. A
 * record the fast structural check accepts (`rollouts-v1-check.ts`, one-sided) skips zod; any other
 * goes through the schema, which decides and words the problems.
 */
export function validateRolloutTrajectory(value: unknown): ValidationResult {
  if (looksLikeRolloutTrajectory(value)) return { ok: true, record: value as RolloutTrajectoryV1 };
  const result = rolloutTrajectorySchema.safeParse(value);
  if (result.success) return { ok: true, record: value as RolloutTrajectoryV1 };
  return { ok: false, problems: result.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })) };
}

/** `path: message; path: message` for one-line reports. */
export function formatProblems(problems: readonly SchemaProblem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join('; ');
}
