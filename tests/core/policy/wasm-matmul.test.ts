import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import fc from 'fast-check';
import { installWasmMatMul, ownMatMulActive, uninstallWasmMatMul } from '../../../src/core/policy/wasm-matmul';
import { gemmModuleBytes, MICRO_KERNELS, kernelName } from '../../../src/core/policy/wasm-gemm';
import { Trainer } from '../../../src/core/train';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from '../train/small-config';

// The project's wasm matrix product (wasm-matmul.ts) replaces tfjs-wasm's BatchMatMul and _FusedMatMul.
// It must give tfjs's own floats bit for bit, or every recorded run and shipped result would stop being
// what this code trains.

const bits = (x: ArrayLike<number>) => Array.from(new Uint32Array(Float32Array.from(x).buffer));

interface Product { M: number; K: number; N: number; transposeA: boolean; transposeB: boolean; bias: boolean; relu: boolean; seed: number }

function operands(p: Product) {
  const a = tf.randomNormal(p.transposeA ? [p.K, p.M] : [p.M, p.K], 0, 1, 'float32', p.seed) as tf.Tensor2D;
  const b = tf.randomNormal(p.transposeB ? [p.N, p.K] : [p.K, p.N], 0, 1, 'float32', p.seed + 1) as tf.Tensor2D;
  const bias = tf.randomNormal([p.N], 0, 1, 'float32', p.seed + 2) as tf.Tensor1D;
  return { a, b, bias };
}

/** The product as the model and gradients.ts ask for it: transposes as flags. */
function asked(p: Product, { a, b, bias }: ReturnType<typeof operands>): tf.Tensor {
  if (!p.bias && !p.relu) return tf.matMul(a, b, p.transposeA, p.transposeB);
  return tf.fused.matMul({ a, b, transposeA: p.transposeA, transposeB: p.transposeB, bias: p.bias ? bias : undefined, activation: p.relu ? 'relu' : 'linear' });
}

/** tfjs-wasm's own kernel with the transposes written out (what gradients.ts ran before). */
function tfjsOwn(p: Product, { a, b, bias }: ReturnType<typeof operands>): tf.Tensor {
  const at = p.transposeA ? tf.transpose(a) as tf.Tensor2D : a;
  const bt = p.transposeB ? tf.transpose(b) as tf.Tensor2D : b;
  if (!p.bias && !p.relu) return tf.matMul(at, bt);
  return tf.fused.matMul({ a: at, b: bt, bias: p.bias ? bias : undefined, activation: p.relu ? 'relu' : 'linear' });
}

/** The documented order, in plain JavaScript: bias (or 0), then + round(a·b) for k = 0, 1, …, rounded to float32 each step. */
function reference(p: Product, a: Float32Array, b: Float32Array, bias: Float32Array): Float32Array {
  const out = new Float32Array(p.M * p.N);
  for (let i = 0; i < p.M; i++) {
    for (let j = 0; j < p.N; j++) {
      let s = p.bias ? bias[j] : 0;
      for (let k = 0; k < p.K; k++) {
        const x = p.transposeA ? a[k * p.M + i] : a[i * p.K + k];
        const y = p.transposeB ? b[j * p.K + k] : b[k * p.N + j];
        s = Math.fround(s + Math.fround(x * y));
      }
      out[i * p.N + j] = p.relu ? Math.max(0, s) : s;
    }
  }
  return out;
}

const product = fc.record({
  M: fc.integer({ min: 1, max: 19 }), K: fc.integer({ min: 1, max: 300 }), N: fc.integer({ min: 1, max: 21 }),
  transposeA: fc.boolean(), transposeB: fc.boolean(), bias: fc.boolean(), relu: fc.boolean(), seed: fc.integer({ min: 0, max: 10_000 }),
});

