/**
 * The network's backward pass, written out: gradients of the weights from the loss's gradients
 * with respect to log π(a) [R, P], H [R, P] and V(s) [R] (the loss itself stays in src/core/loss and
 * is differentiated by tfjs on those small tensors). It equals tfjs autodiff of the dense network
 * (tests/core/policy/sparse-equivalence.test.ts); writing it out avoids what autodiff costs here:
 * an `identity` copy of every tensor each op saves (a memcpy on wasm), a ones-tensor for every sum's
 * gradient, the dense one-hot inputs, and the gather gradient wasm lacks.
 *
 * Head (per packed decision n, temperature τ, gL = ∂ℓ/∂log π(aₙ), gH = ∂ℓ/∂Hₙ, read from the loss's [R, P]):
 *   ∂ℓ/∂zₙ = (gL·(onehot(aₙ) − π) − gH·π·(log π + Hₙ)) / τ
 * (softmax Jacobian with H = −Σ π log π; masked tokens have π = 0 and get no gradient).
 * Then the layers in reverse: relu passes where its output is > 0 (tfjs's step, 0 at 0); biases sum
 * their rows; W gets Aᵀ·dY (the transposes read in place by the project's wasm product, written out
 * elsewhere: tfjs-wasm's own transposeA is 10–25× slower), except the output layer's two, which the project's
 * kernels sum over the allowed logits only (outputProducts); the sparse inputs scatter-add their rows
 * (SparseOperand.transposeTimes).
 */
import * as tf from '@tensorflow/tfjs-core';
import { COPY_KINDS, LOOKAHEAD_KINDS } from './features';
import { gateWeights, toPacked, type AllowedEntries, type DecisionBatch, type PolicyForward, type WeightName, type Weights } from './model';
import { columnSums, rowSlice, type SparseOperand } from './sparse';
import { ownKernelsActive } from './wasm-kernels';
import { RELU_BACK_KERNEL, WEIGHTED_SEGMENT_SUM_KERNEL } from './wasm-own-kernels';

export type WeightGrads = Partial<Record<WeightName, tf.Tensor>>;

/**
 * X as the left operand of Xᵀ·B products: read in place where the backend's product does that
 * (the project's wasm kernel, wasm-kernels.ts), else transposed once here and shared by the products.
 */
export function transposedLeft(x: tf.Tensor2D): (b: tf.Tensor2D) => tf.Tensor2D {
  if (ownKernelsActive()) return (b) => tf.matMul(x, b, true, false);
  const xT = tf.transpose(x);
  return (b) => tf.matMul(xT, b);
}

/** A·Bᵀ: the transpose read by the product where it can, else written out. */
export function matMulT(a: tf.Tensor2D, b: tf.Tensor2D): tf.Tensor2D {
  return ownKernelsActive() ? tf.matMul(a, b, false, true) : tf.matMul(a, tf.transpose(b));
}

/** dY ⊙ relu′: passes where the relu's output y is positive (one kernel where the project's wasm kernels run, the same floats). */
function reluBack(dy: tf.Tensor2D, y: tf.Tensor2D): tf.Tensor2D {
  if (ownKernelsActive()) return tf.engine().runKernel(RELU_BACK_KERNEL, { dy, y }) as tf.Tensor2D;
  return tf.mul(dy, tf.step(y)) as tf.Tensor2D;
}

/**
 * ∂ℓ/∂z [N, V] from gL, gH [R, P] (gH null: the loss does not use the entropy). Computed on the
 * allowed slots [N, K] (f.p, f.logp) and scattered to [N, V]; unused slots carry π = 0, so they
 * add zeros.
 */
function logitGrad(f: PolicyForward, b: DecisionBatch, V: number, gLogProb: tf.Tensor2D, gEntropy: tf.Tensor2D | null, temperature: number): tf.Tensor2D {
  const N = f.p.shape[0];
  const gL = tf.reshape(toPacked(b, gLogProb), [N, 1]); // per decision [N, 1]
  let inner: tf.Tensor = gL; // gL + gH·(log π + H) [N, K]
  if (gEntropy) inner = tf.add(gL, tf.mul(tf.reshape(toPacked(b, gEntropy), [N, 1]), tf.add(f.logp, tf.reshape(f.decisionEntropy, [N, 1]))));
  const dScaled = tf.sub(tf.mul(b.chosenOneHot, gL), tf.mul(f.p, inner)); // ∂ℓ/∂(z/τ) on the allowed slots [N, K]
  const dSlots = temperature === 1 ? dScaled : tf.div(dScaled, temperature); // ∂ℓ/∂z [N, K]
  return tf.reshape(tf.scatterND(tf.reshape(b.allowedIndex, [-1, 1]), tf.reshape(dSlots, [-1]), [N * V]), [N, V]) as tf.Tensor2D;
}

/** out[s] = 0 + Σ weights[e]·data[indices[e]] over the entries of segment s, in entry order: the project's wasm kernel. */
function weightedSegmentSum(data: tf.Tensor2D, indices: Int32Array, segments: Int32Array, weights: tf.Tensor1D, rows: number): tf.Tensor2D {
  const inputs = { data, indices: tf.tensor1d(indices, 'int32'), segmentIds: tf.tensor1d(segments, 'int32'), weights };
  return tf.engine().runKernel(WEIGHTED_SEGMENT_SUM_KERNEL, inputs, { rows }) as tf.Tensor2D;
}

