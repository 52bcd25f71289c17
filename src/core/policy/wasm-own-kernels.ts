/**
 * The project's own wasm kernels, which no tfjs op has: what each takes, checks and hands to its
 * WebAssembly function. wasm-kernels.ts compiles the functions with the rest of its module and registers
 * these kernels on the wasm backend while its kernels are in place (`OWN_KERNELS`); callers run them with
 * `tf.engine().runKernel(NAME, inputs, attrs)`. Each gives the floats of the tfjs ops it stands for.
 */
import * as tf from '@tensorflow/tfjs-core';
import { GROUP_FIELDS } from './wasm-gather-dot';

/**
 * A kernel of the project's own (no tfjs op has it): one Adam step of one weight, registered on wasm
 * while the project's kernels are in place. Inputs value, m, v, gradient and the scalars 1 − β₁ᵗ,
 * 1 − β₂ᵗ; attrs beta1, beta2, epsilon, learningRate; outputs [value′, m′, v′] (wasm-adam.ts).
 */
export const ADAM_STEP_KERNEL = 'RolloutLabAdamStep';
/** Another of the project's own: dy · step(y), the relu's backward step (inputs dy, y; wasm-relu-back.ts). */
export const RELU_BACK_KERNEL = 'RolloutLabReluBack';
/**
 * And one more: out[s] = 0 + Σ weights[e]·data[indices[e]] over the entries e of segment s, in entry order
 * (wasm-segment-sum.ts's weighted form): inputs data [rows of data, cols] float32, indices and segmentIds
 * int32 [E] (segment ids non-decreasing, below `rows`), weights float32 [E]; attr rows; output [rows, cols],
 * rows no entry names are 0. A product S·data for a sparse S, as gradients.ts's output layer uses it.
 */
export const WEIGHTED_SEGMENT_SUM_KERNEL = 'RolloutLabWeightedSegmentSum';
/**
 * And one more: chosen entries of a product, out[e] = bias[v] + Σ_d a[n, d]·B[d, v] for the pairs (n, v) of
 * `groups` (int32 [G, 7] records, wasm-gather-dot.ts), summed as the matrix product sums them: inputs a [N, D],
 * b = Bᵀ [V, D], bias [V] float32 and groups; attr entries; output [entries] (model.ts's allowed logits).
 */
export const GATHER_DOT_KERNEL = 'RolloutLabGatherDot';

type AdamStep = (value: number, m: number, v: number, g: number, outValue: number, outM: number, outV: number, n: number,
  beta1: number, beta2: number, oneMinusBeta1: number, oneMinusBeta2: number, oneMinusAccBeta1: number, oneMinusAccBeta2: number,
  epsilon: number, negLr: number) => void;
type ReluBack = (dy: number, y: number, out: number, n: number) => void;
type WeightedSegmentSum = (data: number, indices: number, segments: number, out: number, entries: number, cols: number, weights: number) => void;
type GatherDot = (a: number, b: number, bias: number, groups: number, out: number, count: number, D: number, V: number) => void;

/** What these kernels use of the installed module: the backend's heap and outputs, and the four functions. */
export interface OwnHeap {
  backend: {
    dataIdMap: { get(dataId: object): { memoryOffset: number } | undefined };
    makeOutput(shape: number[], dtype: 'float32'): tf.TensorInfo;
  };
  memory: { readonly buffer: ArrayBufferLike };
  adamStep: AdamStep;
  reluBack: ReluBack;
  weightedSegmentSum: WeightedSegmentSum;
  gatherDot: GatherDot;
}

/** A kernel's inputs by name and its attributes, as tfjs hands them over. */
interface OwnKernelArgs<Inputs extends string, Attrs> {
  inputs: Record<Inputs, tf.TensorInfo>;
  attrs: Attrs;
}

/** Where a tensor's data starts on the backend's heap, in bytes. */
export const heapOffset = (own: OwnHeap, t: tf.TensorInfo) => own.backend.dataIdMap.get(t.dataId)!.memoryOffset;

/**
 * A segment sum's int32 indices and segment ids [entries] read on the heap: the last segment id (−1 with no
 * entries), or the first entry whose index is outside the data's rows or whose segment id falls below the one
 * before it or is not below `rows`.
 */