describe('the project\'s wasm matrix product', () => {
  beforeAll(async () => {
    await tf.setBackend('wasm');
    expect(await installWasmMatMul()).toBe(true);
  });
  afterAll(async () => {
    uninstallWasmMatMul();
    await tf.setBackend('cpu');
  });

  it('is a valid module with one export per micro-kernel', () => {
    const bytes = gemmModuleBytes();
    expect(WebAssembly.validate(bytes)).toBe(true);
    const names = WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name);
    expect(names).toEqual(MICRO_KERNELS.map(kernelName));
    expect(new Set(names).size).toBe(names.length);
    expect(WebAssembly.validate(gemmModuleBytes(true))).toBe(true); // the shared-memory import of a threaded build
  });

  it('sums in the documented order: equals a float32 reference term by term, for every transpose, bias and relu', () => {
    fc.assert(fc.property(product, (p) => {
      tf.tidy(() => {
        const ops = operands(p);
        const got = asked(p, ops);
        expect(got.shape).toEqual([p.M, p.N]);
        expect(bits(got.dataSync())).toEqual(bits(reference(p, ops.a.dataSync() as Float32Array, ops.b.dataSync() as Float32Array, ops.bias.dataSync() as Float32Array)));
      });
    }), { numRuns: 120 });
  });

  it('gives tfjs-wasm\'s own floats, bit for bit, on the model\'s shapes and on random ones', async () => {
    const shapes: Product[] = [
      { M: 300, K: 128, N: 128, transposeA: false, transposeB: false, bias: true, relu: true, seed: 1 }, // h₂ = relu(h·W_hid + b)
      { M: 300, K: 128, N: 124, transposeA: false, transposeB: false, bias: true, relu: false, seed: 2 }, // logits
      { M: 300, K: 124, N: 128, transposeA: false, transposeB: true, bias: false, relu: false, seed: 3 }, // dz·W_outᵀ
      { M: 128, K: 700, N: 124, transposeA: true, transposeB: false, bias: false, relu: false, seed: 4 }, // h₂ᵀ·dz: k in three blocks
      { M: 9, K: 600, N: 7, transposeA: true, transposeB: true, bias: true, relu: true, seed: 5 }, // relu after the last block only
    ];
    const cases = [...shapes, ...fc.sample(product, { numRuns: 60, seed: 7 })];
    const run = (f: typeof asked) => cases.map((p) => tf.tidy(() => Array.from(f(p, operands(p)).dataSync())));
    expect(ownMatMulActive()).toBe(true);
    const ours = run(asked);
    uninstallWasmMatMul();
    expect(ownMatMulActive()).toBe(false);
    const theirs = run(tfjsOwn);
    expect(await installWasmMatMul()).toBe(true);
    cases.forEach((p, i) => expect(bits(ours[i]), JSON.stringify(p)).toEqual(bits(theirs[i])));
  });

  it('hands what it does not take to tfjs\'s kernel (a batch of matrices), and leaves no tensor or heap block behind', () => {
    tf.tidy(() => {
      const a = tf.randomNormal([3, 4, 5], 0, 1, 'float32', 1) as tf.Tensor3D;
      const b = tf.randomNormal([3, 5, 2], 0, 1, 'float32', 2) as tf.Tensor3D;
      const batched = tf.matMul(a, b);
      expect(batched.shape).toEqual([3, 4, 2]);
      for (let n = 0; n < 3; n++) {
        const one = tf.matMul(a.slice([n, 0, 0], [1, 4, 5]).reshape([4, 5]) as tf.Tensor2D, b.slice([n, 0, 0], [1, 5, 2]).reshape([5, 2]) as tf.Tensor2D);
        expect(bits(batched.slice([n, 0, 0], [1, 4, 2]).dataSync())).toEqual(bits(one.dataSync()));
      }
    });
    const p: Product = { M: 40, K: 33, N: 17, transposeA: true, transposeB: true, bias: true, relu: true, seed: 9 };
    const ops = operands(p);
    asked(p, ops).dispose(); // the first call may grow the heap
    const tensors = tf.memory().numTensors;
    const dataIds = tf.engine().backend.numDataIds();
    for (let i = 0; i < 5; i++) asked(p, ops).dispose();
    expect(tf.memory().numTensors).toBe(tensors);
    expect(tf.engine().backend.numDataIds()).toBe(dataIds); // the transposed-B scratch is freed
    tf.dispose(Object.values(ops));
  });

  it('trains exactly as tfjs-wasm\'s own kernels do: the same metrics and weights after three iterations', async () => {
    const train = async () => {
      const t = await Trainer.create(smallConfig({ seed: 5, lr: 0.01 }), { env: buttonEnv({ walk: true }) });
      const metrics = [];
      for (let i = 0; i < 3; i++) {
        const { timing: _t, tokensPerSecond: _s, ...rest } = (await t.runIteration()).metrics;
        metrics.push(rest);
      }
      const weights = await t.policy.getWeights();
      t.dispose();
      return { metrics, weights: Object.fromEntries(Object.entries(weights).map(([k, w]) => [k, bits(w.data)])) };
    };
    const ours = await train();
    uninstallWasmMatMul();
    const theirs = await train();
    expect(await installWasmMatMul()).toBe(true);
    expect(ours.metrics).toEqual(theirs.metrics);
    expect(ours.weights).toEqual(theirs.weights);
  });

  it('is not put in place on the cpu backend', async () => {
    await tf.setBackend('cpu');
    expect(await installWasmMatMul()).toBe(false);
    expect(ownMatMulActive()).toBe(false);
    await tf.setBackend('wasm');
    expect(ownMatMulActive()).toBe(true);
  });
});
