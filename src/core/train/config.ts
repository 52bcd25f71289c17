/**
 * RunConfig: the whole description of a training run as plain JSON. The CLI, the worker, saved
 * runs and the UI's share links all use this one object; `validateConfig` turns anything (a parsed
 * URL, a JSON file) into a usable config plus a list of named problems, never throwing.
 *
 * Each field's default, range, label, flag and link key is declared once, in run-params.ts; this
 * file holds the type, and builds the defaults and the validation from those declarations.
 * α is not a run setting: it is the PlanPO entries' own parameter (`estimatorParams.alphaInit`);
 * configs written before that carry `alphaInit`/`alphaFinal`, mapped by legacy-alpha.ts.
 */
import { validateEstimatorParams } from '../advantage/params';
import { getEnv, isEnvId } from '../env/registry';
import { sizeRangeProblem } from '../env/size';
import { validateRewardParams } from '../reward/registry';
import type { AggMode, KlTypeName } from '../loss/names';
import type { DecodingMode } from '../policy/decoding';
import type { TaskFeatures } from '../policy/features';
import { checkParam, describeParam, quoteValue, validateParams } from '../params/validate';
import { envRunParam, runParam, runParams } from './run-params';
import { mapLegacyAlpha } from './legacy-alpha';

export { quoteValue };

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
  /** SFT warm start: oracle demonstrations cloned before RL (sft.ts); 0 = none. */
  sftEpisodes: number;
  /** SFT demonstrations split evenly over the task types when the run draws every type (sft.ts). */
  sftByType: boolean;
  /** RL tasks stratified by type when the run draws every type (core/rollout/collect.ts `byType`). */
  tasksByType: boolean;
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
  /** How the policy's encoder reads the task text (policy/features.ts): 'bag' or 'sentences'. */
  taskFeatures: TaskFeatures;
  /**
   * wasm threads of the trainer worker (isolated pages); null = tfjs's default. Not part of the
   * maths: every count gives the same bits (tests/browser/threads.test.ts).
   */
  threads: number | null;
}

/** The fields declared in run-params.ts (all but the two parameter objects). */
export type RunSettingKey = Exclude<keyof RunConfig, 'estimatorParams' | 'rewardParams'>;

function declaredDefaults(): RunConfig {
  const out: Record<string, unknown> = { estimatorParams: {}, rewardParams: {} };
  for (const p of runParams()) out[p.key] = p.default;
  return out as unknown as RunConfig;
}

/** The declared defaults (run-params.ts); a test checks every RunConfig field is declared. */
export const DEFAULT_CONFIG: RunConfig = declaredDefaults();

export interface ValidatedConfig {
  config: RunConfig;
  /** One message per ignored or replaced value, naming the field. */
  problems: string[];
  /** What an older config's keys were read as (`alphaInit` → `estimatorParams.alphaInit`); not errors. */
  notes: string[];
}

/** Keys an older RunConfig had, read by legacy-alpha.ts. */
const LEGACY_KEYS = new Set(['alphaInit', 'alphaFinal']);
/** Keys checked against the environment after the generic pass. */
const ENV_KEYS = new Set(['taskType', 'split', 'envSize', 'maxTurns']);

/** Any value → a usable RunConfig (bad fields replaced by defaults) and the list of problems. */
export function validateConfig(input: unknown): ValidatedConfig {
  const problems: string[] = [];
  const notes: string[] = [];
  const config: RunConfig = declaredDefaults();
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    if (input !== undefined) problems.push(`config: expected an object, got ${quoteValue(input)}; using defaults`);
    return { config, problems, notes };
  }
  const raw = input as Record<string, unknown>;
  const declared = runParams();
  const checked = validateParams(declared, raw, {
    owner: 'RunConfig', text: false,
    skip: (key) => ENV_KEYS.has(key) || LEGACY_KEYS.has(key) || key === 'estimatorParams' || key === 'rewardParams' || !declared.some((p) => p.key === key),
  });
  Object.assign(config, checked.params);
  problems.push(...checked.problems);
  validateEnvFields(raw, config, problems);
  config.estimatorParams = validateDeclared('estimatorParams', config.estimator, raw.estimatorParams, problems, validateEstimatorParams);
  config.rewardParams = validateDeclared('rewardParams', config.reward, raw.rewardParams, problems, validateRewardParams);
  const legacy = mapLegacyAlpha(raw, [config.estimator], { [config.estimator]: config.estimatorParams }, (_id, key) => `estimatorParams.${key}`);
  config.estimatorParams = legacy.params[config.estimator] ?? config.estimatorParams;
  notes.push(...legacy.notes);
  return { config, problems, notes };
}

/** taskType, split, envSize and maxTurns, checked against the chosen environment's declarations. */
function validateEnvFields(raw: Record<string, unknown>, config: RunConfig, problems: string[]): void {
  const target = config as unknown as Record<string, unknown>;
  const env = isEnvId(config.env) ? getEnv(config.env) : null;
  if (env && config.env !== DEFAULT_CONFIG.env) config.taskType = env.taskTypes.includes(DEFAULT_CONFIG.taskType ?? '') ? DEFAULT_CONFIG.taskType : null;
  for (const key of ENV_KEYS) {
    if (!(key in raw)) continue;
    const generic = runParam(key);
    const value = raw[key];
    const spec = checkParam(generic, value, { text: false }) === undefined ? generic : envRunParam(key, config.env);
    const ok = checkParam(spec, value, { text: false });
    if (ok !== undefined) {
      target[key] = ok;
      continue;
    }
    if (spec === generic) problems.push(`${key}: expected ${describeParam(spec)}, got ${quoteValue(value)}; using ${quoteValue(target[key])}`);
    else if (key === 'envSize' && env) problems.push(envSizeProblem(config.env, value));
    else if (key === 'maxTurns' && env && (value as number) > env.maxTurnsLimit) {
      problems.push(`maxTurns: ${value as number} is above ${config.env}'s limit ${env.maxTurnsLimit}; using ${env.maxTurnsLimit}`);
      target[key] = env.maxTurnsLimit;
      continue;
    } else problems.push(`${key}: expected ${describeParam(spec)}, got ${quoteValue(value)}; using ${quoteValue(target[key])}`);
    if (key !== 'taskType') target[key] = DEFAULT_CONFIG[key as RunSettingKey];
  }
}

/** "envSize: 10 is outside shop-v0's size range 20..500 catalogue products; using its default 60". */
export function envSizeProblem(envId: string, value: unknown): string {
  const range = getEnv(envId).sizeRange;
  const why = typeof value === 'number' ? sizeRangeProblem(envId, range, value) : null;
  return `envSize: ${why ?? `${quoteValue(value)} is outside ${envId}'s size range ${range.min}..${range.max} ${range.unit}`}; using its default ${range.default}`;
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
