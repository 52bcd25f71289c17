/**
 * Checkpoints: weights + Adam state + config + iteration + vocabulary, as plain data.
 * Typed arrays in memory; `checkpointToJson` / `checkpointFromJson` turn them into number arrays
 * and back (float32 values round-trip exactly through JSON numbers).
 * π_ref is not stored: it is the initial weights, rebuilt from deriveSeed(config.seed, 'init').
 */
import * as tf from '@tensorflow/tfjs-core';
import { WEIGHT_NAMES, type WeightData, type WeightsData } from '../policy/model';
import type { VocabularySpec } from '../policy/vocabulary';
import type { RunConfig } from './config';

/** v2: the critic has its own encoder (critW, critB); v1 shared the policy's and cannot be loaded. */
export const CHECKPOINT_FORMAT = 'rollout-lab.checkpoint.v2';
const RETIRED_FORMATS: Record<string, string> = {
  'rollout-lab.checkpoint.v1': 'its value head shares the policy encoder, which this version replaced by a separate critic; retrain the run (same config and seed) to get a v2 checkpoint',
};

export interface NamedWeight extends WeightData {
  name: string;
}

export interface Checkpoint {
  format: typeof CHECKPOINT_FORMAT;
  config: RunConfig;
  /** Iterations completed. */
  iteration: number;
  vocabulary: VocabularySpec;
  weights: WeightsData;
  /** Adam: step count and the first/second moments, in variable order. */
  optimizer: { iterations: number; moments: NamedWeight[] };
}

export async function optimizerState(optimizer: tf.Optimizer): Promise<Checkpoint['optimizer']> {
  const named = await optimizer.getWeights();
  const iterTensor = named[0].tensor;
  const iterations = (await iterTensor.data())[0];
  iterTensor.dispose(); // saveIterations() made a fresh scalar; the moments are live variables
  const moments = await Promise.all(named.slice(1).map(async (w) => ({
    name: w.name, shape: w.tensor.shape.slice(), data: Float32Array.from((await w.tensor.data()) as Float32Array),
  })));
  return { iterations, moments };
}

export async function restoreOptimizer(optimizer: tf.Optimizer, state: Checkpoint['optimizer']): Promise<void> {
  if (state.moments.length === 0 && state.iterations === 0) return;
  const tensors = [
    { name: 'iter', tensor: tf.scalar(state.iterations, 'int32') },
    ...state.moments.map((m) => ({ name: m.name, tensor: tf.tensor(m.data, m.shape) })),
  ];
  await optimizer.setWeights(tensors);
  tf.dispose(tensors.map((t) => t.tensor)); // setWeights copied them into its own variables
}

type Jsonish<T> = T extends Float32Array ? number[] : T extends object ? { [K in keyof T]: Jsonish<T[K]> } : T;
export type CheckpointJson = Jsonish<Checkpoint>;

export function checkpointToJson(cp: Checkpoint): CheckpointJson {
  return JSON.parse(JSON.stringify(cp, (_k, v) => (v instanceof Float32Array ? Array.from(v) : v))) as CheckpointJson;
}

function weightFrom(raw: { shape: number[]; data: ArrayLike<number> }, what: string): WeightData {
  const size = raw.shape.reduce((a, b) => a * b, 1);
  if (!Array.isArray(raw.shape) || raw.data.length !== size) throw new Error(`checkpoint: ${what} has ${raw.data.length} values for shape [${raw.shape}]`);
  return { shape: raw.shape.slice(), data: Float32Array.from(raw.data) };
}

/** Parses a checkpoint object (from JSON or in memory); throws a readable error when malformed. */
export function checkpointFromJson(raw: unknown): Checkpoint {
  const cp = raw as CheckpointJson;
  const format = (raw as { format?: unknown } | null)?.format;
  if (typeof format === 'string' && format in RETIRED_FORMATS) {
    throw new Error(`checkpoint format "${format}" is no longer supported (expected "${CHECKPOINT_FORMAT}"): ${RETIRED_FORMATS[format]}`);
  }
  if (!cp || typeof cp !== 'object' || cp.format !== CHECKPOINT_FORMAT) {
    throw new Error(`not a Rollout Lab checkpoint (expected format "${CHECKPOINT_FORMAT}")`);
  }
  const weights = {} as WeightsData;
  for (const name of WEIGHT_NAMES) {
    if (!cp.weights?.[name]) throw new Error(`checkpoint: weight ${name} is missing`);
    weights[name] = weightFrom(cp.weights[name], name);
  }
  return {
    format: CHECKPOINT_FORMAT,
    config: cp.config as RunConfig,
    iteration: cp.iteration,
    vocabulary: cp.vocabulary as VocabularySpec,
    weights,
    optimizer: {
      iterations: cp.optimizer?.iterations ?? 0,
      moments: (cp.optimizer?.moments ?? []).map((m) => ({ name: m.name, ...weightFrom(m, m.name) })),
    },
  };
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
