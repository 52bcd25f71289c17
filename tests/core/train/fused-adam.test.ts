import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { withWasmKernels } from '../policy/wasm-kernels-hooks';
import { ADAM, createAdam, optimizerState, restoreOptimizer } from '../../../src/core/train/adam-state';

// On wasm with the project's kernels in place, createAdam's optimizer steps each weight with one fused
// kernel (src/core/policy/wasm-adam.ts). Its weights, moments and running products must be tfjs's
// AdamOptimizer's, bit for bit, step after step.

const bits = (x: ArrayLike<number>) => Array.from(new Uint32Array(Float32Array.from(x).buffer));

/** Gradients with signed zeros, tiny and large values, for weights of sizes that are and are not multiples of 4. */
function gradientsAt(step: number, shapes: number[][]): Float32Array[] {
  let x = step * 7919 + 17;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  return shapes.map((shape) => Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => {
    const r = next();
    return r < 0.05 ? -0 : r < 0.1 ? 0 : r < 0.15 ? (next() - 0.5) * 1e-30 : (next() - 0.5) * (r < 0.2 ? 1e4 : 1);
  }));
}

async function run(optimizer: tf.Optimizer, shapes: number[][], steps: number, resumeAt?: number) {
  const vars = shapes.map((shape, i) => tf.variable(tf.randomNormal(shape, 0, 1, 'float32', i + 1), true, `w${i}_${Math.random()}`));
  for (let t = 0; t < steps; t++) {
    if (t === resumeAt) {
      // a resume: the state as plain data into a fresh optimizer (what a run file carries)
      const state = await optimizerState(optimizer);
      optimizer = createAdam(0.003);
      await restoreOptimizer(optimizer, state);
    }
    const grads = gradientsAt(t, shapes);
    const named: tf.NamedTensorMap = Object.fromEntries(vars.map((v, i) => [v.name, tf.tensor(grads[i], shapes[i])]));
    optimizer.applyGradients(named);
    tf.dispose(Object.values(named));
  }
  const weights = vars.map((v) => bits(v.dataSync()));
  const state = await optimizerState(optimizer);
  tf.dispose(vars);
  return { weights, iterations: state.iterations, accBeta: [state.accBeta1, state.accBeta2], moments: state.moments.map((m) => bits(m.data)) };
}

describe('the fused Adam step on wasm', () => {
  withWasmKernels();

  it('equals tfjs\'s AdamOptimizer bit for bit over 25 steps: weights, both moments and the running products', async () => {
    const shapes = [[37, 5], [128], [3], [16, 4]];
    const fused = await run(createAdam(0.003), shapes, 25);
    const tfjs = await run(tf.train.adam(0.003, ADAM.beta1, ADAM.beta2, ADAM.epsilon), shapes, 25);
    expect(fused.iterations).toBe(25);
    expect(fused.accBeta).toEqual(tfjs.accBeta);
    expect(fused.moments).toEqual(tfjs.moments);
    expect(fused.weights).toEqual(tfjs.weights);
  });

  it('resumes bit for bit: saved after step 19 and restored into a fresh optimizer, it ends where the uninterrupted run ends', async () => {
    const shapes = [[37, 5], [128]];
    const whole = await run(createAdam(0.003), shapes, 25);
    const resumed = await run(createAdam(0.003), shapes, 25, 19);
    expect(resumed).toEqual(whole);
  });

  it('runs one kernel per weight, not tfjs\'s fourteen, and leaves no tensor behind', async () => {
    const adam: tf.Optimizer = createAdam(0.01);
    const w = tf.variable(tf.ones([10, 3]));
    const step = () => tf.tidy(() => adam.applyGradients({ [w.name]: tf.fill([10, 3], 0.5) }));
    step(); // creates the moments
    const before = tf.memory().numTensors;
    const profile = await tf.profile(step);
    expect(profile.kernels.filter((k) => k.name === 'RolloutLabAdamStep')).toHaveLength(1);
    expect(profile.kernels.filter((k) => k.name === 'Sqrt' || k.name === 'RealDiv')).toHaveLength(0);
    expect(tf.memory().numTensors).toBe(before);
    w.dispose();
    adam.dispose();
  });
});
