/**
 * The project's kernels on tfjs's wasm backend, put in place of tfjs-wasm's own in tfjs's kernel
 * registry: the matrix product (wasm-gemm.ts) for `BatchMatMul` and `_FusedMatMul`, so every
 * `tf.matMul` and `tf.fused.matMul` on wasm runs it (the forward pass, the written-out backward pass
 * and the sampler alike), and the segment sum (wasm-segment-sum.ts) for `SparseSegmentSum` (sparse.ts's
 * embedding bags). One WebAssembly module holds both, on the backend's own heap. Same floats as the
 * kernels they replace, bit for bit.
 *
 * They take what this project asks for: float32, one matrix per operand (any leading dimensions of
 * size 1), a bias as long as a row of C, linear or relu; segment ids in order and indices in range.
 * Anything else goes to tfjs's own kernel (which then says what is wrong), and nothing is replaced on
 * a threaded build (XNNPACK spreads products over its thread pool; these run on one thread). A
 * transposed B (small weights here) is transposed into a scratch matrix first; a transposed A is read
 * in place. The project's own kernels (wasm-own-kernels.ts) come from the same module and are registered
 * with these.
 */
import * as tf from '@tensorflow/tfjs-core';
import { moduleBytes } from './wasm-emit';
import { gemmFunctions, kernelName, MICRO_KERNELS, type GemmInit, type MicroKernel } from './wasm-gemm';
import { SEGMENT_SUM, segmentSumFunction, WEIGHTED_SEGMENT_SUM } from './wasm-segment-sum';
import { ADAM_STEP, adamFunction } from './wasm-adam';
import { RELU_BACK, reluBackFunction } from './wasm-relu-back';
import { GATHER_DOT, gatherDotFunction } from './wasm-gather-dot';
import { checkSegments, heapOffset, OWN_KERNELS, type OwnHeap } from './wasm-own-kernels';

/** The part of the WebAssembly API used here (src/core compiles without DOM or Node types; workers and Node have it). */
interface WasmMemory { readonly buffer: ArrayBufferLike }
interface WasmApi {
  Memory: abstract new (...args: never[]) => WasmMemory;
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<{ exports: Record<string, unknown> }>;
}
const WebAssemblyApi = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

/** What this file reads of tfjs-backend-wasm's BackendWasm (4.22). */
interface WasmBackend {
  wasm: { asm?: { memory?: unknown }; wasmMemory?: unknown };
  dataIdMap: { get(dataId: object): { memoryOffset: number } | undefined };
  makeOutput(shape: number[], dtype: 'float32'): tf.TensorInfo;
  disposeData(dataId: object): boolean;
}

type Gemm = (a: number, b: number, c: number, bias: number, i0: number, i1: number, j0: number, j1: number,
  K: number, aRowStride: number, aColStride: number, ldb: number, ldc: number) => void;
type SegmentSum = (data: number, indices: number, segments: number, out: number, entries: number, cols: number) => void;
interface Installed extends OwnHeap {
  backend: WasmBackend;
  memory: WasmMemory;
  gemms: Map<string, Gemm>;
  segmentSum: SegmentSum;
}

/** Each replaced kernel and what runs in its place (null: hand it to tfjs's own). */
const REPLACED: Record<string, (own: Installed, args: KernelArgs) => tf.TensorInfo | null> = {
  BatchMatMul: product,
  _FusedMatMul: product,
  SparseSegmentSum: segmentSum,
};
/** Terms of k summed per pass over C: a block of A's columns stays in cache across B's column panels. */
const K_BLOCK = 256;

let installed: Installed | null = null;
/** The module, compiled once: its instances share V8's optimized code. */
let compiled: Promise<object> | null = null;
/** tfjs-wasm's own kernels, as registered before this file replaced them. */
const originals = new Map<string, tf.KernelConfig>();

function heapMemory(backend: WasmBackend): WasmMemory | null {
  const memory = backend.wasm?.asm?.memory ?? backend.wasm?.wasmMemory;
  return WebAssemblyApi && memory instanceof WebAssemblyApi.Memory ? memory : null;
}

/**
 * Puts the project's kernels in place on the active wasm backend. Resolves false, changing nothing,
 * where they do not apply: another backend, a threaded build, or no wasm SIMD.
 */
