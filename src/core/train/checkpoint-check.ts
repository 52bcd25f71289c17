/**
 * The schema of a stored checkpoint and the checks that a set of weights belongs to its config,
 * shared by JSON checkpoints (tensors as number lists) and run files (tensors as references into
 * tensors.bin). Everything is checked before a model is built from it: the config (strictly, see
 * read-back.ts), the vocabulary, each weight's shape against the one the config and vocabulary
 * give, every value finite, and Adam's state complete (m and v for the same weights, shaped like
 * them, the step count within what the iterations allow).
 */
import { WEIGHT_NAMES, type WeightName } from '../policy/weight-shapes';
import { z } from '../io/zod';
import { adamProducts } from './adam-products';
import type { Checkpoint } from './checkpoint-types';
import type { RunConfig } from './config';
import { expectedWeightShapes } from './model-dims';
import { parseOrThrow, ReadBackError, storedConfig } from './read-back';

const MAX_ITERATIONS = 100_000;

const count = (what: string, max = Number.MAX_SAFE_INTEGER) =>
  z.number({ error: `${what} must be a number` }).int({ error: `${what} must be a whole number` }).min(0, { error: `${what} must be ≥ 0` }).max(max, { error: `${what} must be at most ${max}` });

const shape = z.array(count('a dimension', 1 << 26), { error: 'shape must be a list of dimensions' }).max(4, { error: 'shape has more than 4 dimensions' });

const tensorSchemas = {
  data: z.object({
    shape,
    data: z.custom<ArrayLike<unknown>>((v) => Array.isArray(v) || ArrayBuffer.isView(v), { error: 'data must be a list of numbers' }),
  }),
  ref: z.object({ shape, offset: count('offset'), length: count('length') }),
};
type TensorKind = keyof typeof tensorSchemas;
type TensorOf<K extends TensorKind> = z.output<(typeof tensorSchemas)[K]>;

const product = z.number({ error: 'must be a number' }).gt(0, { error: 'must be in (0, 1)' }).lt(1, { error: 'must be in (0, 1)' });

function headerSchema<K extends TensorKind>(kind: K) {
  const tensor = tensorSchemas[kind];
  return z.object({
    config: z.unknown(),
    iteration: count('iteration', MAX_ITERATIONS),
    vocabulary: z.object({
      thoughts: z.array(z.string(), { error: 'must be a list of words' }),
      words: z.array(z.string(), { error: 'must be a list of words' }),
      unknownBuckets: count('unknownBuckets', 1 << 16),
    }, { error: 'vocabulary is missing' }),
    weights: z.record(z.string(), tensor, { error: 'weights must be an object of tensors' }),
    optimizer: z.object({
      iterations: count('the Adam step count'),
      accBeta1: product.optional(),
      accBeta2: product.optional(),
      moments: z.array(tensor.extend({ name: z.string({ error: 'name must be a string' }) }), { error: 'moments must be a list' }),
    }, { error: 'optimizer is missing' }),
  });
}

export interface CheckpointHeader<T> {
  config: RunConfig;
  iteration: number;
  vocabulary: Checkpoint['vocabulary'];
  weights: Record<string, T>;
  optimizer: { iterations: number; accBeta1: number; accBeta2: number; moments: Array<T & { name: string }> };
}

/**
 * The plain parts of a stored checkpoint, validated: config through validateConfig, Adam's
 * running products migrated when the file predates them (adamProducts).
 */
export function checkpointHeader<K extends TensorKind>(raw: unknown, kind: K, where: string, prefix = ''): CheckpointHeader<TensorOf<K>> {
  const h = parseOrThrow(headerSchema(kind), raw, where, prefix);
  const config = storedConfig(h.config, where, `${prefix}config`);
  const { accBeta1, accBeta2 } = h.optimizer;
  if ((accBeta1 === undefined) !== (accBeta2 === undefined)) throw new ReadBackError(`${where}: optimizer has one of accBeta1 and accBeta2 but not the other`);
  const products = accBeta1 !== undefined && accBeta2 !== undefined ? { accBeta1, accBeta2 } : adamProducts(h.optimizer.iterations);
  return { ...h, config, optimizer: { ...h.optimizer, ...products } } as unknown as CheckpointHeader<TensorOf<K>>;
}

