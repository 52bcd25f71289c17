/**
 * The clipped policy update (verl's dp_actor.update_policy): `epochs` passes over the responses,
 * each split into `miniBatches` shuffled mini-batches, one Adam step per mini-batch:
 *
 *   loss = pgLoss(ρ, A) − entropyCoef·agg(H) + klCoef·agg(KL(π_θ ‖ π_ref)) [+ valueCoef·mean((V − Rₜ)²)]
 *
 * The value term reaches only the critic's own weights (model.ts): the sum is one Adam step on
 * disjoint parameter sets, so the critic's loss scale cannot swamp the policy's gradient.
 *
 * Each row is one response a_{i,t}; its columns are the response's decisions (forced tokens carry
 * no choice and are left out). A_{i,t} is broadcast to every decision of the row.
 * Every temporary lives in tf.tidy / variableGrads; grads are disposed after applyGradients.
 */
import * as tf from '@tensorflow/tfjs-core';
import { actorLoss, type ActorLossConfig } from '../loss';
import { createRng } from '../math';
import { buildDecisionBatch, disposeDecisionBatch } from '../policy/batch';
import { scoreDecisions, valuesOf } from '../policy/model';
import type { Policy, PromptFeatures } from '../policy/policy';
import type { Decision } from '../rollout/types';

export interface TrainRow {
  prompt: PromptFeatures;
  decisions: readonly Decision[];
  oldLogProbs: readonly number[];
  refLogProbs: readonly number[];
  advantage: number;
  /** Critic target (only read when valueCoef > 0). */
  valueTarget: number;
}

export interface UpdateOptions {
  loss: ActorLossConfig;
  miniBatches: number;
  epochs: number;
  valueCoef: number;
  /** Sampling temperature τ: π_θ is scored at the temperature the tokens were drawn at. */
  temperature: number;
  /** Seed of the mini-batch shuffles (deriveSeed(seed, 'minibatch', iteration)). */
  shuffleSeed: number;
}

export interface UpdateStats {
  loss: number;
  pgLoss: number;
  kl: number;
  entropy: number;
  clipFraction: number;
  clipFractionLower: number;
  approxKl: number;
  valueLoss: number;
  steps: number;
}

const METRICS = ['loss', 'pgLoss', 'kl', 'entropy', 'clipFraction', 'clipFractionLower', 'approxKl', 'valueLoss'] as const;

function padded(rows: readonly TrainRow[], P: number, pick: (r: TrainRow, k: number) => number): Float32Array {
  const out = new Float32Array(rows.length * P);
  rows.forEach((row, r) => {
    for (let k = 0; k < row.decisions.length; k++) out[r * P + k] = pick(row, k);
  });
  return out;
}

/** One Adam step on `rows`; returns the step's metrics. */
async function step(policy: Policy, optimizer: tf.Optimizer, rows: readonly TrainRow[], opts: UpdateOptions): Promise<number[]> {
  const batch = buildDecisionBatch(policy.dims, rows);
  const P = batch.positions;
  const shape: [number, number] = [rows.length, P];
  const oldLogProb = tf.tensor2d(padded(rows, P, (r, k) => r.oldLogProbs[k]), shape); // [R, P]
  const refLogProb = tf.tensor2d(padded(rows, P, (r, k) => r.refLogProbs[k]), shape); // [R, P]
  const advantages = tf.tensor2d(padded(rows, P, (r) => r.advantage), shape); // A broadcast [R, P]
  const targets = tf.tensor1d(rows.map((r) => r.valueTarget)); // [R]
  let kept: tf.Scalar[] = [];
  const { value, grads } = tf.variableGrads(() => {
    const s = scoreDecisions(policy.weights, batch, opts.temperature);
    const out = actorLoss({ logProb: s.logProb, oldLogProb, refLogProb, advantages, mask: batch.mask, entropy: s.entropy }, opts.loss);
    // the critic has its own weights: its loss moves only critW, critB, valW, valB
    const valueLoss = opts.valueCoef > 0 ? tf.mean(tf.square(tf.sub(valuesOf(policy.weights, batch.x), targets))) as tf.Scalar : tf.scalar(0); // []
    const loss = opts.valueCoef > 0 ? tf.add(out.loss, tf.mul(opts.valueCoef, valueLoss)) as tf.Scalar : out.loss;
    kept = [loss, out.pgLoss, out.kl, out.entropy, out.clipFraction, out.clipFractionLower, out.approxKl, valueLoss].map((t) => tf.keep(t.clone()));
    return loss;
  }, policy.variables);
  optimizer.applyGradients(grads);
  tf.dispose(grads);
  const values = await Promise.all(kept.map(async (t) => (await t.data())[0]));
  tf.dispose([value, ...kept, oldLogProb, refLogProb, advantages, targets]);
  disposeDecisionBatch(batch);
  return values;
}

export async function policyUpdate(policy: Policy, optimizer: tf.Optimizer, rows: readonly TrainRow[], opts: UpdateOptions): Promise<UpdateStats> {
  const sums = new Array<number>(METRICS.length).fill(0);
  let steps = 0;
  const rng = createRng(opts.shuffleSeed);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    const order = rng.shuffled(rows.map((_, i) => i));
    const n = Math.min(opts.miniBatches, order.length);
    for (let m = 0; m < n; m++) {
      const part = order.slice(Math.floor((m * order.length) / n), Math.floor(((m + 1) * order.length) / n));
      if (part.length === 0) continue;
      const values = await step(policy, optimizer, part.map((i) => rows[i]), opts);
      values.forEach((v, j) => (sums[j] += v));
      steps++;
    }
  }
  const stats = { steps } as UpdateStats;
  METRICS.forEach((name, j) => (stats[name] = steps > 0 ? sums[j] / steps : 0));
  return stats;
}
