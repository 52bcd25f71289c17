/**
 * The policy network: a hashed bag-of-n-grams encoder and a small autoregressive token decoder
 * with a copy gate, plus a separate critic. Functional: every function takes the weights it uses,
 * so the trainable policy π_θ and the frozen reference π_ref run the same code.
 *
 *   ctx  = relu(x·W_enc + b_enc)                          x: encoder multi-hot / √n   [R, H] → [R, D]
 *   h    = relu(f·W_dec + ctx + b_dec)                    f: decoder features          [R·P, F] → [R, P, D]
 *   h₂   = relu(h·W_hid + b_hid)                                                       [R, P, D]
 *   z    = h₂·W_out + b_out + (h₂·W_gate)·C + (h₂·W_look)·L   C: copy, L: lookahead   [R, P, V]
 *   V(s) = relu(x·W_crit + b_crit)·w_val + b_val          the critic's own encoder     [R]
 *
 * The critic shares no weights with the policy (as verl's separate critic model): its squared
 * error (≈ 5 × 0.5 for the length-shaping baselines) would otherwise drive the policy's encoder
 * far harder than the policy loss (≈ 0.002) does. Checkpoint format v2 carries critW/critB.
 *
 * Gotchas: no tf.gather in the gradient path (no wasm gradient), no float32 oneHot (wasm garbage):
 * inputs arrive as dense float arrays built in JS; the chosen-token one-hot is an int32 oneHot cast.
 */
import * as tf from '@tensorflow/tfjs-core';
import { createRng } from '../math';
import { COPY_KINDS, decoderWidth, LOOKAHEAD_KINDS, type FeatureDims } from './features';
import { inputMatMul, matMul } from './matmul';
import { THINK_CLOSE } from './vocabulary';

export interface ModelDims extends FeatureDims {
  hidden: number;
}

export const WEIGHT_NAMES = [
  'encW', 'encB', 'decW', 'decB', 'hidW', 'hidB', 'outW', 'outB', 'gateW', 'lookW', 'valW', 'valB', 'critW', 'critB',
] as const;
/** The critic's weights: trained only by the value loss, never read by π. */
export const CRITIC_WEIGHTS: readonly WeightName[] = ['critW', 'critB', 'valW', 'valB'];
export type WeightName = (typeof WEIGHT_NAMES)[number];
export type Weights = Record<WeightName, tf.Tensor>;

/** Weights as plain data (checkpoints, init). */
export interface WeightData {
  shape: number[];
  data: Float32Array;
}
export type WeightsData = Record<WeightName, WeightData>;

export function weightShapes(d: ModelDims): Record<WeightName, number[]> {
  const D = d.hidden;
  const V = d.vocabSize;
  return {
    encW: [d.hashBuckets, D], encB: [D],
    decW: [decoderWidth(d), D], decB: [D],
    hidW: [D, D], hidB: [D],
    outW: [D, V], outB: [V],
    gateW: [D, COPY_KINDS],
    lookW: [D, LOOKAHEAD_KINDS],
    valW: [D, 1], valB: [1],
    critW: [d.hashBuckets, D], critB: [D],
  };
}

export function parameterCount(d: ModelDims): number {
  return Object.values(weightShapes(d)).reduce((s, shape) => s + shape.reduce((a, b) => a * b, 1), 0);
}

/** Initial weights from `seed` (pass deriveSeed(root, 'init')): Gaussian, drawn in JS. */
export function initialWeights(d: ModelDims, seed: number, thinkStopLogit = Math.log(4)): WeightsData {
  const rng = createRng(seed);
  const shapes = weightShapes(d);
  const std: Record<WeightName, number> = {
    encW: 1, encB: 0, decW: 0.5, decB: 0, hidW: Math.sqrt(2 / d.hidden), hidB: 0,
    outW: 0.05, outB: 0, gateW: 0.05, lookW: 0.05, valW: 0, valB: 0,
    critW: 1, critB: 0, // drawn last: the policy's initial weights are those of format v1
  };
  const out = {} as WeightsData;
  for (const name of WEIGHT_NAMES) {
    const shape = shapes[name];
    const data = new Float32Array(shape.reduce((a, b) => a * b, 1));
    if (std[name] > 0) for (let i = 0; i < data.length; i++) data[i] = rng.normal() * std[name];
    out[name] = { shape, data };
  }
  // P(</think>) ≈ e^b / (e^b + |θ|) at init: thought runs of varying length from the start.
  out.outB.data[THINK_CLOSE] = thinkStopLogit;
  return out;
}

/** ctx [R, D] from encoder inputs x [R, H]. */
export function contextOf(w: Weights, x: tf.Tensor2D): tf.Tensor2D {
  return tf.tidy(() => tf.relu(tf.add(inputMatMul(x, w.encW as tf.Tensor2D), w.encB)) as tf.Tensor2D); // [R, D]
}

/** V(s) [R] from encoder inputs x [R, H], through the critic's own encoder. */
export function valuesOf(w: Weights, x: tf.Tensor2D): tf.Tensor1D {
  return tf.tidy(() => {
    const c = tf.relu(tf.add(inputMatMul(x, w.critW), w.critB)); // critic context [R, D]
    return tf.reshape(tf.add(matMul(c, w.valW), w.valB), [-1]) as tf.Tensor1D; // V(s) [R]
  });
}

/**
 * Logits z [R, P, V] for P decisions per row.
 * ctx [R, D]; dec [R·P, F] decoder features; copy [R, K, V] copy features; look [R·P, J·V] lookahead.
 * `differentiable` false (sampling) uses plain tf.matMul instead of the custom-gradient products.
 */
