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
 *
 * Work by rows: a mini-batch's gradient is computed in chunks of at most `UPDATE_CHUNK_ROWS` rows
 * (rows sorted by decision count, so a chunk pads to its own longest row) and summed before its one
 * Adam step. The loss maths is the mini-batch's, unchanged: each chunk's aggregate is weighted by
 * its share of the mini-batch's normaliser (aggregationShare: tokens for token-mean, rows for the
 * seq-mean modes and the value loss, the padded length for seq-mean-token-sum-norm), so the chunks
 * sum to the token-mean over the whole mini-batch, not to a mean of chunk means. The cost is then
 * linear in the number of responses, whatever the batch size.
 *
 * π_ref: rows that arrive without refLogProbs are scored under `reference` from the chunk's own
 * decision batch before the loss (the trainer's path: one batch for both passes), and filled in.
 *
 * Gradients: the forward pass runs without a tape; tfjs differentiates only the loss with respect
 * to log π(a), H and V (small [R, P] tensors) and the network's backward pass is written out
 * (policy/gradients.ts). Every temporary lives in tf.tidy; grads are disposed after applyGradients.
 */
import * as tf from '@tensorflow/tfjs-core';
import { actorDiagnostics, actorLossTerms, aggregationShare, type ActorLossConfig, type ActorLossTerms, type AggregationExtent } from '../loss';
import { createRng } from '../math';
import { buildDecisionBatch, disposeDecisionBatch } from '../policy/batch';
import { criticGradients, policyGradients, type WeightGrads } from '../policy/gradients';
import { criticOf, logProbsOf, policyForward, WEIGHT_NAMES, type Weights } from '../policy/model';
import type { Policy, PromptFeatures } from '../policy/policy';
import type { SparseKind } from '../policy/sparse';
import type { Decision } from '../rollout/types';

/** Rows per gradient chunk of a mini-batch (bounds activation memory; see the module comment). */
export const UPDATE_CHUNK_ROWS = 256;

export interface TrainRow {
  prompt: PromptFeatures;
  decisions: readonly Decision[];
  oldLogProbs: readonly number[];
  /** log π_ref per decision; empty: scored by the update itself from `UpdateOptions.reference` (and filled in). */
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
  /** Rows per gradient chunk (default UPDATE_CHUNK_ROWS); the loss does not depend on it. */
  chunkRows?: number;
  /** Device form of the sparse inputs (default: the backend's, sparse.ts). */
  sparseKind?: SparseKind;
  /**
   * π_ref's weights: rows without refLogProbs are scored with them from the chunk's own decision
   * batch (one batch for both passes), and their refLogProbs filled in after the step.
   */
  reference?: Weights;
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

function extentOf(rows: readonly TrainRow[]): AggregationExtent {
  return {
    tokens: rows.reduce((s, r) => s + r.decisions.length, 0),
    rows: rows.length,
    paddedLength: Math.max(1, ...rows.map((r) => r.decisions.length)),
  };
}

interface ChunkResult {
  grads: WeightGrads;
  /** METRICS of the chunk, each weighted by the chunk's share [METRICS.length]. */
  metrics: tf.Tensor1D;
  /** log π_ref [R, P] of the chunk's rows, when the chunk scored them (UpdateOptions.reference). */
  ref?: tf.Tensor2D;
}

/** A chunk's π_ref log-probs [R, P] and its rows, to fill in after the step. */
interface ScoredReference {
  rows: readonly TrainRow[];
  logProb: tf.Tensor2D;
}

/** Whether the chunk scores π_ref itself: some row has none and the reference weights are given. */
function scoresReference(rows: readonly TrainRow[], opts: UpdateOptions): boolean {
  return opts.reference !== undefined && rows.some((r) => r.refLogProbs.length < r.decisions.length);
}

/** One chunk's weighted gradients and metrics; `whole` is the mini-batch the Adam step is for. */
function chunkGradients(policy: Policy, rows: readonly TrainRow[], whole: AggregationExtent, opts: UpdateOptions): ChunkResult {
  const batch = buildDecisionBatch(policy.dims, rows, opts.sparseKind);
  const P = batch.positions;
  const shape: [number, number] = [rows.length, P];
  const extent = extentOf(rows);
  const aggShare = aggregationShare(opts.loss.aggMode, extent, whole); // agg-mode terms
  const tokenShare = aggregationShare('token-mean', extent, whole); // token means (clip fractions, ppo_kl)
  const rowShare = extent.rows / whole.rows; // the value loss: a mean over rows
  const critic = opts.valueCoef > 0;
  const scoreRef = scoresReference(rows, opts);
  try {
    return tf.tidy(() => {
      const w = policy.weights;
      const oldLogProb = tf.tensor2d(padded(rows, P, (r, k) => r.oldLogProbs[k]), shape); // [R, P]
      const refLogProb = scoreRef
        ? logProbsOf(opts.reference!, batch, opts.temperature) // π_ref from this chunk's batch [R, P]
        : tf.tensor2d(padded(rows, P, (r, k) => r.refLogProbs[k]), shape); // [R, P]
      const advantages = tf.tensor2d(padded(rows, P, (r) => r.advantage), shape); // A broadcast [R, P]
      const targets = tf.tensor1d(rows.map((r) => r.valueTarget)); // [R]
      // FORWARD (no tape)
      const fwd = policyForward(w, batch, opts.temperature);
      const crit = critic ? criticOf(w, batch.encoder) : null;
      // LOSS GRADIENTS with respect to log π(a) [R, P], H [R, P] and V [R]
      const useEntropy = opts.loss.entropyCoef !== 0;
      // inside the gradient tape only what the loss is made of: every op there saves copies of its inputs for
      // the backward pass; the diagnostics (clip fractions, ppo_kl) and the metrics vector come after, off the tape
      let taped: { terms: ActorLossTerms; loss: tf.Scalar; valueLoss: tf.Scalar; kept: tf.Tensor[] } | null = null;
      const lossOf = (logProb: tf.Tensor2D, entropy: tf.Tensor2D, values: tf.Tensor1D | null): tf.Scalar => {
        const terms = actorLossTerms({ logProb, oldLogProb, refLogProb, advantages, mask: batch.mask, entropy }, opts.loss);
        const valueLoss = values ? (tf.mean(tf.square(tf.sub(values, targets))) as tf.Scalar) : tf.scalar(0); // []
        const loss = tf.add(tf.mul(terms.loss, aggShare), tf.mul(valueLoss, opts.valueCoef * rowShare)) as tf.Scalar;
        const kept = [loss, valueLoss, terms.pgLoss, terms.kl, terms.entropy, ...Object.values(terms.parts)]; // read after the tape
        kept.forEach((t) => tf.keep(t));
        taped = { terms, loss, valueLoss, kept };
        return loss;
      };
      const inputs: tf.Tensor[] = [fwd.logProb, ...(useEntropy ? [fwd.entropy] : []), ...(crit ? [crit.values] : [])];
      const g = tf.grads((...xs: tf.Tensor[]) => lossOf(
        xs[0] as tf.Tensor2D, useEntropy ? (xs[1] as tf.Tensor2D) : fwd.entropy, crit ? (xs[xs.length - 1] as tf.Tensor1D) : null,
      ))(inputs);
      const { terms, loss, valueLoss, kept } = taped!;
      const d = actorDiagnostics(terms, batch.mask);
      const metrics = tf.keep(tf.stack([
        loss, tf.mul(terms.pgLoss, aggShare), tf.mul(terms.kl, aggShare), tf.mul(terms.entropy, aggShare),
        tf.mul(d.clipFraction, tokenShare), tf.mul(d.clipFractionLower, tokenShare), tf.mul(d.approxKl, tokenShare),
        tf.mul(valueLoss, rowShare),
      ]) as tf.Tensor1D);
      tf.dispose(kept); // kept from the tape's scope
      // BACKWARD through the network
      const grads: WeightGrads = policyGradients(w, batch, fwd, g[0] as tf.Tensor2D, useEntropy ? (g[1] as tf.Tensor2D) : null, opts.temperature);
      if (crit) Object.assign(grads, criticGradients(w, batch.encoder, crit.c, g[g.length - 1] as tf.Tensor1D));
      return { grads, metrics, ...(scoreRef ? { ref: refLogProb } : {}) };
    });
  } finally {
    disposeDecisionBatch(batch);
  }
}

/** Rows sorted by decision count (stable), split into near-equal chunks of at most `maxRows`. */
export function chunksOf(rows: readonly TrainRow[], maxRows: number): TrainRow[][] {
  const sorted = rows.map((r, i) => ({ r, i })).sort((a, b) => a.r.decisions.length - b.r.decisions.length || a.i - b.i).map((x) => x.r);
  const n = Math.ceil(sorted.length / maxRows);
  return Array.from({ length: n }, (_, c) => sorted.slice(Math.floor((c * sorted.length) / n), Math.floor(((c + 1) * sorted.length) / n)));
}

/**
 * The gradient of one mini-batch's loss, named as tf.variableGrads names them (critic weights only
 * when valueCoef > 0), its METRICS [METRICS.length], and the π_ref log-probs its chunks scored
 * (UpdateOptions.reference); the caller disposes all three.
 */
export function miniBatchGradients(
  policy: Policy, rows: readonly TrainRow[], opts: UpdateOptions,
): { grads: tf.NamedTensorMap; metrics: tf.Tensor1D; refs: ScoredReference[] } {
  const whole = extentOf(rows);
  const refs: ScoredReference[] = [];
  let sum: ChunkResult | null = null;
  for (const chunk of chunksOf(rows, opts.chunkRows ?? UPDATE_CHUNK_ROWS)) {
    const part = chunkGradients(policy, chunk, whole, opts);
    if (part.ref) refs.push({ rows: chunk, logProb: part.ref });
    if (!sum) {
      sum = part;
      continue;
    }
    const prev: ChunkResult = sum;
    sum = tf.tidy(() => ({
      grads: Object.fromEntries(Object.entries(prev.grads).map(([k, g]) => [k, tf.add(g, part.grads[k as keyof WeightGrads]!)])),
      metrics: tf.add(prev.metrics, part.metrics) as tf.Tensor1D,
    }));
    tf.dispose([...Object.values(prev.grads), ...Object.values(part.grads), prev.metrics, part.metrics]);
  }
  const { grads, metrics } = sum!;
  // in the variables' order, as tf.variableGrads gives them (Adam keys its moments by position)
  const named: tf.NamedTensorMap = {};
  WEIGHT_NAMES.forEach((name, i) => {
    const g = grads[name];
    if (g) named[policy.variables[i].name] = g;
  });
  return { grads: named, metrics, refs };
}

/** One Adam step on `rows`; returns the step's metrics and fills in the refLogProbs it scored. */
async function step(policy: Policy, optimizer: tf.Optimizer, rows: readonly TrainRow[], opts: UpdateOptions): Promise<number[]> {
  const { grads, metrics, refs } = miniBatchGradients(policy, rows, opts);
  optimizer.applyGradients(grads);
  const values = Array.from(await metrics.data());
  for (const ref of refs) {
    const data = (await ref.logProb.data()) as Float32Array;
    const P = ref.logProb.shape[1];
    ref.rows.forEach((row, r) => (row.refLogProbs = Array.from(data.subarray(r * P, r * P + row.decisions.length))));
  }
  tf.dispose([...Object.values(grads), metrics, ...refs.map((r) => r.logProb)]);
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
