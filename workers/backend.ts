/**
 * Picks the tfjs backend inside a worker and reports the one actually in use.
 *
 * `auto` prefers WebGPU on a hardware adapter. When the only WebGPU adapter is a software one
 * (SwiftShader), it trains on wasm instead: measured on a 2-core machine, software WebGPU trains a
 * small model about 13x slower than wasm. A requested backend that is unavailable falls back
 * (webgpu → wasm → cpu) and the returned `notice` says so in plain words.
 *
 * Only tfjs-core and the backends are loaded (no layers, converter or WebGL): each backend is its
 * own chunk, fetched the first time it is tried (wasm too: a webgpu run never loads its 300 kB).
 *
 * wasm threads: where the page is cross-origin isolated (COOP/COEP headers, docs/benchmarks.md has
 * the recipe for static hosts) SharedArrayBuffer exists, and wasm runs the threaded-SIMD binary with
 * `threads` XNNPACK threads (default tfjs's own choice: half the logical cores, 1 to 8, the 8 being
 * the pthreads its binary pre-spawns) when that is more than one. One thread, or a page without
 * isolation, runs the single-threaded SIMD binary. Results per thread count are in
 * docs/benchmarks.md ("wasm threads"); the build keeps the threaded factory's source intact
 * (vite.config.ts), which minification would otherwise break.
 */
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients'; // tfjs-core alone has no gradients
import wasmUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimdUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreadedSimdUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';

import type { BackendName, BackendRequest } from './backend-request';
import { installWasmKernels, ownKernelsActive } from '../src/core/policy/wasm-kernels';

export type { BackendName, BackendRequest } from './backend-request';

export interface AdapterSummary {
  vendor: string;
  architecture: string;
  description: string;
  /** True for a software adapter (SwiftShader or a fallback adapter). */
  software: boolean;
}

export interface BackendInfo {
  backend: BackendName;
  requested: BackendRequest;
  adapter: AdapterSummary | null;
  tfjsVersion: string;
  /** Plain-words explanation when the backend in use is not the one requested. */
  notice: string | null;
  /** wasm: the XNNPACK threads in use (1 without cross-origin isolation); null on other backends. */
  threads: number | null;
  /** Whether the worker is cross-origin isolated (SharedArrayBuffer available). */
  crossOriginIsolated: boolean;
  /** wasm: whose matrix product runs, the project's SIMD kernels (one thread; its segment sum too) or XNNPACK's (threads); null on other backends. */
  matMul: 'rollout-lab' | 'xnnpack' | null;
}

/** The pthreads tfjs-backend-wasm 4.22's threaded binary pre-spawns (PTHREAD_POOL_SIZE). */
export const MAX_WASM_THREADS = 8;

/**
 * Threads the wasm backend will use: 1 without isolation; else `requested` (at most the logical
 * cores and 8), by default half the logical cores as tfjs itself picks (it assumes 2 hardware
 * threads per core).
 */
export function wasmThreads(requested?: number): number {
  if (!self.crossOriginIsolated) return 1;
  const cores = self.navigator.hardwareConcurrency || 1;
  const wanted = requested ?? Math.floor(cores / 2);
  return Math.max(1, Math.min(MAX_WASM_THREADS, cores, Math.floor(wanted)));
}

/**
 * tfjs-backend-wasm 4.22 caps its pool at navigator.hardwareConcurrency / 2 whatever
 * setThreadsCount asks (backend.cc: min(count, 8, cores / 2)), read once when the module starts.
 * For an explicit count above that cap, this worker reports 2 × threads logical cores to it.
 */
function allowWasmThreads(threads: number): void {
  const nav = self.navigator;
  if (Math.floor((nav.hardwareConcurrency || 1) / 2) >= threads) return;
  Object.defineProperty(nav, 'hardwareConcurrency', { value: 2 * threads, configurable: true });
}

type WasmModule = typeof import('@tensorflow/tfjs-backend-wasm');
/** The wasm backend's module once loaded (it registers the backend as it loads). */
let wasmModule: WasmModule | null = null;

async function loadWasm(): Promise<WasmModule> {
  if (wasmModule) return wasmModule;
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths({
    'tfjs-backend-wasm.wasm': wasmUrl,
    'tfjs-backend-wasm-simd.wasm': wasmSimdUrl,
    'tfjs-backend-wasm-threaded-simd.wasm': wasmThreadedSimdUrl,
  });
  return (wasmModule = wasm);
}

