/**
 * Clipped surrogate policy loss with asymmetric clip range and dual clip (verl's `compute_policy_loss`):
 *
 *   ρ = exp(log π_θ − log π_old)                                   per token
 *   ℓ₁ = −A·ρ,   ℓ₂ = −A·clip(ρ, 1 − ε_low, 1 + ε_high),   ℓ_clip = max(ℓ₁, ℓ₂)
 *   ℓ₃ = −A·c                                                      (dual clip, c > 1)
 *   ℓ = min(ℓ₃, ℓ_clip) if A < 0, else ℓ_clip;   pgLoss = agg(ℓ, mask)
 *
 * This is the negated PPO objective −min(ρA, clip(ρ)A) of the paper's Eq. 9 (PlanPO, §3.4), with
 * a token-level ratio as verl computes it (the paper writes a response-level ρ).
 *
 * Gotchas (each pinned by a test):
 * - The dual clip applies only where A < 0: it caps the loss of a bad token whose ratio exploded.
 * - PPO never clips on the pessimistic side: for A > 0 and ρ < 1 − ε_low the unclipped term wins
 *   and its gradient is nonzero.
 * - clipFraction = masked_mean(ℓ₂ > ℓ₁): tokens where the clip holds the update back.
 *   clipFractionLower = masked_mean(ℓ_clip > ℓ₃ and A < 0): tokens where the dual clip binds.
 *   Both are token means (+1e-8 denominator) whatever the aggregation mode, as is approxKl.
 * - approxKl = masked_mean(log π_old − log π_θ): verl's `ppo_kl`, the k1 estimate of KL(π_old ‖ π_θ).
 * - ratioLevel 'turn' (Turn-PPO) replaces log ρ by the row's masked mean log-ratio before the clip;
 *   clipFraction and approxKl then count each response's one ratio once per token.
 * - At exact ties (ρ exactly on a clip boundary) torch splits the gradient of max/min in half and
 *   tfjs gives it to one side; the totals agree except on the boundary itself.
 */
import * as tf from '@tensorflow/tfjs-core';
import { aggregateLoss, maskedMean, type AggMode } from './aggregate';

/**
 * Where ρ is taken: 'token' (verl: one ratio per token) or 'turn' (Turn-PPO: one ratio per row,
 * exp of the masked mean of the row's token log-ratios, the geometric mean of its token ratios).
 */
export type RatioLevel = 'token' | 'turn';

/**
 * ε_low, ε_high (clip range [1 − ε_low, 1 + ε_high]), the dual-clip constant c (> 1), and where the
 * ratio is taken (absent = 'token'; an estimator entry declares 'turn', the trainer passes it on).
 */
export interface ClipConfig {
  clipLow: number;
  clipHigh: number;
  clipRatioC: number;
  ratioLevel?: RatioLevel;
}

/** verl's defaults: symmetric ε = 0.2, dual clip c = 3. DAPO's clip-higher uses clipHigh = 0.28. */
export const DEFAULT_CLIP: ClipConfig = { clipLow: 0.2, clipHigh: 0.2, clipRatioC: 3 };

export interface PolicyLossResult {
  pgLoss: tf.Scalar;
  clipFraction: tf.Scalar;
  clipFractionLower: tf.Scalar;
  approxKl: tf.Scalar;
}

/** Throws when the clip config is not usable (verl asserts c > 1). */
export function validateClip(clip: ClipConfig): void {
  const { clipLow, clipHigh, clipRatioC } = clip;
  if (!(clipLow >= 0 && clipLow < 1)) throw new Error(`clipLow must be in [0, 1), got ${clipLow}`);
  if (!(clipHigh >= 0 && Number.isFinite(clipHigh))) throw new Error(`clipHigh must be ≥ 0, got ${clipHigh}`);
  if (!(clipRatioC > 1)) throw new Error(`clipRatioC (dual clip c) must be > 1, got ${clipRatioC}`);
}

/** The per-token terms of the surrogate [R, K]: what the loss and its diagnostics are made of. */
export interface SurrogateParts {
  logRatio: tf.Tensor2D;
  unclipped: tf.Tensor2D;
  clipped: tf.Tensor2D;
  pessimistic: tf.Tensor2D;
  dualBound: tf.Tensor2D;
  negative: tf.Tensor2D;
  lossMat: tf.Tensor2D;
}

/**
 * log ρ [R, K]: per token, or (ratioLevel 'turn') each row's masked mean log-ratio broadcast over the
 * row, so every token of a response shares one ratio and one clip decision. Call inside a tf.tidy.
 */