export async function installWasmKernels(): Promise<boolean> {
  if (tf.getBackend() !== 'wasm') return false;
  const backend = tf.backend() as unknown as WasmBackend;
  if (installed?.backend === backend) return true;
  const memory = heapMemory(backend);
  if (!memory || (typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer)) return false;
  let instance: { exports: Record<string, unknown> };
  try {
    compiled ??= WebAssemblyApi!.compile(moduleBytes([...gemmFunctions(), segmentSumFunction(), adamFunction(), reluBackFunction(), segmentSumFunction(true), gatherDotFunction()]));
    instance = await WebAssemblyApi!.instantiate(await compiled, { env: { memory } });
  } catch {
    compiled = null;
    return false; // no SIMD in this engine
  }
  const gemms = new Map(MICRO_KERNELS.map((k) => [kernelName(k), instance.exports[kernelName(k)] as Gemm]));
  for (const [name, run] of Object.entries(REPLACED)) {
    if (originals.has(name)) continue;
    const original = tf.getKernel(name, 'wasm');
    if (!original) return false;
    originals.set(name, original);
    tf.unregisterKernel(name, 'wasm');
    tf.registerKernel({
      ...original,
      kernelFunc: (args) => {
        const own = installed;
        const out = own && args.backend === own.backend ? run(own, args as unknown as KernelArgs) : null;
        return out ?? original.kernelFunc(args);
      },
    });
  }
  for (const [name, run] of Object.entries(OWN_KERNELS)) {
    if (!tf.getKernel(name, 'wasm')) tf.registerKernel({ kernelName: name, backendName: 'wasm', kernelFunc: (args) => run(ownOn(args.backend, name), args as never) });
  }
  installed = {
    backend, memory, gemms, segmentSum: instance.exports[SEGMENT_SUM] as SegmentSum, adamStep: instance.exports[ADAM_STEP] as OwnHeap['adamStep'],
    reluBack: instance.exports[RELU_BACK] as OwnHeap['reluBack'], weightedSegmentSum: instance.exports[WEIGHTED_SEGMENT_SUM] as OwnHeap['weightedSegmentSum'],
    gatherDot: instance.exports[GATHER_DOT] as OwnHeap['gatherDot'],
  };
  return true;
}

/** Gives tfjs-wasm its own kernels back (benchmarks and tests compare the two). */
export function uninstallWasmKernels(): void {
  for (const [name, config] of originals) {
    tf.unregisterKernel(name, 'wasm');
    tf.registerKernel(config);
  }
  originals.clear();
  for (const name of Object.keys(OWN_KERNELS)) if (tf.getKernel(name, 'wasm')) tf.unregisterKernel(name, 'wasm');
  installed = null;
}

/**
 * Whether the active backend runs this file's kernels. Then transposed operands are read in place, and
 * a caller should pass transposeA / transposeB rather than write the transpose out (tfjs-wasm's own
 * kernel takes a transposed A 10–25× slower than a plain product); and the project's own kernels
 * (ADAM_STEP_KERNEL, RELU_BACK_KERNEL) are registered.
 */
export function ownKernelsActive(): boolean {
  return installed !== null && tf.getBackend() === 'wasm' && (tf.backend() as unknown) === installed.backend;
}

interface KernelArgs {
  inputs: Record<string, tf.TensorInfo | null | undefined>;
  backend: unknown;
  attrs: { transposeA?: boolean; transposeB?: boolean; activation?: string };
}

/** C = op(A)·op(B) (+ bias) (relu) with this file's kernel, or null where tfjs's own kernel should run. */
function product(own: Installed, { inputs, attrs }: KernelArgs): tf.TensorInfo | null {
  const { a, b, bias, preluActivationWeights } = inputs;
  if (!a || !b) return null;
  const activation = attrs.activation ?? 'linear';
  if (a.dtype !== 'float32' || b.dtype !== 'float32' || preluActivationWeights) return null;
  if (activation !== 'linear' && activation !== 'relu') return null;
  const ra = a.shape.length;
  const rb = b.shape.length;
  if (ra < 2 || rb < 2 || tf.util.sizeFromShape(a.shape.slice(0, -2)) !== 1 || tf.util.sizeFromShape(b.shape.slice(0, -2)) !== 1) return null;
  const [M, K] = attrs.transposeA ? [a.shape[ra - 1], a.shape[ra - 2]] : [a.shape[ra - 2], a.shape[ra - 1]];
  const [Kb, N] = attrs.transposeB ? [b.shape[rb - 1], b.shape[rb - 2]] : [b.shape[rb - 2], b.shape[rb - 1]];
  if (K !== Kb || K === 0 || M === 0 || N === 0) return null; // tfjs's kernel says what is wrong, or fills the empty cases
  if (bias && (bias.dtype !== 'float32' || bias.shape.length !== 1 || bias.shape[0] !== N)) return null;
  const outer = ra >= rb ? a.shape.slice(0, -2) : b.shape.slice(0, -2); // all 1s
  const out = own.backend.makeOutput([...outer, M, N], 'float32');
  const offset = (t: tf.TensorInfo) => heapOffset(own, t);
  let scratch: tf.TensorInfo | null = null;
  if (attrs.transposeB) {
    scratch = own.backend.makeOutput([K, N], 'float32');
    const heap = new Float32Array(own.memory.buffer);
    const src = offset(b) >> 2;
    const dst = offset(scratch) >> 2;
    for (let j = 0; j < N; j++) for (let k = 0; k < K; k++) heap[dst + k * N + j] = heap[src + j * K + k];
  }
  gemm(own, {
    a: offset(a), b: offset(scratch ?? b), c: offset(out), bias: bias ? offset(bias) : 0,
    M, N, K, aRowStride: attrs.transposeA ? 4 : 4 * K, aColStride: attrs.transposeA ? 4 * M : 4,
    transposeA: Boolean(attrs.transposeA), relu: activation === 'relu',
  });
  if (scratch) own.backend.disposeData(scratch.dataId);
  return out;
}