async function probeAdapter(): Promise<AdapterSummary | null> {
  const gpu = (self.navigator as Navigator & { gpu?: GPU }).gpu;
  if (!gpu) return null;
  const adapter = await gpu.requestAdapter().catch(() => null);
  if (!adapter) return null;
  const info = adapter.info;
  const text = `${info.vendor} ${info.architecture} ${info.description}`.toLowerCase();
  const fallback = Boolean((info as GPUAdapterInfo & { isFallbackAdapter?: boolean }).isFallbackAdapter);
  return {
    vendor: info.vendor,
    architecture: info.architecture,
    description: info.description,
    software: fallback || text.includes('swiftshader') || text.includes('llvmpipe') || text.includes('lavapipe'),
  };
}

/** Registers a backend's kernels; webgpu registers itself only where navigator.gpu exists. */
const LOADERS: Record<BackendName, () => Promise<unknown>> = {
  webgpu: () => import('@tensorflow/tfjs-backend-webgpu'),
  wasm: loadWasm,
  cpu: () => import('@tensorflow/tfjs-backend-cpu'),
};

async function trySetBackend(name: BackendName, threads: number): Promise<boolean> {
  try {
    await LOADERS[name]();
  } catch {
    return false;
  }
  if (name === 'webgpu') {
    // The default split-K matmul sums with atomics and is not reproducible run to run.
    tf.env().set('WEBGPU_MATMUL_PROGRAM_TYPE', 3);
  }
  if (name === 'wasm') {
    // The threaded-SIMD binary only where more than one thread is asked for: it starts a pool of 8
    // pthread workers as it loads (emscripten's PTHREAD_POOL_SIZE in tfjs 4.22), which one thread
    // never uses. One thread runs the SIMD binary; both give the same bits (tests/browser/threads.test.ts).
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', Boolean(self.crossOriginIsolated) && threads > 1);
    wasmModule!.setThreadsCount(threads);
    allowWasmThreads(threads);
  }
  try {
    const ok = await tf.setBackend(name); // resolves false (does not throw) when unavailable
    await tf.ready();
    if (!ok || tf.getBackend() !== name) return false;
    // The project's matrix product and segment sum in place of tfjs-wasm's on one thread (same floats; a threaded build keeps XNNPACK's pool)
    if (name === 'wasm') await installWasmKernels();
    return true;
  } catch {
    return false;
  }
}

function describeFallback(requested: BackendRequest, adapter: AdapterSummary | null, used: BackendName): string | null {
  if (requested === used) return null;
  if (requested === 'auto') {
    if (used === 'webgpu') return null;
    if (adapter?.software) {
      return `Only a software WebGPU adapter (${adapter.architecture || adapter.description}) was found; training on ${used}, which is much faster here.`;
    }
    return `WebGPU unavailable, training on ${used}`;
  }
  if (requested === 'webgpu') return `WebGPU unavailable, training on ${used}`;
  return `${requested} unavailable, training on ${used}`;
}

/** `threads` (wasm, isolated pages only): XNNPACK threads; default every logical core (≤ 8). */
export async function selectBackend(requested: BackendRequest, threads?: number): Promise<BackendInfo> {
  const adapter = await probeAdapter();
  const order: BackendName[] =
    requested === 'webgpu' ? ['webgpu', 'wasm', 'cpu']
    : requested === 'wasm' ? ['wasm', 'cpu']
    : requested === 'cpu' ? ['cpu']
    : adapter && !adapter.software ? ['webgpu', 'wasm', 'cpu']
    : ['wasm', 'cpu'];
  for (const name of order) {
    if (name === 'webgpu' && !adapter) continue;
    if (await trySetBackend(name, wasmThreads(threads))) {
      return {
        backend: name, requested, adapter, tfjsVersion: tf.version_core, notice: describeFallback(requested, adapter, name),
        threads: name === 'wasm' ? wasmModule!.getThreadsCount() : null, crossOriginIsolated: Boolean(self.crossOriginIsolated),
        matMul: name !== 'wasm' ? null : ownKernelsActive() ? 'rollout-lab' : 'xnnpack',
      };
    }
  }
  throw new Error('No TensorFlow.js backend could be initialised (webgpu, wasm and cpu all failed).');
}

/** A real op on the chosen backend: [[1,2],[3,4]] × [[5,6],[7,8]] = [[19,22],[43,50]]. */
export async function matmulSelfTest(): Promise<{ backend: string; result: number[]; ok: boolean }> {
  const product = tf.tidy(() => tf.matMul(tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[5, 6], [7, 8]])));
  const result = Array.from(await product.data());
  product.dispose();
  const expected = [19, 22, 43, 50];
  return { backend: tf.getBackend(), result, ok: result.every((v, i) => Math.abs(v - expected[i]) < 1e-4) };
}