/** Raw values → float32; every value must be a finite number. */
export function tensorValues(data: ArrayLike<unknown>, what: string, where: string): Float32Array {
  const out = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new ReadBackError(`${where}: ${what} holds ${typeof v === 'number' ? String(v) : JSON.stringify(v) ?? String(v)} at index ${i}; every value must be a finite number`);
    out[i] = v;
  }
  return out;
}

/** Whether every float32 value is finite (for tensors read as bytes). */
export function checkFinite(data: Float32Array, what: string, where: string): void {
  for (let i = 0; i < data.length; i++) {
    if (!Number.isFinite(data[i])) throw new ReadBackError(`${where}: ${what} holds ${data[i]} at index ${i}; every value must be a finite number`);
  }
}

const dims = (s: readonly number[]) => `[${s.join(', ')}]`;

/** The weight a moment belongs to: its name is `<policy>/<weight>/m` (first moments) or `.../v`. */
function momentWeight(name: string): { weight: WeightName; kind: string } | null {
  const m = /(?:^|\/)([A-Za-z]+)\/(m|v)$/.exec(name);
  return m && (WEIGHT_NAMES as readonly string[]).includes(m[1]) ? { weight: m[1] as WeightName, kind: m[2] } : null;
}

function checkMoments(cp: Checkpoint, shapes: Record<WeightName, number[]>, where: string): void {
  const { iterations, moments } = cp.optimizer;
  const maxSteps = cp.iteration * cp.config.miniBatches * cp.config.epochs;
  if (iterations > maxSteps) throw new ReadBackError(`${where}: Adam took ${iterations} steps, more than ${cp.iteration} iterations × ${cp.config.miniBatches} mini-batches × ${cp.config.epochs} epochs allow`);
  if (iterations > 0 && moments.length === 0) throw new ReadBackError(`${where}: Adam took ${iterations} steps but its moments are missing`);
  if (moments.length % 2 !== 0) throw new ReadBackError(`${where}: Adam has ${moments.length} moments; it needs m and v for each trained weight`);
  const half = moments.length / 2;
  moments.forEach((m, i) => {
    const owner = momentWeight(m.name);
    const kind = i < half ? 'm' : 'v';
    if (!owner || owner.kind !== kind) throw new ReadBackError(`${where}: Adam moment ${i + 1} is named "${m.name}"; expected the ${kind} of a weight`);
    const pair = momentWeight(moments[i < half ? i + half : i - half].name);
    if (pair?.weight !== owner.weight) throw new ReadBackError(`${where}: Adam moment "${m.name}" has no matching ${kind === 'm' ? 'v' : 'm'}`);
    const want = shapes[owner.weight];
    if (dims(m.shape) !== dims(want)) throw new ReadBackError(`${where}: Adam moment ${m.name} is ${dims(m.shape)}; weight ${owner.weight} is ${dims(want)}`);
  });
}

/** Shapes against the config and vocabulary, and Adam's state; returns `cp` when it can be trained. */
export function checkCheckpoint(cp: Checkpoint, where: string): Checkpoint {
  const shapes = expectedWeightShapes(cp.config, cp.vocabulary);
  for (const name of WEIGHT_NAMES) {
    const got = cp.weights[name].shape;
    if (dims(got) !== dims(shapes[name])) {
      throw new ReadBackError(`${where}: weight ${name} is ${dims(got)}; the config (hidden ${cp.config.hidden}, hashBuckets ${cp.config.hashBuckets}) and vocabulary need ${dims(shapes[name])}`);
    }
  }
  checkMoments(cp, shapes, where);
  return cp;
}
