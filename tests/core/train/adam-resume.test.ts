import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import {
  adamProducts, createAdam, decodeRunFile, encodeRunFile, optimizerState, restoreOptimizer, savedRunOf, Trainer,
  type AdamState, type IterationMetrics,
} from '../../../src/core/train';
import { WEIGHT_NAMES } from '../../../src/core/policy/model';
import { smallConfig } from './small-config';

const bits = (a: Float32Array) => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));

/** A tiny least-squares model driven by Adam directly: a different deterministic batch at every step. */
class TinyModel {
  readonly w: tf.Variable;
  readonly b: tf.Variable;
  readonly optimizer = createAdam(0.01);

  constructor(w?: Float32Array, b?: Float32Array) {
    this.w = tf.tidy(() => tf.variable(w ? tf.tensor(w, [4, 3]) : tf.linspace(-1, 1, 12).reshape([4, 3])));
    this.b = tf.tidy(() => tf.variable(b ? tf.tensor(b, [3]) : tf.zeros([3])));
  }

  /** One Adam step on batch `t`; returns the loss before the step. */
  step(t: number): number {
    return tf.tidy(() => {
      const x = tf.sin(tf.mul(tf.range(0, 8 * 4).reshape([8, 4]), 0.37 + t * 0.011)); // [8, 4]
      const y = tf.cos(tf.mul(tf.range(0, 8 * 3).reshape([8, 3]), 0.23 + t * 0.007)); // [8, 3]
      const { value, grads } = tf.variableGrads(() => tf.mean(tf.square(tf.sub(tf.add(tf.matMul(x, this.w), this.b), y))) as tf.Scalar);
      this.optimizer.applyGradients(grads as Record<string, tf.Variable>);
      return value.dataSync()[0];
    });
  }

  weights(): Float32Array[] {
    return [this.w.dataSync() as Float32Array, this.b.dataSync() as Float32Array].map((a) => Float32Array.from(a));
  }

  dispose(): void {
    tf.dispose([this.w, this.b]);
    this.optimizer.dispose();
  }
}

/** Steps t0+1..t0+extra of a model resumed from `state`, as (loss, weight bits) per step. */
async function resumed(state: AdamState, weights: Float32Array[], t0: number, extra: number, exact = true) {
  const model = new TinyModel(weights[0], weights[1]);
  // exact = false: what tfjs's setWeights alone gives (β^(t+1) rebuilt by pow)
  await restoreOptimizer(model.optimizer, exact ? state : { ...state, ...powProducts(t0) });
  const out = [];
  for (let t = t0 + 1; t <= t0 + extra; t++) out.push({ loss: model.step(t), weights: model.weights().map(bits) });
  model.dispose();
  return out;
}

function powProducts(t: number) {
  return { accBeta1: tf.pow(0.9, t + 1).dataSync()[0], accBeta2: tf.pow(0.999, t + 1).dataSync()[0] };
}

beforeAll(async () => {
  await tf.setBackend('wasm');
});

describe("Adam's state across a resume", () => {
  it('differs from pow(β, t + 1) in the last bit at t = 2, 5, 18 and 19 (why the products are stored)', () => {
    for (const t of [2, 5, 18, 19]) expect(powProducts(t).accBeta2, `t = ${t}`).not.toBe(adamProducts(t).accBeta2);
  });

  it('resumes at t = 2, 5, 18, 19 and 1,000 bit for bit equal to the uninterrupted run (weights and loss), its products replayable', async () => {
    const stops = [2, 5, 18, 19, 1000];
    const extra = 3;
    const straight = new TinyModel();
    const saved = new Map<number, { state: AdamState; weights: Float32Array[] }>();
    const after: Array<{ loss: number; weights: number[][] }> = [];
    const live = straight.optimizer as unknown as { accBeta1: tf.Variable; accBeta2: tf.Variable };
    for (let t = 1; t <= 1000 + extra; t++) {
      const loss = straight.step(t);
      if (t % 97 === 0 || stops.includes(t)) { // adamProducts replays what the live optimizer holds
        expect([live.accBeta1.dataSync()[0], live.accBeta2.dataSync()[0]], `t = ${t}`).toEqual(Object.values(adamProducts(t)));
      }
      after[t] = { loss, weights: straight.weights().map(bits) };
      if (stops.includes(t)) saved.set(t, { state: await optimizerState(straight.optimizer), weights: straight.weights() });
    }
    straight.dispose();
    for (const t0 of stops) {
      const { state, weights } = saved.get(t0)!;
      const json = JSON.parse(JSON.stringify({ ...state, moments: state.moments.map((m) => ({ ...m, data: Array.from(m.data) })) }));
      const back: AdamState = { ...json, moments: json.moments.map((m: { name: string; shape: number[]; data: number[] }) => ({ ...m, data: Float32Array.from(m.data) })) };
      const steps = await resumed(back, weights, t0, extra);
      steps.forEach((s, i) => expect(s, `resumed at t = ${t0}, step ${t0 + i + 1}`).toEqual(after[t0 + i + 1]));
    }
    // The control: restoring through setWeights' pow(β, t + 1) alone drifts at t = 2.
    const { state, weights } = saved.get(2)!;
    const drift = await resumed(state, weights, 2, extra, false);
    expect(drift.map((s) => s.weights)).not.toEqual([3, 4, 5].map((t) => after[t].weights));
  });
});

describe('a resumed training run', () => {
  const strip = (m: IterationMetrics) => ({ ...m, timing: 0, tokensPerSecond: 0, numTensors: 0 });

  it('equals the uninterrupted run bit for bit after Adam steps 2, 5, 18 and 19, through a run file', async () => {
    // one Adam step per iteration; a registered env, as a run file's config must name one
    const config = smallConfig({ env: 'household-v0', envSize: 4, hidden: 8, hashBuckets: 64, miniBatches: 1, epochs: 1, iterations: 30, lr: 0.01 });
    const stops = [2, 5, 18, 19];
    const straight = await Trainer.create(config);
    const files = new Map<number, Uint8Array>();
    const metrics: IterationMetrics[] = [];
    const weights: Record<number, number[][]> = {};
    for (let k = 1; k <= 21; k++) {
      metrics[k] = (await straight.runIteration()).metrics;
      const cp = await straight.checkpoint();
      weights[k] = WEIGHT_NAMES.map((n) => bits(cp.weights[n].data));
      if (stops.includes(k)) {
        expect(cp.optimizer.iterations).toBe(k);
        files.set(k, encodeRunFile(savedRunOf(cp, metrics.slice(1))));
      }
    }
    straight.dispose();
    for (const k of stops) {
      const run = await Trainer.create(config, { checkpoint: decodeRunFile(files.get(k)!).checkpoint! });
      for (const next of [k + 1, k + 2]) {
        const m = (await run.runIteration()).metrics;
        expect({ loss: m.loss, kl: m.kl }, `resumed after ${k}, iteration ${next}`).toEqual({ loss: metrics[next].loss, kl: metrics[next].kl });
        expect(strip(m)).toEqual(strip(metrics[next]));
        const cp = await run.checkpoint();
        expect(WEIGHT_NAMES.map((n) => bits(cp.weights[n].data)), `weights at ${next}`).toEqual(weights[next]);
      }
      run.dispose();
    }
  });
});