export function checkSegments(
  own: OwnHeap, indices: tf.TensorInfo, segmentIds: tf.TensorInfo, entries: number, dataRows: number, rows = Infinity,
): { last: number } | { problem: string } {
  const ints = new Int32Array(own.memory.buffer);
  const idx = heapOffset(own, indices) >> 2;
  const seg = heapOffset(own, segmentIds) >> 2;
  let previous = entries > 0 ? 0 : -1;
  for (let e = 0; e < entries; e++) {
    const i = ints[idx + e];
    const s = ints[seg + e];
    if (i < 0 || i >= dataRows) return { problem: `index ${i} of entry ${e} is outside the data's ${dataRows} rows` };
    if (s < previous || s >= rows) return { problem: `segment id ${s} of entry ${e} is out of order or not below ${rows}` };
    previous = s;
  }
  return { last: previous };
}

type AdamArgs = OwnKernelArgs<'value' | 'm' | 'v' | 'gradient' | 'oneMinusAccBeta1' | 'oneMinusAccBeta2', { beta1: number; beta2: number; epsilon: number; learningRate: number }>;

/** [value′, m′, v′] of one Adam step (wasm-adam.ts). */
function adamStep(own: OwnHeap, { inputs, attrs }: AdamArgs): tf.TensorInfo[] {
  const { value, m, v, gradient, oneMinusAccBeta1, oneMinusAccBeta2 } = inputs;
  const n = tf.util.sizeFromShape(value.shape);
  for (const t of [value, m, v, gradient]) {
    if (t.dtype !== 'float32' || tf.util.sizeFromShape(t.shape) !== n) throw new Error(`${ADAM_STEP_KERNEL}: value, moments and gradient must be float32 of one size`);
  }
  const offset = (t: tf.TensorInfo) => heapOffset(own, t);
  const outs = [value, m, v].map((t) => own.backend.makeOutput([...t.shape], 'float32'));
  const heap = new Float32Array(own.memory.buffer);
  const { beta1, beta2, epsilon, learningRate } = attrs;
  // numbers become float32 as they enter (f32 parameters), as tfjs's scalar tensors of them do
  own.adamStep(
    offset(value), offset(m), offset(v), offset(gradient), offset(outs[0]), offset(outs[1]), offset(outs[2]), n,
    beta1, beta2, 1 - beta1, 1 - beta2, heap[offset(oneMinusAccBeta1) >> 2], heap[offset(oneMinusAccBeta2) >> 2], epsilon, -learningRate,
  );
  return outs;
}

type ReluBackArgs = OwnKernelArgs<'dy' | 'y', object>;

/** A function that throws `what`, named by the kernel that refuses its input. */
const failing = (kernel: string) => (what: string): never => {
  throw new Error(`${kernel}: ${what}`);
};

/** dy · step(y) (wasm-relu-back.ts). */
function reluBack(own: OwnHeap, { inputs }: ReluBackArgs): tf.TensorInfo {
  const { dy, y } = inputs;
  const n = tf.util.sizeFromShape(dy.shape);
  if (dy.dtype !== 'float32' || y.dtype !== 'float32' || tf.util.sizeFromShape(y.shape) !== n) throw new Error(`${RELU_BACK_KERNEL}: dy and y must be float32 of one size`);
  const offset = (t: tf.TensorInfo) => heapOffset(own, t);
  const out = own.backend.makeOutput([...dy.shape], 'float32');
  own.reluBack(offset(dy), offset(y), offset(out), n);
  return out;
}

type WeightedSegmentSumArgs = OwnKernelArgs<'data' | 'indices' | 'segmentIds' | 'weights', { rows: number }>;

