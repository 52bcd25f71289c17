/**
 * RunConfig: the whole description of a training run as plain JSON. The CLI, the worker, saved
 * runs and the UI's share links all use this one object; `validateConfig` turns anything (a parsed
 * URL, a JSON file) into a usable config plus a list of named problems, never throwing.
 */
import { ESTIMATOR_IDS, isEstimatorId } from '../advantage/registry';
import { validateEstimatorParams } from '../advantage/params';
import { ENV_IDS, getEnv, isEnvId } from '../env/registry';
import { DEFAULT_REWARD, REWARD_IDS, isRewardId, validateRewardParams } from '../reward/registry';
import { AGG_MODES, KL_TYPE_NAMES, type AggMode, type KlTypeName } from '../loss/names';
import type { DecodingMode } from '../policy/decoding';

export interface RunConfig {
  env: string;
  /** One of the env's task types; null = drawn per task from the env seed. */
  taskType: string | null;
  split: 'seen' | 'unseen';
  /** Environment size knob (household: receptacles); null = env default. */
  envSize: number | null;
  /** Advantage estimator used for the update (registry id). */
  estimator: string;
  /** Overrides of the estimator's defaults (e.g. { stats: 'turn-weighted' }). */
  estimatorParams: Record<string, unknown>;
  /** What the run is paid for (core/reward registry id); default the env's verifiable outcome. */
  reward: string;
  /** Overrides of the reward's declared defaults (e.g. { loopPenalty: 0.2 }). */
  rewardParams: Record<string, unknown>;
  seed: number;
  iterations: number;
  /**
   * K of declared schedules (α(k)); null = `iterations`. A resumed run that trains for longer
   * keeps its original K here, so α never jumps back up.
   */
  scheduleHorizon: number | null;
  /** G */
  groupSize: number;
  /** B */
  tasksPerIteration: number;
  /** Episode cap; null = the env's default. */
  maxTurns: number | null;
  historyLength: number;
  lr: number;
  clipLow: number;
  clipHigh: number;
  clipRatioC: number;
  /** β */
  klCoef: number;
  klType: KlTypeName;
  entropyCoef: number;
  aggMode: AggMode;
  /** α(k) from alphaInit to alphaFinal (schedule from the estimator's params, default linear). */
  alphaInit: number;
  alphaFinal: number;
  miniBatches: number;
  epochs: number;
  decoding: DecodingMode;
  maxThinkTokens: number;
  /** Free decoding's cap on response length. */
  maxResponseTokens: number;
  /** Free decoding: penalty per format-invalid response (verl-agent 0.1). */
  formatPenalty: number;
  temperature: number;
  /**
   * Weight of the value-head loss, used only by estimators whose entry declares `trainsCritic` (ppo and
   * both length-shaping baselines; their advantages are batch-whitened, see critic.ts).
   */
  valueCoef: number;
  hidden: number;
  hashBuckets: number;
}

export const DEFAULT_CONFIG: RunConfig = {
  env: 'household-v0',
  taskType: 'pick_and_place_simple',
  split: 'seen',
  envSize: null,
  estimator: 'planpo',
  estimatorParams: {},
  reward: DEFAULT_REWARD,
  rewardParams: {},
  seed: 1,
  iterations: 150,
  scheduleHorizon: null,
  groupSize: 8,
  tasksPerIteration: 8,
  maxTurns: null,
  historyLength: 2,
  lr: 3e-3,
  clipLow: 0.2,
  clipHigh: 0.2,
  clipRatioC: 3,
  klCoef: 0.01,
  klType: 'k3',
  entropyCoef: 0.001,
  aggMode: 'token-mean',
  alphaInit: 0.1,
  alphaFinal: 0.05,
  miniBatches: 4,
  epochs: 1,
  decoding: 'constrained',
  maxThinkTokens: 8,
  maxResponseTokens: 32,
  formatPenalty: 0.1,
  temperature: 1,
  valueCoef: 0.5,
  hidden: 128,
  hashBuckets: 1024,
};

type Check = (v: unknown) => boolean;
const int = (min: number, max = Number.MAX_SAFE_INTEGER): Check => (v) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const num = (min: number, max = Infinity, openMin = false): Check => (v) =>
  typeof v === 'number' && Number.isFinite(v) && (openMin ? v > min : v >= min) && v <= max;
const oneOf = (values: readonly unknown[]): Check => (v) => values.includes(v);
const nullOr = (c: Check): Check => (v) => v === null || c(v);

