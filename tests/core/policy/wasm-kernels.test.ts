import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { withWasmKernels } from './wasm-kernels-hooks';
import fc from 'fast-check';
import { installWasmKernels, ownKernelsActive, uninstallWasmKernels } from '../../../src/core/policy/wasm-kernels';
import { GATHER_DOT_KERNEL, RELU_BACK_KERNEL, WEIGHTED_SEGMENT_SUM_KERNEL } from '../../../src/core/policy/wasm-own-kernels';
import { GATHER_DOT, gatherDotFunction } from '../../../src/core/policy/wasm-gather-dot';
import { moduleBytes } from '../../../src/core/policy/wasm-emit';
import { gemmFunctions, MICRO_KERNELS, kernelName } from '../../../src/core/policy/wasm-gemm';
import { SEGMENT_SUM, segmentSumFunction, WEIGHTED_SEGMENT_SUM } from '../../../src/core/policy/wasm-segment-sum';
import { outputProducts, transposedLeft } from '../../../src/core/policy/gradients';
import { allowedSlots } from '../../../src/core/policy/batch';
import { ADAM_STEP, adamFunction } from '../../../src/core/policy/wasm-adam';
import { RELU_BACK, reluBackFunction } from '../../../src/core/policy/wasm-relu-back';
import { Trainer } from '../../../src/core/train';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from '../train/small-config';

// The project's wasm kernels (wasm-kernels.ts) replace tfjs-wasm's BatchMatMul, _FusedMatMul and
// SparseSegmentSum. They must give tfjs's own floats bit for bit, or every recorded run and shipped result
// would stop being what this code trains.

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

const functions = () => [...gemmFunctions(), segmentSumFunction(), adamFunction(), reluBackFunction(), segmentSumFunction(true), gatherDotFunction()];

describe('the project\'s wasm matrix product', () => {
  withWasmKernels();

  it('is a valid module with one export per micro-kernel, the segment sum, the Adam step, the relu\'s backward step, the weighted segment sum and the gathered dot products', () => {
    const bytes = moduleBytes(functions());
    expect(WebAssembly.validate(bytes)).toBe(true);
    const names = WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name);
    expect(names).toEqual([...MICRO_KERNELS.map(kernelName), SEGMENT_SUM, ADAM_STEP, RELU_BACK, WEIGHTED_SEGMENT_SUM, GATHER_DOT]);
    expect(new Set(names).size).toBe(names.length);
    expect(WebAssembly.validate(moduleBytes(functions(), true))).toBe(true); // the shared-memory import of a threaded build
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
    expect(ownKernelsActive()).toBe(true);
    const ours = run(asked);
    uninstallWasmKernels();
    expect(ownKernelsActive()).toBe(false);
    const theirs = run(tfjsOwn);
    expect(await installWasmKernels()).toBe(true);
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
    uninstallWasmKernels();
    const theirs = await train();
    expect(await installWasmKernels()).toBe(true);
    expect(ours.metrics).toEqual(theirs.metrics);
    expect(ours.weights).toEqual(theirs.weights);
  });

  it('is not put in place on the cpu backend', async () => {
    await tf.setBackend('cpu');
    expect(await installWasmKernels()).toBe(false);
    expect(ownKernelsActive()).toBe(false);
    await tf.setBackend('wasm');
    expect(ownKernelsActive()).toBe(true);
  });
});

/** Sorted segment ids with gaps and repeats, indices anywhere in the data (repeats too), data with signed zeros. */
const segmentCase = fc.record({
  dataRows: fc.integer({ min: 1, max: 30 }),
  cols: fc.constantFrom(1, 3, 4, 5, 31, 32, 37, 64, 128),
  entries: fc.integer({ min: 1, max: 60 }),
  seed: fc.integer({ min: 0, max: 10_000 }),
});

