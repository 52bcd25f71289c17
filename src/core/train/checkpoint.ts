/**
 * Checkpoints: weights + Adam state + config + iteration + vocabulary, as plain data.
 * Typed arrays in memory; `checkpointToJson` / `checkpointFromJson` turn them into number arrays
 * and back (float32 values round-trip exactly through JSON numbers). Files on disk are run files
 * (run-file.ts); a JSON checkpoint file is a legacy form that still opens. The worker hands its
 * checkpoints to the page through the same JSON form.
 * π_ref is not stored: it is the initial weights, rebuilt from deriveSeed(config.seed, 'init').
 */
import { WEIGHT_NAMES, type WeightData, type WeightsData } from '../policy/weight-shapes';
import { checkCheckpoint, checkpointHeader, tensorValues } from './checkpoint-check';
import { ReadBackError } from './read-back';
import { CHECKPOINT_FORMAT, type Checkpoint } from './checkpoint-types';

export type { NamedWeight } from './adam-products';

export { CHECKPOINT_FORMAT, type Checkpoint } from './checkpoint-types';

export const RETIRED_FORMATS: Record<string, string> = {
  'rollout-lab.checkpoint.v1': 'its value head shares the policy encoder, which this version replaced by a separate critic; retrain the run (same config and seed) to get a v2 checkpoint',
};


type Jsonish<T> = T extends Float32Array ? number[] : T extends object ? { [K in keyof T]: Jsonish<T[K]> } : T;
export type CheckpointJson = Jsonish<Checkpoint>;

export function checkpointToJson(cp: Checkpoint): CheckpointJson {
  return JSON.parse(JSON.stringify(cp, (_k, v) => (v instanceof Float32Array ? Array.from(v) : v))) as CheckpointJson;
}

function weightFrom(raw: { shape: number[]; data: ArrayLike<unknown> }, what: string, where: string): WeightData {
  const size = raw.shape.reduce((a, b) => a * b, 1);
  if (raw.data.length !== size) throw new ReadBackError(`${where}: ${what} has ${raw.data.length} values for shape [${raw.shape.join(', ')}]`);
  return { shape: raw.shape.slice(), data: tensorValues(raw.data, what, where) };
}

/**
 * Parses a checkpoint object (from JSON or in memory): schema, config (validateConfig), shapes
 * against the config, finite values, complete Adam state. Throws a one-line ReadBackError.
 * Adam state without the running products (written before they were stored) is migrated.
 */
export function checkpointFromJson(raw: unknown, where = 'checkpoint'): Checkpoint {
  const format = (raw as { format?: unknown } | null)?.format;
  if (typeof format === 'string' && format in RETIRED_FORMATS) {
    throw new ReadBackError(`${where} format "${format}" is no longer supported (expected "${CHECKPOINT_FORMAT}"): ${RETIRED_FORMATS[format]}`);
  }
  if (!raw || typeof raw !== 'object' || format !== CHECKPOINT_FORMAT) {
    throw new ReadBackError(`not a Rollout Lab checkpoint (expected format "${CHECKPOINT_FORMAT}")`);
  }
  const cp = checkpointHeader(raw, 'data', where);
  const weights = {} as WeightsData;
  for (const name of WEIGHT_NAMES) {
    const w = cp.weights[name];
    if (!w) throw new ReadBackError(`${where}: weight ${name} is missing`);
    weights[name] = weightFrom(w, `weight ${name}`, where);
  }
  const moments = cp.optimizer.moments.map((m) => ({ name: m.name, ...weightFrom(m, `Adam moment ${m.name}`, where) }));
  return checkCheckpoint({
    format: CHECKPOINT_FORMAT, config: cp.config, iteration: cp.iteration, vocabulary: cp.vocabulary, weights,
    optimizer: { ...cp.optimizer, moments },
  }, where);
}

/**
 * A checkpoint set to train for `iterations` in all. The schedule horizon K stays the original run's
 * (`scheduleHorizon`), so α(k) continues at α_final instead of jumping back up.
 */
export function extendCheckpoint(cp: Checkpoint, iterations: number): Checkpoint {
  if (iterations === cp.config.iterations) return cp;
  const scheduleHorizon = cp.config.scheduleHorizon ?? cp.config.iterations;
  return { ...cp, config: { ...cp.config, iterations, scheduleHorizon } };
}