interface GemmCall {
  a: number; b: number; c: number; bias: number;
  M: number; N: number; K: number; aRowStride: number; aColStride: number;
  transposeA: boolean; relu: boolean;
}

/** Runs the micro-kernels over C: 4-row tiles then single rows, 8 then 4 then single columns, k in blocks. */
function gemm(own: Installed, g: GemmCall): void {
  const rows4 = g.M - (g.M % 4);
  const cols8 = g.N - (g.N % 8);
  const cols4 = g.N - (g.N % 4);
  const ldb = 4 * g.N;
  const ldc = 4 * g.N;
  for (let k0 = 0; k0 < g.K; k0 += K_BLOCK) {
    const kb = Math.min(K_BLOCK, g.K - k0);
    const init: GemmInit = k0 > 0 ? 'c' : g.bias ? 'bias' : 'zero';
    const relu = g.relu && k0 + kb === g.K;
    const a = g.a + k0 * g.aColStride;
    const b = g.b + k0 * ldb;
    const run = (rows: number, cols: number, i0: number, i1: number, j0: number, j1: number) => {
      if (i1 <= i0 || j1 <= j0) return;
      const fn = own.gemms.get(kernelName({ rows, cols, init, relu, layout: g.transposeA ? 'cols' : 'rows' } satisfies MicroKernel))!;
      fn(a, b, g.c, g.bias, i0, i1, j0, j1, kb, g.aRowStride, g.aColStride, ldb, ldc);
    };
    for (const [cols, j0, j1] of [[8, 0, cols8], [4, cols8, cols4], [1, cols4, g.N]] as const) {
      run(4, cols, 0, rows4, j0, j1);
      run(1, cols, rows4, g.M, j0, j1);
    }
  }
}

/** out[s] = Σ data[indices[e]] over the entries e of segment s, in entry order; null where tfjs's kernel should run (and say what is wrong). */
function segmentSum(own: Installed, { inputs }: KernelArgs): tf.TensorInfo | null {
  const { data, indices, segmentIds } = inputs;
  if (!data || !indices || !segmentIds || data.dtype !== 'float32' || indices.dtype !== 'int32' || segmentIds.dtype !== 'int32') return null;
  const entries = indices.shape[0];
  if (data.shape.length < 1 || indices.shape.length !== 1 || segmentIds.shape.length !== 1 || segmentIds.shape[0] !== entries || entries === 0) return null;
  const dataRows = data.shape[0];
  const cols = tf.util.sizeFromShape(data.shape.slice(1));
  const offset = (t: tf.TensorInfo) => heapOffset(own, t);
  const checked = checkSegments(own, indices, segmentIds, entries, dataRows);
  if ('problem' in checked) return null;
  const rows = checked.last + 1; // tfjs: one past the last segment id
  const out = own.backend.makeOutput([rows, ...data.shape.slice(1)], 'float32');
  const at = offset(out);
  new Float32Array(own.memory.buffer, at, rows * cols).fill(0); // rows no segment names; the kernel writes the rest
  if (cols > 0) own.segmentSum(offset(data), offset(indices), offset(segmentIds), at, entries, cols);
  return out;
}

/** This file's kernels on `backend`, or an error naming the kernel that was asked for elsewhere. */
function ownOn(backend: unknown, kernel: string): Installed {
  const own = installed;
  if (!own || backend !== own.backend) throw new Error(`${kernel} runs only where the project's wasm kernels are in place`);
  return own;
}