function segmentOperands(c: { dataRows: number; cols: number; entries: number; seed: number }) {
  let x = c.seed + 1;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const values = Float32Array.from({ length: c.dataRows * c.cols }, () => (next() < 0.2 ? -0 : (next() - 0.5) * 8));
  const indices = Int32Array.from({ length: c.entries }, () => Math.floor(next() * c.dataRows));
  const segments = new Int32Array(c.entries);
  for (let e = 1; e < c.entries; e++) segments[e] = segments[e - 1] + (next() < 0.5 ? 0 : Math.floor(next() * 3));
  return { values, indices, segments };
}

function segmentReference(c: { dataRows: number; cols: number }, { values, indices, segments }: ReturnType<typeof segmentOperands>): Float32Array {
  const rows = segments[segments.length - 1] + 1;
  const out = new Float32Array(rows * c.cols);
  for (let e = 0; e < indices.length; e++) {
    for (let j = 0; j < c.cols; j++) out[segments[e] * c.cols + j] = Math.fround(out[segments[e] * c.cols + j] + values[indices[e] * c.cols + j]);
  }
  return out;
}

describe('the project\'s wasm segment sum', () => {
  withWasmKernels();

  const segmentSum = (c: { dataRows: number; cols: number }, ops: ReturnType<typeof segmentOperands>) => tf.tidy(() => {
    const out = tf.sparse.sparseSegmentSum(tf.tensor2d(ops.values, [c.dataRows, c.cols]), tf.tensor1d(ops.indices, 'int32'), tf.tensor1d(ops.segments, 'int32'));
    return { shape: out.shape, values: Array.from(out.dataSync()) };
  });

  it('adds each segment\'s rows from +0 in entry order: equals a float32 reference, signed zeros and empty segments included', () => {
    fc.assert(fc.property(segmentCase, (c) => {
      const ops = segmentOperands(c);
      const got = segmentSum(c, ops);
      expect(got.shape).toEqual([ops.segments[ops.segments.length - 1] + 1, c.cols]);
      expect(bits(got.values)).toEqual(bits(segmentReference(c, ops)));
    }), { numRuns: 150 });
  });

  it('gives tfjs-wasm\'s own floats, bit for bit', async () => {
    const cases = fc.sample(segmentCase, { numRuns: 80, seed: 3 });
    const ours = cases.map((c) => segmentSum(c, segmentOperands(c)));
    uninstallWasmKernels();
    const theirs = cases.map((c) => segmentSum(c, segmentOperands(c)));
    expect(await installWasmKernels()).toBe(true);
    cases.forEach((c, i) => {
      expect(ours[i].shape).toEqual(theirs[i].shape);
      expect(bits(ours[i].values), JSON.stringify(c)).toEqual(bits(theirs[i].values));
    });
  });

  it('leaves bad input to tfjs\'s kernel, which names it: an index out of range, segment ids out of order', () => {
    const data = tf.ones([3, 4]);
    expect(() => tf.sparse.sparseSegmentSum(data, tf.tensor1d([0, 3], 'int32'), tf.tensor1d([0, 0], 'int32'))).toThrow(/out of range|3/);
    expect(() => tf.sparse.sparseSegmentSum(data, tf.tensor1d([0, 1], 'int32'), tf.tensor1d([1, 0], 'int32'))).toThrow(/increasing|sorted|order/);
    data.dispose();
  });
});

describe('the project\'s wasm relu backward step', () => {
  withWasmKernels();

  it('equals tfjs\'s dy · step(y) bit for bit: signed zeros, infinities, NaN where y is NaN, lengths not a multiple of 4', async () => {
    const special = [0, -0, 1, -1, 1e-38, -1e-38, Infinity, -Infinity, NaN, 3.5, -7.25];
    const cases = [1, 3, 4, 5, 17, 64, 129].map((n, c) => {
      let x = c + 11;
      const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
      const pick = () => (next() < 0.5 ? special[Math.floor(next() * special.length)] : (next() - 0.5) * 10);
      return { dy: Float32Array.from({ length: n }, pick), y: Float32Array.from({ length: n }, pick) };
    });
    const run = (f: (dy: tf.Tensor, y: tf.Tensor) => tf.Tensor) => cases.map((c) => tf.tidy(() => Array.from(f(tf.tensor1d(c.dy), tf.tensor1d(c.y)).dataSync())));
    const ours = run((dy, y) => tf.engine().runKernel(RELU_BACK_KERNEL, { dy, y }) as tf.Tensor);
    uninstallWasmKernels();
    const theirs = run((dy, y) => tf.mul(dy, tf.step(y)));
    expect(await installWasmKernels()).toBe(true);
    const canonical = (v: number[]) => v.map((x) => (Number.isNaN(x) ? 'NaN' : bits([x])[0]));
    cases.forEach((_, i) => expect(canonical(ours[i])).toEqual(canonical(theirs[i])));
  });
});