function logRatioOf(logProb: tf.Tensor2D, oldLogProb: tf.Tensor2D, mask: tf.Tensor2D | null, clip: ClipConfig): tf.Tensor2D {
  const tokenLogRatio = tf.sub(logProb, oldLogProb) as tf.Tensor2D; // log ρ_k [R, K]
  if ((clip.ratioLevel ?? 'token') === 'token') return tokenLogRatio;
  const m = mask ? tf.cast(mask, 'float32') : tf.onesLike(tokenLogRatio); // [R, K]
  const rowSum = tf.sum(tf.mul(tokenLogRatio, m), 1, true); // Σ_k m·log ρ_k [R, 1]
  const rowLen = tf.maximum(tf.sum(m, 1, true), 1); // K_{i,t}, ≥ 1 for an all-masked row [R, 1]
  return tf.mul(tf.onesLike(tokenLogRatio), tf.div(rowSum, rowLen)) as tf.Tensor2D; // mean log ρ broadcast [R, K]
}

/** The per-token terms of the surrogate; call inside a tf.tidy. */
function surrogateParts(
  logProb: tf.Tensor2D, oldLogProb: tf.Tensor2D, advantages: tf.Tensor2D, clip: ClipConfig, mask: tf.Tensor2D | null = null,
): SurrogateParts {
  const logRatio = logRatioOf(logProb, oldLogProb, mask, clip); // log ρ [R, K]
  const ratio = tf.exp(logRatio); // ρ [R, K]
  const negAdv = tf.neg(advantages); // −A [R, K]
  const unclipped = tf.mul(negAdv, ratio) as tf.Tensor2D; // ℓ₁ = −A·ρ [R, K]
  const clippedRatio = tf.clipByValue(ratio, 1 - clip.clipLow, 1 + clip.clipHigh); // [R, K]
  const clipped = tf.mul(negAdv, clippedRatio) as tf.Tensor2D; // ℓ₂ [R, K]
  const pessimistic = tf.maximum(unclipped, clipped) as tf.Tensor2D; // ℓ_clip [R, K]
  const dualBound = tf.mul(negAdv, clip.clipRatioC) as tf.Tensor2D; // ℓ₃ = −A·c [R, K]
  const negative = tf.less(advantages, 0) as tf.Tensor2D; // A < 0 [R, K] (bool)
  const lossMat = tf.where(negative, tf.minimum(pessimistic, dualBound), pessimistic) as tf.Tensor2D; // ℓ [R, K]
  return { logRatio, unclipped, clipped, pessimistic, dualBound, negative, lossMat };
}

/** The unmasked per-token loss ℓ [R, K] before aggregation (for plots and tests). */
export function policyLossMatrix(
  logProb: tf.Tensor2D,
  oldLogProb: tf.Tensor2D,
  advantages: tf.Tensor2D,
  clip: ClipConfig,
  mask: tf.Tensor2D | null = null,
): tf.Tensor2D {
  validateClip(clip);
  return tf.tidy(() => surrogateParts(logProb, oldLogProb, advantages, clip, mask).lossMat);
}

/**
 * The clipped, dual-clipped surrogate loss, and the per-token terms its diagnostics read
 * (policyDiagnostics): the part an update differentiates. Call inside a tf.tidy.
 */
export function surrogateLoss(
  logProb: tf.Tensor2D,
  oldLogProb: tf.Tensor2D,
  advantages: tf.Tensor2D,
  mask: tf.Tensor2D,
  clip: ClipConfig,
  aggMode: AggMode,
): { pgLoss: tf.Scalar; parts: SurrogateParts } {
  validateClip(clip);
  const parts = surrogateParts(logProb, oldLogProb, advantages, clip, mask);
  return { pgLoss: aggregateLoss(parts.lossMat, mask, aggMode), parts };
}

/**
 * clipFraction, clipFractionLower and approxKl from the surrogate's terms: no gradient flows through
 * them, so an update computes them outside the gradient tape. Call inside a tf.tidy.
 */
export function policyDiagnostics(p: SurrogateParts, mask: tf.Tensor2D): Omit<PolicyLossResult, 'pgLoss'> {
  const clipFraction = maskedMean(tf.cast(tf.greater(p.clipped, p.unclipped), 'float32'), mask);
  const lowerHit = tf.logicalAnd(tf.greater(p.pessimistic, p.dualBound), p.negative); // [R, K]
  const clipFractionLower = maskedMean(tf.cast(lowerHit, 'float32'), mask);
  const approxKl = maskedMean(tf.neg(p.logRatio), mask);
  return { clipFraction, clipFractionLower, approxKl };
}

/**
 * The clipped, dual-clipped surrogate loss and its diagnostics. Inputs are [R, K]; `advantages`
 * holds each response's advantage broadcast over its tokens (0 on padding).
 */
export function policyLoss(
  logProb: tf.Tensor2D,
  oldLogProb: tf.Tensor2D,
  advantages: tf.Tensor2D,
  mask: tf.Tensor2D,
  clip: ClipConfig,
  aggMode: AggMode,
): PolicyLossResult {
  return tf.tidy(() => {
    const { pgLoss, parts } = surrogateLoss(logProb, oldLogProb, advantages, mask, clip, aggMode);
    return { pgLoss, ...policyDiagnostics(parts, mask) };
  });
}