/** Σ weights[e]·data[indices[e]] per segment (wasm-segment-sum.ts's weighted form); throws on input it cannot take. */
function weightedSegmentSum(own: OwnHeap, { inputs, attrs }: WeightedSegmentSumArgs): tf.TensorInfo {
  const { data, indices, segmentIds, weights } = inputs;
  const { rows } = attrs;
  const entries = indices.shape[0] ?? 0;
  const fail = failing(WEIGHTED_SEGMENT_SUM_KERNEL);
  if (data.dtype !== 'float32' || data.shape.length !== 2 || weights.dtype !== 'float32') fail('data must be float32 [rows, cols] and weights float32');
  if (indices.dtype !== 'int32' || segmentIds.dtype !== 'int32') fail('indices and segment ids must be int32');
  if (indices.shape.length !== 1 || segmentIds.shape.length !== 1 || weights.shape.length !== 1 || segmentIds.shape[0] !== entries || weights.shape[0] !== entries) {
    fail('indices, segment ids and weights must be [E] each');
  }
  if (!Number.isInteger(rows) || rows < 0) fail(`rows must be a count, got ${rows}`);
  const [dataRows, cols] = data.shape;
  const offset = (t: tf.TensorInfo) => heapOffset(own, t);
  const checked = checkSegments(own, indices, segmentIds, entries, dataRows, rows);
  if ('problem' in checked) fail(checked.problem);
  const out = own.backend.makeOutput([rows, cols], 'float32');
  const at = offset(out);
  new Float32Array(own.memory.buffer, at, rows * cols).fill(0); // rows no entry names; the kernel writes the rest
  if (entries > 0 && cols > 0) own.weightedSegmentSum(offset(data), offset(indices), offset(segmentIds), at, entries, cols, offset(weights));
  return out;
}

type GatherDotArgs = OwnKernelArgs<'a' | 'b' | 'bias' | 'groups', { entries: number }>;

/** bias[v] + Σ_d a[n, d]·b[d, v] for the pairs of `groups` (wasm-gather-dot.ts); throws on input it cannot take. */
function gatherDot(own: OwnHeap, { inputs, attrs }: GatherDotArgs): tf.TensorInfo {
  const { a, b, bias, groups } = inputs;
  const { entries } = attrs;
  const fail = failing(GATHER_DOT_KERNEL);
  if (a.dtype !== 'float32' || b.dtype !== 'float32' || bias.dtype !== 'float32' || a.shape.length !== 2 || b.shape.length !== 2) fail('a and b must be float32 matrices, bias float32');
  const [N, D] = a.shape;
  const V = b.shape[0]; // b is the product's right operand transposed, [V, D]
  if (b.shape[1] !== D || bias.shape.length !== 1 || bias.shape[0] !== V) fail(`shapes a [${a.shape}], bᵀ [${b.shape}], bias [${bias.shape}] do not fit`);
  if (groups.dtype !== 'int32' || groups.shape.length !== 2 || groups.shape[1] !== GROUP_FIELDS) fail(`groups must be int32 [G, ${GROUP_FIELDS}]`);
  const G = groups.shape[0];
  const offset = (t: tf.TensorInfo) => heapOffset(own, t);
  const ints = new Int32Array(own.memory.buffer, offset(groups), G * GROUP_FIELDS);
  for (let g = 0, r = 0; g < G; g++, r += GROUP_FIELDS) { // record g: ints[r], …, ints[r + 6]
    const n = ints[r];
    const first = ints[r + 5];
    const lanes = ints[r + 6];
    if (!(n >= 0 && n < N)) fail(`group ${g}: row ${n} is outside a's ${N} rows`);
    for (let i = 1; i <= 4; i++) if (!(ints[r + i] >= 0 && ints[r + i] < V)) fail(`group ${g}: column ${ints[r + i]} is outside the product's ${V} columns`);
    if (!(lanes >= 1 && lanes <= 4 && first >= 0 && first + lanes <= entries)) fail(`group ${g}: entries ${first}…${first + lanes - 1} are outside the ${entries} asked for`);
  }
  const out = own.backend.makeOutput([entries], 'float32');
  if (G > 0) own.gatherDot(offset(a), offset(b), offset(bias), offset(groups), offset(out), G, D, V);
  return out;
}

/** Each of the project's own kernels by name, run on the installed module. */
export const OWN_KERNELS: Record<string, (own: OwnHeap, args: never) => tf.TensorInfo | tf.TensorInfo[]> = {
  [ADAM_STEP_KERNEL]: adamStep,
  [RELU_BACK_KERNEL]: reluBack,
  [WEIGHTED_SEGMENT_SUM_KERNEL]: weightedSegmentSum,
  [GATHER_DOT_KERNEL]: gatherDot,
};
