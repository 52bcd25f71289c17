import { afterAll, beforeAll, expect } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { installWasmKernels, uninstallWasmKernels } from '../../../src/core/policy/wasm-kernels';

/** Inside a describe: the wasm backend with the project's kernels in place for its tests, tfjs's own kernels and cpu after. */
export function withWasmKernels(): void {
  beforeAll(async () => {
    await tf.setBackend('wasm');
    expect(await installWasmKernels()).toBe(true);
  });
  afterAll(async () => {
    uninstallWasmKernels();
    await tf.setBackend('cpu');
  });
}