/**
 * The output layer's two backward products, dz·W_outᵀ [N, D] and h₂ᵀ·dz [D, V], from ∂ℓ/∂z [N, V]. Where
 * the project's wasm kernels run and `allowed` is given, they are sums over the allowed logits only (about
 * 9 of V = 124 per decision under constrained decoding), the only entries of dz that can be nonzero: a
 * dense product's other terms are ±0, and a sum that starts at +0 is never −0, so leaving them out changes
 * nothing: the floats are the dense products' own, order of terms included (tests/core/policy/wasm-kernels.test.ts).
 * `h2T` is h₂ᵀ· (transposedLeft), shared with the gates' product. bench/pytorch/peer.ts's gemmStep runs it too.
 */
export function outputProducts(outW: tf.Tensor2D, allowed: AllowedEntries | null, h2: tf.Tensor2D, h2T: (x: tf.Tensor2D) => tf.Tensor2D, dz: tf.Tensor2D): { dh2: tf.Tensor2D; dOutW: tf.Tensor2D } {
  const e = ownKernelsActive() ? allowed : null;
  if (!e) return { dh2: matMulT(dz, outW), dOutW: h2T(dz) };
  const [N, V] = dz.shape;
  const U = e.token.length;
  const dzFlat = tf.reshape(dz, [-1]);
  const g = tf.gatherND(dzFlat, tf.tensor2d(e.at, [U, 1], 'int32')) as tf.Tensor1D; // dz[n, v] by decision [U]
  const gByToken = tf.gatherND(dzFlat, tf.tensor2d(e.byToken.at, [U, 1], 'int32')) as tf.Tensor1D; // dz[n, v] by token [U]
  return {
    dh2: weightedSegmentSum(tf.transpose(outW), e.token, e.decision, g, N), // Σ_v dz[n, v]·W_out[:, v] [N, D]
    dOutW: tf.transpose(weightedSegmentSum(h2, e.byToken.decision, e.byToken.token, gByToken, V)), // (Σ_n dz[n, v]·h₂[n])ᵀ [D, V]
  };
}

/** Gradients of the policy weights (every name but the critic's). */
export function policyGradients(
  w: Weights, b: DecisionBatch, f: PolicyForward, gLogProb: tf.Tensor2D, gEntropy: tf.Tensor2D | null, temperature: number,
): WeightGrads {
  return tf.tidy(() => {
    const R = b.rows;
    const [N, D] = f.h2.shape;
    const F = b.decoder.cols - R; // W_dec's rows in the decoder table
    // OUTPUT LAYER: z = h₂·W_out + b_out + M·(h₂·[W_look | W_gate])
    const dz = logitGrad(f, b, (w.outW as tf.Tensor2D).shape[1], gLogProb, gEntropy, temperature); // [N, V]
    const dGates = tf.reshape(b.gated.transposeTimes(tf.reshape(dz, [-1, 1]) as tf.Tensor2D), [N, -1]) as tf.Tensor2D; // [N, G]
    const h2T = transposedLeft(f.h2); // h₂ᵀ· [D, N]·, read by both output-layer products
    const dGateW = h2T(dGates); // [D, G]
    const out = outputProducts(w.outW as tf.Tensor2D, b.allowedEntries, f.h2, h2T, dz); // dz·W_outᵀ, h₂ᵀ·dz
    const dh2 = tf.add(out.dh2, matMulT(dGates, gateWeights(w))) as tf.Tensor2D; // [N, D]
    // HIDDEN LAYER: h₂ = relu(h·W_hid + b_hid)
    const dPre2 = reluBack(dh2, f.h2); // [N, D]
    const dh = reluBack(matMulT(dPre2, w.hidW as tf.Tensor2D), f.h); // ∂ℓ/∂(pre-activation of h) [N, D]
    // DECODER AND ENCODER: h = relu([f | e_r]·[W_dec; ctx] + b_dec), ctx = relu(x·W_enc + b_enc)
    const dTable = b.decoder.transposeTimes(dh); // [W_dec + R, D]: scatter-add of the decisions' rows
    const dCtx = reluBack(rowSlice(dTable, F, R), f.ctx); // Σ over the row's decisions [R, D]
    return {
      encW: b.encoder.transposeTimes(dCtx), encB: columnSums(dCtx),
      decW: rowSlice(dTable, 0, F), decB: columnSums(dh),
      hidW: transposedLeft(f.h)(dPre2), hidB: columnSums(dPre2),
      outW: out.dOutW, outB: columnSums(dz),
      gateW: tf.slice(dGateW, [0, LOOKAHEAD_KINDS], [D, COPY_KINDS]),
      lookW: tf.slice(dGateW, [0, 0], [D, LOOKAHEAD_KINDS]),
    };
  });
}

/**
 * Gradients of the critic's weights from gV = ∂ℓ/∂V(s) [R]: V = relu(x·W_crit + b_crit)·w_val + b_val,
 * c = its context [R, D] (criticOf).
 */
export function criticGradients(w: Weights, x: SparseOperand, c: tf.Tensor2D, gValues: tf.Tensor1D): WeightGrads {
  return tf.tidy(() => {
    const gV = tf.reshape(gValues, [-1, 1]) as tf.Tensor2D; // [R, 1]
    const dc = reluBack(matMulT(gV, w.valW as tf.Tensor2D), c); // [R, D]
    return {
      valW: transposedLeft(c)(gV), valB: tf.reshape(tf.sum(gValues), [1]),
      critW: x.transposeTimes(dc), critB: columnSums(dc),
    };
  });
}
