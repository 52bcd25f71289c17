/**
 * The project's matrix product on tfjs's wasm backend (the module of wasm-gemm.ts), put in place of
 * tfjs-wasm's `BatchMatMul` and `_FusedMatMul` kernels in tfjs's kernel registry, so every
 * `tf.matMul` and `tf.fused.matMul` on wasm runs it: the network's forward pass, its written-out
 * backward pass and the sampler alike. Same floats as the kernels it replaces, bit for bit.
 *
 * It takes what this project's products are: float32, one matrix per operand (any leading
 * dimensions of size 1), a bias as long as a row of C, linear or relu. Anything else, and every
 * product on a threaded build (XNNPACK spreads those over its thread pool; one thread here), goes to
 * tfjs's own kernel. A transposed B (small weights here) is transposed into a scratch matrix first; a
 * transposed A is read in place.
 */
import * as tf from '@tensorflow/tfjs-core';
import { gemmModuleBytes, kernelName, type GemmInit, type MicroKernel } from './wasm-gemm';

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

interface Installed {
  backend: WasmBackend;
  memory: WasmMemory;
  kernels: Map<string, Gemm>;
}

const KERNEL_NAMES = ['BatchMatMul', '_FusedMatMul'] as const;
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
 * Puts the project's product in place on the active wasm backend. Resolves false, changing nothing,
 * where it does not apply: another backend, a threaded build, or no wasm SIMD.
 */
export async function installWasmMatMul(): Promise<boolean> {
  if (tf.getBackend() !== 'wasm') return false;
  const backend = tf.backend() as unknown as WasmBackend;
  if (installed?.backend === backend) return true;
  const memory = heapMemory(backend);
  if (!memory || (typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer)) return false;
  let instance: { exports: Record<string, unknown> };
  try {
    compiled ??= WebAssemblyApi!.compile(gemmModuleBytes());
    instance = await WebAssemblyApi!.instantiate(await compiled, { env: { memory } });
  } catch {
    compiled = null;
    return false; // no SIMD in this engine
  }
  const kernels = new Map(Object.entries(instance.exports).map(([name, fn]) => [name, fn as Gemm]));
  for (const name of KERNEL_NAMES) {
    if (originals.has(name)) continue;
    const original = tf.getKernel(name, 'wasm');
    if (!original) return false;
    originals.set(name, original);
    tf.unregisterKernel(name, 'wasm');
    tf.registerKernel({
      ...original,
      kernelFunc: (args) => product(args as ProductArgs) ?? original.kernelFunc(args),
    });
  }
  installed = { backend, memory, kernels };
  return true;
}

/** Gives tfjs-wasm its own product kernels back (benchmarks and tests compare the two). */
export function uninstallWasmMatMul(): void {
  for (const [name, config] of originals) {
    tf.unregisterKernel(name, 'wasm');
    tf.registerKernel(config);
  }
  originals.clear();
  installed = null;
}

/**
 * Whether the active backend runs this file's product: then transposed operands are read in place,
 * and a caller should pass transposeA / transposeB rather than write the transpose out (tfjs-wasm's
 * own kernel takes a transposed A 10–25× slower than a plain product).
 */
export function ownMatMulActive(): boolean {
  return installed !== null && tf.getBackend() === 'wasm' && (tf.backend() as unknown) === installed.backend;
}

interface ProductArgs {
  inputs: { a: tf.TensorInfo; b: tf.TensorInfo; bias?: tf.TensorInfo | null; preluActivationWeights?: tf.TensorInfo | null };
  backend: unknown;
  attrs: { transposeA: boolean; transposeB: boolean; activation?: string };
}

const sizeOf = (dims: readonly number[]) => dims.reduce((s, d) => s * d, 1);

/** C = op(A)·op(B) (+ bias) (relu) with this file's kernel, or null where tfjs's own kernel should run. */
function product({ inputs, backend, attrs }: ProductArgs): tf.TensorInfo | null {
  const own = installed;
  if (!own || backend !== own.backend) return null;
  const { a, b, bias, preluActivationWeights } = inputs;
  const activation = attrs.activation ?? 'linear';
  if (a.dtype !== 'float32' || b.dtype !== 'float32' || preluActivationWeights) return null;
  if (activation !== 'linear' && activation !== 'relu') return null;
  const ra = a.shape.length;
  const rb = b.shape.length;
  if (ra < 2 || rb < 2 || sizeOf(a.shape.slice(0, -2)) !== 1 || sizeOf(b.shape.slice(0, -2)) !== 1) return null;
  const [M, K] = attrs.transposeA ? [a.shape[ra - 1], a.shape[ra - 2]] : [a.shape[ra - 2], a.shape[ra - 1]];
  const [Kb, N] = attrs.transposeB ? [b.shape[rb - 1], b.shape[rb - 2]] : [b.shape[rb - 2], b.shape[rb - 1]];
  if (K !== Kb || K === 0 || M === 0 || N === 0) return null; // tfjs's kernel says what is wrong, or fills the empty cases
  if (bias && (bias.dtype !== 'float32' || bias.shape.length !== 1 || bias.shape[0] !== N)) return null;
  const outer = ra >= rb ? a.shape.slice(0, -2) : b.shape.slice(0, -2); // all 1s
  const out = own.backend.makeOutput([...outer, M, N], 'float32');
  const offset = (t: tf.TensorInfo) => own.backend.dataIdMap.get(t.dataId)!.memoryOffset;
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
    transposeA: attrs.transposeA, relu: activation === 'relu',
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
      const fn = own.kernels.get(kernelName({ rows, cols, init, relu, layout: g.transposeA ? 'cols' : 'rows' } satisfies MicroKernel))!;
      fn(a, b, g.c, g.bias, i0, i1, j0, j1, kb, g.aRowStride, g.aColStride, ldb, ldc);
    };
    for (const [cols, j0, j1] of [[8, 0, cols8], [4, cols8, cols4], [1, cols4, g.N]] as const) {
      run(4, cols, 0, rows4, j0, j1);
      run(1, cols, rows4, g.M, j0, j1);
    }
  }
}
