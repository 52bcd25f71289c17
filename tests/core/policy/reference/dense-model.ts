/**
 * The dense formulation of the network, kept as the reference the product is tested against: every
 * input as a dense one-hot / multi-hot array, x·W as a matmul, the copy and lookahead terms as
 * broadcast products, log π(a) through a one-hot, and the gradient from tfjs autodiff of the whole
 * mini-batch loss (the product's update before sparse inputs and the written-out backward pass).
 */
import * as tf from '@tensorflow/tfjs';
import { actorLoss } from '../../../../src/core/loss';
import { COPY_KINDS, decoderWidth, LOOKAHEAD_KINDS } from '../../../../src/core/policy/features';
import { WEIGHT_NAMES, type ModelDims, type WeightName, type Weights } from '../../../../src/core/policy/model';
import type { DecisionRow } from '../../../../src/core/policy/batch';
import type { TrainRow, UpdateOptions } from '../../../../src/core/train/update';
import { denseAllowedBias, denseEncoder, denseMultiHot } from './dense';

export interface DenseBatch {
  x: tf.Tensor2D; // [R, H]
  dec: tf.Tensor2D; // [R·P, F]
  copy: tf.Tensor3D; // [R, K, V]
  look: tf.Tensor2D; // [R·P, J·V]
  allowedBias: tf.Tensor3D; // [R, P, V]
  chosen: tf.Tensor2D; // int32 [R, P]
  mask: tf.Tensor2D; // [R, P]
  positions: number;
}

export function denseBatch(dims: ModelDims, rows: readonly DecisionRow[]): DenseBatch {
  const R = rows.length;
  const P = Math.max(1, ...rows.map((r) => r.decisions.length));
  const V = dims.vocabSize;
  const feats: Array<readonly number[] | null> = [];
  const looks: Array<readonly number[] | null> = [];
  const allowed: Array<readonly number[] | null | undefined> = [];
  const chosen = new Int32Array(R * P);
  const mask = new Float32Array(R * P);
  rows.forEach((row, r) => {
    for (let k = 0; k < P; k++) {
      const d = row.decisions[k];
      feats.push(d ? d.features : null);
      looks.push(d ? d.lookahead : null);
      allowed.push(d ? d.allowed : undefined);
      if (d) {
        chosen[r * P + k] = d.token;
        mask[r * P + k] = 1;
      }
    }
  });
  return {
    x: tf.tensor2d(denseEncoder(rows.map((r) => r.prompt.encoder), dims.hashBuckets), [R, dims.hashBuckets]),
    dec: tf.tensor2d(denseMultiHot(feats, decoderWidth(dims)), [R * P, decoderWidth(dims)]),
    copy: tf.tensor3d(denseMultiHot(rows.map((r) => r.prompt.copy), COPY_KINDS * V), [R, COPY_KINDS, V]),
    look: tf.tensor2d(denseMultiHot(looks, LOOKAHEAD_KINDS * V), [R * P, LOOKAHEAD_KINDS * V]),
    allowedBias: tf.tensor3d(denseAllowedBias(allowed, V), [R, P, V]),
    chosen: tf.tensor2d(chosen, [R, P], 'int32'),
    mask: tf.tensor2d(mask, [R, P]),
    positions: P,
  };
}

export function disposeDenseBatch(b: DenseBatch): void {
  tf.dispose([b.x, b.dec, b.copy, b.look, b.allowedBias, b.chosen, b.mask]);
}

const mm = (a: tf.Tensor, b: tf.Tensor) => tf.matMul(a as tf.Tensor2D, b as tf.Tensor2D);

export function denseContext(w: Weights, x: tf.Tensor2D): tf.Tensor2D {
  return tf.relu(tf.add(mm(x, w.encW), w.encB));
}

export function denseValues(w: Weights, x: tf.Tensor2D): tf.Tensor1D {
  return tf.reshape(tf.add(mm(tf.relu(tf.add(mm(x, w.critW), w.critB)), w.valW), w.valB), [-1]) as tf.Tensor1D;
}