/** Check and the expected value in words (a function when it lists registry ids, which can grow). */
const CHECKS: { [K in keyof RunConfig]?: [Check, string | (() => string)] } = {
  env: [oneOf(ENV_IDS), () => `one of ${ENV_IDS.join(', ')}`],
  split: [oneOf(['seen', 'unseen']), 'seen or unseen'],
  envSize: [nullOr(int(1, 100000)), "an integer in the environment's size range, or null"],
  estimator: [(v) => typeof v === 'string' && isEstimatorId(v), () => `one of ${ESTIMATOR_IDS.join(', ')}`],
  reward: [(v) => typeof v === 'string' && isRewardId(v), () => `one of ${REWARD_IDS.join(', ')}`],
  seed: [int(0, 0xffffffff), 'an integer in 0..4294967295'],
  iterations: [int(0, 100000), 'an integer ≥ 0'],
  scheduleHorizon: [nullOr(int(1, 100000)), 'a positive integer or null'],
  groupSize: [int(1, 64), 'an integer in 1..64'],
  tasksPerIteration: [int(1, 64), 'an integer in 1..64'],
  maxTurns: [nullOr(int(1, 1000)), 'a positive integer or null'],
  historyLength: [int(0, 16), 'an integer in 0..16'],
  lr: [num(0, 1, true), 'a number in (0, 1]'],
  clipLow: [num(0, 0.999), 'a number in [0, 1)'],
  clipHigh: [num(0, 10), 'a number ≥ 0'],
  clipRatioC: [num(1, 1000, true), 'a number > 1'],
  klCoef: [num(0, 100), 'a number ≥ 0'],
  klType: [oneOf(KL_TYPE_NAMES), `one of ${KL_TYPE_NAMES.join(', ')}`],
  entropyCoef: [num(0, 100), 'a number ≥ 0'],
  aggMode: [oneOf(AGG_MODES), `one of ${AGG_MODES.join(', ')}`],
  alphaInit: [num(0, 100), 'a number ≥ 0'],
  alphaFinal: [num(0, 100), 'a number ≥ 0'],
  miniBatches: [int(1, 256), 'an integer in 1..256'],
  epochs: [int(1, 64), 'an integer in 1..64'],
  decoding: [oneOf(['constrained', 'free']), 'constrained or free'],
  maxThinkTokens: [int(0, 64), 'an integer in 0..64'],
  maxResponseTokens: [int(4, 256), 'an integer in 4..256'],
  formatPenalty: [num(0, 100), 'a number ≥ 0'],
  temperature: [num(0, 100, true), 'a number > 0'],
  valueCoef: [num(0, 100), 'a number ≥ 0'],
  hidden: [int(4, 1024), 'an integer in 4..1024'],
  hashBuckets: [int(16, 65536), 'an integer in 16..65536'],
};

export interface ValidatedConfig {
  config: RunConfig;
  /** One message per ignored or replaced value, naming the field. */
  problems: string[];
}

/** A value quoted for a message: control characters escaped, cut after 80 characters with the total size. */
export const quoteValue = (v: unknown): string => {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  // eslint-disable-next-line no-control-regex
  const safe = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  const body = safe.length > 80 ? `${safe.slice(0, 80)}… (${text.length.toLocaleString('en-US')} characters)` : safe;
  return typeof v === 'string' ? `"${body}"` : body;
};

/** Any value → a usable RunConfig (bad fields replaced by defaults) and the list of problems. */
export function validateConfig(input: unknown): ValidatedConfig {
  const problems: string[] = [];
  const config: RunConfig = { ...DEFAULT_CONFIG, estimatorParams: {}, rewardParams: {} };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    if (input !== undefined) problems.push(`config: expected an object, got ${quoteValue(input)}; using defaults`);
    return { config, problems };
  }
  const raw = input as Record<string, unknown>;
  const target = config as unknown as Record<string, unknown>;
  for (const [key, [check, expected]] of Object.entries(CHECKS) as Array<[keyof RunConfig, [Check, string | (() => string)]]>) {
    if (!(key in raw)) continue;
    if (check(raw[key])) target[key] = raw[key];
    else problems.push(`${key}: expected ${typeof expected === 'function' ? expected() : expected}, got ${quoteValue(raw[key])}; using ${quoteValue(DEFAULT_CONFIG[key])}`);
  }
  validateEnvFields(raw, config, problems);
  config.estimatorParams = validateDeclared('estimatorParams', config.estimator, raw.estimatorParams, problems, validateEstimatorParams);
  config.rewardParams = validateDeclared('rewardParams', config.reward, raw.rewardParams, problems, validateRewardParams);
  return { config, problems };
}

function validateEnvFields(raw: Record<string, unknown>, config: RunConfig, problems: string[]): void {
  if (!isEnvId(config.env)) return;
  const env = getEnv(config.env);
  const defaultType = env.taskTypes.includes(DEFAULT_CONFIG.taskType ?? '') ? DEFAULT_CONFIG.taskType : null;
  if (config.env !== DEFAULT_CONFIG.env) config.taskType = defaultType;
  if ('taskType' in raw) {
    const v = raw.taskType;
    if (v === null || (typeof v === 'string' && env.taskTypes.includes(v))) config.taskType = v;
    else problems.push(`taskType: expected null or one of ${env.taskTypes.join(', ')}, got ${quoteValue(v)}; using ${quoteValue(defaultType)}`);
  }
  const size = env.sizeRange;
  if (config.envSize !== null && (config.envSize < size.min || config.envSize > size.max)) {
    problems.push(envSizeProblem(config.env, config.envSize));
    config.envSize = null;
  }
  const limit = env.maxTurnsLimit;
  if (config.maxTurns !== null && config.maxTurns > limit) {
    problems.push(`maxTurns: ${config.maxTurns} is above ${config.env}'s limit ${limit}; using ${limit}`);
    config.maxTurns = limit;
  }
}

/** "envSize: 10 is outside shop-v0's size range 20..500 catalogue products; using its default 60". */
export function envSizeProblem(envId: string, value: unknown): string {
  const { min, max, default: def, unit } = getEnv(envId).sizeRange;
  return `envSize: ${quoteValue(value)} is outside ${envId}'s size range ${min}..${max} ${unit}; using its default ${def}`;
}

/** estimatorParams / rewardParams: an object checked against the entry's declared parameters. */
function validateDeclared(
  field: 'estimatorParams' | 'rewardParams', id: string, value: unknown, problems: string[],
  validate: (id: string, raw: Record<string, unknown>) => { params: Record<string, unknown>; problems: string[] },
): Record<string, unknown> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${field}: expected an object, got ${quoteValue(value)}; using {}`);
    return {};
  }
  const checked = validate(id, value as Record<string, unknown>);
  problems.push(...checked.problems.map((p) => `${field}.${p}`));
  return checked.params;
}