export function logitsOf(
  w: Weights, ctx: tf.Tensor2D, dec: tf.Tensor2D, copy: tf.Tensor3D, look: tf.Tensor2D, P: number, differentiable = true,
): tf.Tensor3D {
  const mm = differentiable ? matMul : (a: tf.Tensor, b: tf.Tensor) => tf.matMul(a as tf.Tensor2D, b as tf.Tensor2D);
  const imm = differentiable ? inputMatMul : mm;
  return tf.tidy(() => {
    const [R, D] = ctx.shape;
    const V = copy.shape[2];
    const f = tf.reshape(imm(dec, w.decW), [R, P, D]); // f·W_dec [R, P, D]
    const h = tf.relu(tf.add(tf.add(f, tf.expandDims(ctx, 1)), w.decB)); // h [R, P, D]
    const h2 = tf.relu(tf.add(mm(tf.reshape(h, [R * P, D]), w.hidW), w.hidB)); // h₂ [R·P, D]
    const base = tf.add(mm(h2, w.outW), w.outB); // [R·P, V]
    // Σ_j (h₂·W_look)_j L_j and Σ_k (h₂·W_gate)_k C_k as broadcast products (tf.split and small
    // batched matmuls are slow on wasm)
    const lookGate = tf.reshape(mm(h2, w.lookW), [R * P, LOOKAHEAD_KINDS, 1]); // [R·P, J, 1]
    const lookTerm = tf.sum(tf.mul(lookGate, tf.reshape(look, [R * P, LOOKAHEAD_KINDS, V])), 1); // [R·P, V]
    const copyGate = tf.reshape(mm(h2, w.gateW), [R, P, COPY_KINDS, 1]); // [R, P, K, 1]
    const copyTerm = tf.sum(tf.mul(copyGate, tf.expandDims(copy, 1)), 2); // [R, P, V]
    return tf.add(tf.reshape(tf.add(base, lookTerm), [R, P, V]), copyTerm) as tf.Tensor3D; // z [R, P, V]
  });
}

/** A batch of recorded decisions, as dense tensors (see src/core/train/batch.ts). */
export interface DecisionBatch {
  x: tf.Tensor2D; // [R, H]
  dec: tf.Tensor2D; // [R·P, F]
  copy: tf.Tensor3D; // [R, K, V]
  look: tf.Tensor2D; // [R·P, J·V]
  /** 0 where allowed, −1e9 where masked [R, P, V]. */
  allowedBias: tf.Tensor3D;
  /** Chosen token per decision, int32 [R, P] (0 on padding). */
  chosen: tf.Tensor2D;
  /** 1 on real decisions, 0 on padding [R, P]. */
  mask: tf.Tensor2D;
  positions: number;
}

export interface DecisionScores {
  logProb: tf.Tensor2D; // log π(a_k | prefix) [R, P]
  entropy: tf.Tensor2D; // H(π(· | prefix)) over the allowed tokens [R, P]
}

/**
 * log π over the allowed tokens at sampling temperature τ [R, P, V]:
 *   log π(v) = z_v/τ − log Σ_{u ∈ allowed} exp(z_u/τ)
 * The same distribution sampling.ts draws from, so π_old, π_θ and π_ref are all scored at τ (as verl
 * divides the logits by the rollout temperature before computing log-probs).
 */
function logPolicyOf(w: Weights, ctx: tf.Tensor2D, b: DecisionBatch, temperature: number): tf.Tensor3D {
  const z = logitsOf(w, ctx, b.dec, b.copy, b.look, b.positions); // [R, P, V]
  const scaled = temperature === 1 ? z : tf.div(z, temperature); // z/τ [R, P, V]
  return tf.logSoftmax(tf.add(scaled, b.allowedBias)) as tf.Tensor3D; // [R, P, V]
}

/** log π(a_k | prefix) of the chosen tokens from log π [R, P, V]. */
function pickChosen(logp: tf.Tensor3D, b: DecisionBatch): tf.Tensor2D {
  const V = logp.shape[2];
  const onehot = tf.cast(tf.oneHot(tf.reshape(b.chosen, [-1]), V), 'float32'); // [R·P, V]
  const picked = tf.mul(tf.reshape(logp, [-1, V]), onehot); // [R·P, V]
  return tf.reshape(tf.sum(picked, -1), b.mask.shape) as tf.Tensor2D; // [R, P]
}

/** Log-probs and entropies of the recorded decisions under `w` at temperature τ (differentiable). */
export function scoreDecisions(w: Weights, b: DecisionBatch, temperature = 1): DecisionScores {
  return tf.tidy(() => {
    const ctx = contextOf(w, b.x); // [R, D]
    const logp = logPolicyOf(w, ctx, b, temperature); // [R, P, V]
    const logProb = pickChosen(logp, b); // [R, P]
    const entropy = tf.neg(tf.sum(tf.mul(tf.exp(logp), logp), -1)) as tf.Tensor2D; // [R, P]
    return { logProb, entropy };
  });
}

/** Only log π(a_k | prefix) [R, P] at temperature τ: the π_ref / π_old scoring pass (no entropy, no values). */
export function logProbsOf(w: Weights, b: DecisionBatch, temperature = 1): tf.Tensor2D {
  return tf.tidy(() => pickChosen(logPolicyOf(w, contextOf(w, b.x), b, temperature), b));
}