/** z [R, P, V]. */
export function denseLogits(w: Weights, ctx: tf.Tensor2D, dec: tf.Tensor2D, copy: tf.Tensor3D, look: tf.Tensor2D, P: number): tf.Tensor3D {
  const [R, D] = ctx.shape;
  const V = copy.shape[2];
  const f = tf.reshape(mm(dec, w.decW), [R, P, D]);
  const h = tf.relu(tf.add(tf.add(f, tf.expandDims(ctx, 1)), w.decB));
  const h2 = tf.relu(tf.add(mm(tf.reshape(h, [R * P, D]), w.hidW), w.hidB));
  const base = tf.add(mm(h2, w.outW), w.outB);
  const lookGate = tf.reshape(mm(h2, w.lookW), [R * P, LOOKAHEAD_KINDS, 1]);
  const lookTerm = tf.sum(tf.mul(lookGate, tf.reshape(look, [R * P, LOOKAHEAD_KINDS, V])), 1);
  const copyGate = tf.reshape(mm(h2, w.gateW), [R, P, COPY_KINDS, 1]);
  const copyTerm = tf.sum(tf.mul(copyGate, tf.expandDims(copy, 1)), 2);
  return tf.add(tf.reshape(tf.add(base, lookTerm), [R, P, V]), copyTerm) as tf.Tensor3D;
}

export function denseScores(w: Weights, b: DenseBatch, temperature: number): { logProb: tf.Tensor2D; entropy: tf.Tensor2D } {
  const z = denseLogits(w, denseContext(w, b.x), b.dec, b.copy, b.look, b.positions);
  const logp = tf.logSoftmax(tf.add(tf.div(z, temperature), b.allowedBias)) as tf.Tensor3D;
  const V = logp.shape[2];
  const onehot = tf.cast(tf.oneHot(tf.reshape(b.chosen, [-1]), V), 'float32');
  const logProb = tf.reshape(tf.sum(tf.mul(tf.reshape(logp, [-1, V]), onehot), -1), b.mask.shape) as tf.Tensor2D;
  const entropy = tf.neg(tf.sum(tf.mul(tf.exp(logp), logp), -1)) as tf.Tensor2D;
  return { logProb, entropy };
}

function padded(rows: readonly TrainRow[], P: number, pick: (r: TrainRow, k: number) => number): Float32Array {
  const out = new Float32Array(rows.length * P);
  rows.forEach((row, r) => row.decisions.forEach((_, k) => (out[r * P + k] = pick(row, k))));
  return out;
}

/**
 * The mini-batch loss of `rows` and its autodiff gradient for every weight that reaches it (the
 * critic's only with valueCoef > 0), by weight name; caller disposes.
 */
export function denseLossAndGrads(
  weights: Weights, dims: ModelDims, rows: readonly TrainRow[], opts: UpdateOptions,
): { loss: tf.Scalar; grads: Partial<Record<WeightName, tf.Tensor>> } {
  const names = WEIGHT_NAMES.filter((n) => opts.valueCoef > 0 || !['critW', 'critB', 'valW', 'valB'].includes(n));
  const b = denseBatch(dims, rows);
  const P = b.positions;
  const shape: [number, number] = [rows.length, P];
  const oldLogProb = tf.tensor2d(padded(rows, P, (r, k) => r.oldLogProbs[k]), shape);
  const refLogProb = tf.tensor2d(padded(rows, P, (r, k) => r.refLogProbs[k]), shape);
  const advantages = tf.tensor2d(padded(rows, P, (r) => r.advantage), shape);
  const targets = tf.tensor1d(rows.map((r) => r.valueTarget));
  const f = (...ws: tf.Tensor[]): tf.Scalar => {
    const w = { ...weights, ...Object.fromEntries(names.map((n, i) => [n, ws[i]])) } as Weights;
    const s = denseScores(w, b, opts.temperature);
    const out = actorLoss({ logProb: s.logProb, oldLogProb, refLogProb, advantages, mask: b.mask, entropy: s.entropy }, opts.loss);
    if (opts.valueCoef === 0) return out.loss;
    const valueLoss = tf.mean(tf.square(tf.sub(denseValues(w, b.x), targets)));
    return tf.add(out.loss, tf.mul(opts.valueCoef, valueLoss)) as tf.Scalar;
  };
  const { value, grads } = tf.valueAndGrads(f)(names.map((n) => weights[n]));
  tf.dispose([oldLogProb, refLogProb, advantages, targets]);
  disposeDenseBatch(b);
  return { loss: value as tf.Scalar, grads: Object.fromEntries(names.map((n, i) => [n, grads[i]])) };
}
