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
 * x, f, C and L are sparse (inputs.ts): x·W and f·W are embedding bags, the copy and lookahead
 * terms one sparse product M·g with g = h₂·[W_look | W_gate] (sparse.ts). These functions are the
 * forward pass only; the update's gradients are written out in gradients.ts.
 *
 * The critic shares no weights with the policy (as verl's separate critic model): its squared
 * error (≈ 5 × 0.5 for the length-shaping baselines) would otherwise drive the policy's encoder
 * far harder than the policy loss (≈ 0.002) does. Checkpoint format v2 carries critW/critB.
 *
 * Gotchas: no float32 oneHot (wasm garbage: the chosen-token one-hot is an int32 oneHot cast); no
 * tf.gather under autodiff (no wasm gradient): gathers here run in forward passes only (as gatherND, `pick`).
 */
import * as tf from '@tensorflow/tfjs-core';
import { createRng } from '../math';
import type { SparseOperand } from './sparse';
import { THINK_CLOSE } from './vocabulary';
import { ownKernelsActive } from './wasm-kernels';
import { GATHER_DOT_KERNEL } from './wasm-own-kernels';
import { GROUP_FIELDS } from './wasm-gather-dot';
import { WEIGHT_NAMES, weightShapes, type ModelDims, type WeightName, type WeightsData } from './weight-shapes';

export { CRITIC_WEIGHTS, parameterCount, WEIGHT_NAMES, weightShapes } from './weight-shapes';
export type { ModelDims, WeightData, WeightName, WeightsData } from './weight-shapes';
export type Weights = Record<WeightName, tf.Tensor>;

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

/** ctx [R, D] from the encoder inputs x [R, H]. */
export function contextOf(w: Weights, x: SparseOperand): tf.Tensor2D {
  return tf.tidy(() => tf.relu(tf.add(x.times(w.encW as tf.Tensor2D), w.encB)) as tf.Tensor2D); // [R, D]
}

/** The critic's context c [R, D] and V(s) [R], through its own encoder. */
export function criticOf(w: Weights, x: SparseOperand): { c: tf.Tensor2D; values: tf.Tensor1D } {
  return tf.tidy(() => {
    const c = tf.relu(tf.add(x.times(w.critW as tf.Tensor2D), w.critB)) as tf.Tensor2D; // critic context [R, D]
    const values = tf.reshape(tf.add(tf.matMul(c, w.valW as tf.Tensor2D), w.valB), [-1]) as tf.Tensor1D; // V(s) [R]
    return { c, values };
  });
}

/** V(s) [R] from the encoder inputs x [R, H]. */
export function valuesOf(w: Weights, x: SparseOperand): tf.Tensor1D {
  return tf.tidy(() => criticOf(w, x).values);
}

/** [W_look | W_gate] [D, G]: the gates of the lookahead and copy terms (inputs.ts). */
export function gateWeights(w: Weights): tf.Tensor2D {
  return tf.concat([w.lookW as tf.Tensor2D, w.gateW as tf.Tensor2D], 1);
}

/** The decoder's sparse inputs for N decisions. */
export interface DecisionInputs {
  /** [f | e_r] [N, W_dec + R]: decoder features and a one at the decision's context row (inputs.ts). */
  decoder: SparseOperand;
  /** M [N·V, N·G]: lookahead and copy features. */
  gated: SparseOperand;
}

/**
 * The decoder's lookup table [W_dec + R, D]: W_dec's rows, then the contexts ctx [R, D], so that
 * f·W_dec + ctx_r is one embedding bag over [f | e_r] (no gather, no broadcast add).
 */
export function decoderTable(w: Weights, ctx: tf.Tensor2D): tf.Tensor2D {
  return tf.concat([w.decW as tf.Tensor2D, ctx], 0);
}

export interface DecoderActivations {
  h: tf.Tensor2D; // [N, D]
  h2: tf.Tensor2D; // [N, D]
  z: tf.Tensor2D; // logits [N, V]
}

/** The hidden layers h, h₂ [N, D] of N decisions from the decoder table. */
function hiddenOf(w: Weights, table: tf.Tensor2D, inp: DecisionInputs): { h: tf.Tensor2D; h2: tf.Tensor2D } {
  const h = tf.relu(tf.add(inp.decoder.times(table), w.decB)) as tf.Tensor2D; // h = relu(f·W_dec + ctx + b_dec) [N, D]
  const h2 = tf.fused.matMul({ a: h, b: w.hidW as tf.Tensor2D, bias: w.hidB, activation: 'relu' }) as tf.Tensor2D; // h₂ [N, D]
  return { h, h2 };
}

/** g = h₂·[W_look | W_gate] [N·G, 1], the gates of the lookahead and copy terms. */
const gatesOf = (h2: tf.Tensor2D, gateW: tf.Tensor2D) => tf.reshape(tf.matMul(h2, gateW), [-1, 1]) as tf.Tensor2D;

/** Hidden layers and logits of N decisions from the decoder table and [W_look | W_gate] (gateWeights). */
export function decoderOf(w: Weights, table: tf.Tensor2D, gateW: tf.Tensor2D, inp: DecisionInputs): DecoderActivations {
  return tf.tidy(() => {
    const { h, h2 } = hiddenOf(w, table, inp);
    return { h, h2, z: logitsOf(w, h2, gateW, inp) };
  });
}

/** z = h₂·W_out + b_out + M·g [N, V]: every logit of N decisions. */
function logitsOf(w: Weights, h2: tf.Tensor2D, gateW: tf.Tensor2D, inp: DecisionInputs): tf.Tensor2D {
  const out = tf.fused.matMul({ a: h2, b: w.outW as tf.Tensor2D, bias: w.outB }) as tf.Tensor2D; // h₂·W_out + b_out [N, V]
  if (inp.gated.entries === 0) return out; // no copy or lookahead term (e.g. a step of thoughts only)
  const gated = tf.reshape(inp.gated.times(gatesOf(h2, gateW)), [inp.decoder.rows, -1]); // Σ_j g_j L_j + Σ_k g_k C_k [N, V]
  return tf.add(out, gated) as tf.Tensor2D; // z [N, V]
}

/**
 * h₂·W_out + b_out at the allowed pairs [U] (wasm-gather-dot.ts: each entry summed as the whole product sums
 * it) where the project's wasm kernels run and `allowed` is given; null elsewhere (the caller computes the whole
 * product). bench/pytorch/peer.ts's gemmStep runs it too.
 */
export function outputAtPairs(h2: tf.Tensor2D, outW: tf.Tensor2D, outB: tf.Tensor1D, allowed: AllowedEntries | null): tf.Tensor1D | null {
  if (!allowed || !ownKernelsActive()) return null;
  const groups = tf.tensor2d(allowed.groups, [allowed.groups.length / GROUP_FIELDS, GROUP_FIELDS], 'int32');
  return tf.engine().runKernel(GATHER_DOT_KERNEL, { a: h2, b: tf.transpose(outW), bias: outB, groups }, { entries: allowed.token.length }) as tf.Tensor1D;
}

/**
 * The hidden layers and the logits of each decision's allowed tokens, [N, K] slots (DecisionBatch.allowedIndex):
 * what the update and the scoring passes read of z. Where the project's wasm kernels run, only those logits
 * are computed (about 9 of V = 124 per decision under constrained decoding; outputAtPairs), with the floats
 * of decoderOf's z; elsewhere z [N, V] is computed and picked from.
 */
function allowedLogits(w: Weights, table: tf.Tensor2D, gateW: tf.Tensor2D, b: DecisionBatch): { h: tf.Tensor2D; h2: tf.Tensor2D; zAllowed: tf.Tensor2D } {
  const { h, h2 } = hiddenOf(w, table, b);
  const e = b.allowedEntries;
  let z = outputAtPairs(h2, w.outW as tf.Tensor2D, w.outB as tf.Tensor1D, e); // [U]
  if (!z || !e) return { h, h2, zAllowed: tf.reshape(pick(tf.reshape(logitsOf(w, h2, gateW, b), [-1]), b.allowedIndex), b.allowedBias.shape) as tf.Tensor2D };
  if (b.gated.entries > 0) z = tf.add(z, pick(tf.reshape(b.gated.times(gatesOf(h2, gateW)), [-1]), tf.tensor1d(e.at, 'int32'))); // + the gated terms [U]
  return { h, h2, zAllowed: tf.reshape(pick(z, tf.tensor1d(e.slot, 'int32')), b.allowedBias.shape) as tf.Tensor2D };
}

/**
 * A batch of recorded decisions on the device (see batch.ts): R rows (responses) of up to P
 * decisions, N decisions packed in row order. The network's tensors are [N, ·]; the loss reads
 * [R, P] (toPadded).
 */
export interface DecisionBatch extends DecisionInputs {
  /** x [R, H]. */
  encoder: SparseOperand;
  /** n·V + v of decision n's k-th allowed token, int32 [N·K] (batch.ts allowedSlots). */
  allowedIndex: tf.Tensor1D;
  /** 0 on allowed slots, −1e9 on unused ones [N, K]. */
  allowedBias: tf.Tensor2D;
  /** 1 at the chosen token's slot [N, K]. */
  chosenOneHot: tf.Tensor2D;
  /** n·K + k of the chosen token's slot, int32 [N]: the flat index of log π(aₙ) in [N, K]. */
  chosenFlat: tf.Tensor1D;
  /** r·P + k of decision n, int32 [N]. */
  packIndex: tf.Tensor1D;
  /** The decision at position (r, k), or N on padding, int32 [R·P]. */
  padIndex: tf.Tensor1D;
  /** 1 on real decisions, 0 on padding [R, P]. */
  mask: tf.Tensor2D;
  rows: number;
  positions: number;
  /** N (at least 1: a batch without decisions keeps one empty slot). */
  decisions: number;
  /** K: slots per decision in the allowed-token view. */
  allowedWidth: number;
  /**
   * Every allowed (decision n, token v), the only logits whose ∂ℓ/∂z can be nonzero, plain data for
   * gradients.ts; null when some decision's allowed tokens do not ascend (batch.ts allowedSlots).
   */
  allowedEntries: AllowedEntries | null;
}

/**
 * Allowed (decision n, token v) pairs: by decision with tokens ascending, and by token with decisions
 * ascending; `at` is n·V + v, the pair's place in [N, V] logits.
 */
export interface AllowedEntries {
  decision: Int32Array;
  token: Int32Array;
  at: Int32Array;
  byToken: { decision: Int32Array; token: Int32Array; at: Int32Array };
  /** The pairs four at a time per decision, as the allowed logits' kernel reads them (wasm-gather-dot.ts records). */
  groups: Int32Array;
  /** Slot n·K + k → its pair (an unused slot → the decision's first pair): the [N, K] slots from the pairs. */
  slot: Int32Array;
}

/**
 * x[index] for a 1-D x and int32 index [M]: tf.gatherND with [M, 1] indices. The wasm backend's
 * GatherV2 checks every index in JavaScript and copies in a generic loop, ~12× the time of its
 * GatherNd on these sizes (~20,000 indices: 0.79 ms against 0.065 ms); the values are the same.
 */
function pick(x: tf.Tensor, index: tf.Tensor1D): tf.Tensor1D {
  return tf.gatherND(x, tf.reshape(index, [-1, 1])) as tf.Tensor1D;
}

/** [N] per decision → [R, P] per position (0 on padding). */
export function toPadded(b: DecisionBatch, x: tf.Tensor1D): tf.Tensor2D {
  return tf.tidy(() => tf.reshape(pick(tf.concat([x, tf.zeros([1])]), b.padIndex), b.mask.shape) as tf.Tensor2D);
}

/** [R, P] per position → [N] per decision. */
export function toPacked(b: DecisionBatch, x: tf.Tensor2D): tf.Tensor1D {
  return tf.tidy(() => pick(tf.reshape(x, [-1]), b.packIndex));
}

/** What the update keeps from its forward pass (gradients.ts). */
export interface PolicyForward {
  h: tf.Tensor2D; // [N, D]
  h2: tf.Tensor2D; // [N, D]
  ctx: tf.Tensor2D; // [R, D]
  logp: tf.Tensor2D; // log π over the allowed tokens [N, K] (slots: DecisionBatch.allowedIndex)
  p: tf.Tensor2D; // π [N, K]
  logProb: tf.Tensor2D; // log π(a_k | prefix) [R, P]
  entropy: tf.Tensor2D; // H(π(· | prefix)) over the allowed tokens [R, P]
  decisionEntropy: tf.Tensor1D; // the same per decision [N]
}

/**
 * The forward pass at sampling temperature τ:
 *   log π(v) = z_v/τ − log Σ_{u ∈ allowed} exp(z_u/τ),   H = −Σ_v π(v) log π(v)
 * The same distribution sampling.ts draws from, so π_old, π_θ and π_ref are all scored at τ (as verl
 * divides the logits by the rollout temperature before computing log-probs).
 */
export function policyForward(w: Weights, b: DecisionBatch, temperature = 1): PolicyForward {
  return tf.tidy(() => {
    const ctx = contextOf(w, b.encoder); // [R, D]
    const { h, h2, zAllowed } = allowedLogits(w, decoderTable(w, ctx), gateWeights(w), b);
    const { logp, logProb } = logPolicy(zAllowed, b, temperature);
    const p = tf.exp(logp) as tf.Tensor2D; // π [N, K]
    const decisionEntropy = tf.neg(tf.sum(tf.mul(p, logp), -1)) as tf.Tensor1D; // [N]
    return { h, h2, ctx, logp, p, logProb, entropy: toPadded(b, decisionEntropy), decisionEntropy };
  });
}

/**
 * log π over each decision's allowed tokens, [N, K] slots, from their logits (allowedLogits), so the
 * log-softmax costs N·K, not N·V (masked tokens have π = 0 either way, and
 * the allowed ones sit in the same order, so the sums are the same).
 */
function logPolicy(zAllowed: tf.Tensor2D, b: DecisionBatch, temperature: number): { logp: tf.Tensor2D; logProb: tf.Tensor2D } {
  const scaled = temperature === 1 ? zAllowed : tf.div(zAllowed, temperature); // z/τ [N, K]
  const logp = tf.logSoftmax(tf.add(scaled, b.allowedBias)) as tf.Tensor2D; // [N, K]
  const logProb = toPadded(b, pick(tf.reshape(logp, [-1]), b.chosenFlat)); // [R, P]
  return { logp, logProb };
}

/** Log-probs and entropies of the recorded decisions under `w` at temperature τ. */
export function scoreDecisions(w: Weights, b: DecisionBatch, temperature = 1): { logProb: tf.Tensor2D; entropy: tf.Tensor2D } {
  return tf.tidy(() => {
    const f = policyForward(w, b, temperature);
    return { logProb: f.logProb, entropy: f.entropy };
  });
}

/** Only log π(a_k | prefix) [R, P] at temperature τ: the π_ref scoring pass (no entropy, no values). */
export function logProbsOf(w: Weights, b: DecisionBatch, temperature = 1): tf.Tensor2D {
  return tf.tidy(() => logPolicy(allowedLogits(w, decoderTable(w, contextOf(w, b.encoder)), gateWeights(w), b).zAllowed, b, temperature).logProb);
}