/** A float32 value that is often a signed zero. */
const withZeros = (next: () => number) => (next() < 0.2 ? (next() < 0.5 ? -0 : 0) : (next() - 0.5) * 8);

describe('the project\'s wasm weighted segment sum', () => {
  withWasmKernels();

  const weighted = (c: { dataRows: number; cols: number }, ops: ReturnType<typeof segmentOperands>, weights: Float32Array, rows: number) => tf.tidy(() => {
    const inputs = { data: tf.tensor2d(ops.values, [c.dataRows, c.cols]), indices: tf.tensor1d(ops.indices, 'int32'), segmentIds: tf.tensor1d(ops.segments, 'int32'), weights: tf.tensor1d(weights) };
    const out = tf.engine().runKernel(WEIGHTED_SEGMENT_SUM_KERNEL, inputs, { rows }) as tf.Tensor;
    return { shape: out.shape, values: Array.from(out.dataSync()) };
  });

  it('adds w·row from +0 in entry order, the product rounded and then the sum: equals a float32 reference, signed zeros and rows no entry names included', () => {
    fc.assert(fc.property(segmentCase, fc.integer({ min: 0, max: 3 }), (c, extraRows) => {
      const ops = segmentOperands(c);
      let x = c.seed + 7;
      const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
      const weights = Float32Array.from({ length: c.entries }, () => withZeros(next));
      const rows = ops.segments[c.entries - 1] + 1 + extraRows;
      const ref = new Float32Array(rows * c.cols);
      for (let e = 0; e < c.entries; e++) {
        for (let j = 0; j < c.cols; j++) {
          const at = ops.segments[e] * c.cols + j;
          ref[at] = Math.fround(ref[at] + Math.fround(weights[e] * ops.values[ops.indices[e] * c.cols + j]));
        }
      }
      const got = weighted(c, ops, weights, rows);
      expect(got.shape).toEqual([rows, c.cols]);
      expect(bits(got.values)).toEqual(bits(ref));
    }), { numRuns: 150 });
  });

  it('names bad input: an index outside the data, segment ids out of order or past its rows, lengths that differ', () => {
    const c = { dataRows: 3, cols: 4 };
    const run = (indices: number[], segments: number[], rows: number, weights = indices.length) => () =>
      weighted(c, { values: new Float32Array(12), indices: Int32Array.from(indices), segments: Int32Array.from(segments) }, new Float32Array(weights), rows);
    expect(run([0, 3], [0, 0], 2)).toThrow(/index 3 .*outside the data's 3 rows/);
    expect(run([0, 1], [1, 0], 2)).toThrow(/segment id 0 .*out of order/);
    expect(run([0, 1], [0, 2], 2)).toThrow(/segment id 2 .*not below 2/);
    expect(run([0, 1], [0, 1], 2, 3)).toThrow(/\[E\] each/);
  });
});

describe('the output layer\'s backward products over the allowed logits (gradients.ts outputProducts)', () => {
  withWasmKernels();

  /** N decisions with random allowed tokens (some none but one, some every token but <pad>), dz nonzero only there, often a signed zero. */
  const layer = fc.record({ N: fc.integer({ min: 1, max: 40 }), V: fc.integer({ min: 2, max: 40 }), D: fc.constantFrom(1, 5, 32, 33, 128), seed: fc.integer({ min: 0, max: 10_000 }) });

  function operandsOf(p: { N: number; V: number; D: number; seed: number }) {
    let x = p.seed + 3;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const allowed = Array.from({ length: p.N }, () => {
      if (next() < 0.15) return null; // every token but <pad>
      const tokens = [...new Set(Array.from({ length: 1 + Math.floor(next() * Math.min(9, p.V)) }, () => Math.floor(next() * p.V)))];
      return tokens.sort((a, b) => a - b);
    });
    const tokens = Int32Array.from(allowed, (a) => (a === null ? 1 : a[0]));
    const slots = allowedSlots(allowed, tokens, p.V);
    const dz = new Float32Array(p.N * p.V);
    for (let i = 0; i < slots.entries!.at.length; i++) dz[slots.entries!.at[i]] = withZeros(next);
    const random = (n: number) => Float32Array.from({ length: n }, () => withZeros(next));
    return { entries: slots.entries!, dz, outW: random(p.D * p.V), h2: random(p.N * p.D) };
  }

  const run = (p: { N: number; V: number; D: number }, o: ReturnType<typeof operandsOf>, useEntries: boolean) => tf.tidy(() => {
    const h2 = tf.tensor2d(o.h2, [p.N, p.D]);
    const r = outputProducts(tf.tensor2d(o.outW, [p.D, p.V]), useEntries ? o.entries : null, h2, transposedLeft(h2), tf.tensor2d(o.dz, [p.N, p.V]));
    return { dh2: bits(r.dh2.dataSync()), dOutW: bits(r.dOutW.dataSync()), shapes: [r.dh2.shape, r.dOutW.shape] };
  });
  /** 'same', or where two results first differ (a short message: a diff of 250,000 numbers would take minutes). */
  const firstDifference = (a: ReturnType<typeof run>, b: ReturnType<typeof run>): string => {
    if (JSON.stringify(a.shapes) !== JSON.stringify(b.shapes)) return `shapes ${JSON.stringify(a.shapes)} against ${JSON.stringify(b.shapes)}`;
    for (const key of ['dh2', 'dOutW'] as const) {
      const i = a[key].findIndex((x, j) => x !== b[key][j]);
      if (i >= 0) return `${key}[${i}]: bits ${a[key][i]} against ${b[key][i]} (${a[key].filter((x, j) => x !== b[key][j]).length} of ${a[key].length} differ)`;
    }
    return 'same';
  };

  it('equals the dense products bit for bit: dz·W_outᵀ and h₂ᵀ·dz, signed zeros, tokens no decision allows, every token but <pad>', () => {
    fc.assert(fc.property(layer, (p) => {
      const o = operandsOf(p);
      const sparse = run(p, o, true);
      expect(sparse.shapes).toEqual([[p.N, p.D], [p.D, p.V]]);
      expect(firstDifference(sparse, run(p, o, false))).toBe('same');
    }), { numRuns: 120 });
  });

  it('equals tfjs-wasm\'s own kernels on the model\'s shapes (2,000 decisions, 9 of 124 tokens each, D = 128)', async () => {
    const p = { N: 2000, V: 124, D: 128, seed: 11 };
    const o = operandsOf(p);
    const ours = run(p, o, true);
    uninstallWasmKernels();
    const theirs = run(p, o, true); // allowed entries given, but tfjs's kernels: the dense products
    expect(await installWasmKernels()).toBe(true);
    expect(firstDifference(ours, theirs)).toBe('same');
  });

  it('leaves no tensor or heap block behind', () => {
    const p = { N: 30, V: 20, D: 33, seed: 5 };
    const o = operandsOf(p);
    run(p, o, true);
    const tensors = tf.memory().numTensors;
    const dataIds = tf.engine().backend.numDataIds();
    for (let i = 0; i < 3; i++) run(p, o, true);
    expect(tf.memory().numTensors).toBe(tensors);
    expect(tf.engine().backend.numDataIds()).toBe(dataIds);
  });
});

describe('the project\'s wasm gathered dot products (the allowed logits, model.ts allowedLogits)', () => {
  withWasmKernels();

  /** The pairs of N decisions' allowed tokens (batch.ts allowedSlots), a [N, D], b [D, V] and a bias, often signed zeros. */
  function pairsOf(p: { N: number; V: number; D: number; seed: number }) {
    let x = p.seed + 5;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const allowed = Array.from({ length: p.N }, () => {
      if (next() < 0.15) return null;
      return [...new Set(Array.from({ length: 1 + Math.floor(next() * Math.min(11, p.V)) }, () => Math.floor(next() * p.V)))].sort((a, b) => a - b);
    });
    const e = allowedSlots(allowed, Int32Array.from(allowed, (a) => (a === null ? 1 : a[0])), p.V).entries!;
    const random = (n: number) => Float32Array.from({ length: n }, () => withZeros(next));
    return { e, a: random(p.N * p.D), b: random(p.D * p.V), bias: random(p.V) };
  }

  const ours = (p: { N: number; V: number; D: number }, o: ReturnType<typeof pairsOf>) => tf.tidy(() => {
    const inputs = { a: tf.tensor2d(o.a, [p.N, p.D]), b: tf.transpose(tf.tensor2d(o.b, [p.D, p.V])), bias: tf.tensor1d(o.bias), groups: tf.tensor2d(o.e.groups, [o.e.groups.length / 7, 7], 'int32') };
    return bits((tf.engine().runKernel(GATHER_DOT_KERNEL, inputs, { entries: o.e.token.length }) as tf.Tensor).dataSync());
  });
  /** The whole product with its bias, read at the pairs. */
  const whole = (p: { N: number; V: number; D: number }, o: ReturnType<typeof pairsOf>) => tf.tidy(() => {
    const z = tf.fused.matMul({ a: tf.tensor2d(o.a, [p.N, p.D]), b: tf.tensor2d(o.b, [p.D, p.V]), bias: tf.tensor1d(o.bias) }).dataSync();
    return bits(Array.from(o.e.at, (i) => z[i]));
  });
  const pairs = fc.record({ N: fc.integer({ min: 1, max: 30 }), V: fc.integer({ min: 2, max: 40 }), D: fc.constantFrom(1, 3, 4, 7, 16, 128, 130, 300), seed: fc.integer({ min: 0, max: 10_000 }) });

  it('gives the whole product\'s floats at the pairs, bit for bit: bias first, then d in order (in fours and the rest); signed zeros; 1 to 4 lanes per group', () => {
    fc.assert(fc.property(pairs, (p) => {
      const o = pairsOf(p);
      expect(ours(p, o)).toEqual(whole(p, o));
    }), { numRuns: 120 });
  });

  it('and tfjs-wasm\'s own product\'s, on the model\'s shapes (2,000 decisions, V = 124, D = 128)', async () => {
    const p = { N: 2000, V: 124, D: 128, seed: 4 };
    const o = pairsOf(p);
    const got = ours(p, o);
    uninstallWasmKernels();
    const theirs = whole(p, o);
    expect(await installWasmKernels()).toBe(true);
    expect(got.findIndex((x, i) => x !== theirs[i])).toBe(-1);
  });

  it('names bad input: a row or column out of range, entries past the output', () => {
    const run = (record: number[], entries: number) => () => tf.tidy(() => tf.engine().runKernel(GATHER_DOT_KERNEL, {
      a: tf.zeros([2, 3]), b: tf.zeros([5, 3]), bias: tf.zeros([5]), groups: tf.tensor2d(record, [1, 7], 'int32'),
    }, { entries }));
    expect(run([2, 0, 1, 2, 3, 0, 4], 4)).toThrow(/row 2 is outside a's 2 rows/);
    expect(run([1, 0, 1, 2, 5, 0, 4], 4)).toThrow(/column 5 is outside the product's 5 columns/);
    expect(run([1, 0, 1, 2, 3, 2, 4], 4)).toThrow(/entries 2…5 are outside the 4/);
  });
});
