/**
 * Loss aggregation: a per-token loss matrix [R, K] and its mask → one scalar.
 *
 * Rows are responses a_{i,t} (trajectory i, turn t), columns are token positions padded to K,
 * mask is 1 on real tokens and 0 on padding. Semantics follow verl's `agg_loss` exactly:
 *
 *   token-mean               Σ_{r,k} ℓ·m / (Σ_{r,k} m + 1e-8)
 *   seq-mean-token-sum       (1/R) Σ_r Σ_k ℓ·m
 *   seq-mean-token-mean      (1/R) Σ_r (Σ_k ℓ·m / Σ_k m)
 *   seq-mean-token-sum-norm  Σ_{r,k} ℓ·m / K
 *
 * Gotchas (each pinned by a test):
 * - token-mean adds 1e-8 to its denominator, so an all-masked batch gives 0, not NaN.
 * - seq-mean-token-mean gives NaN when any row has an all-zero mask (0/0), as verl does.
 * - seq-mean-token-sum-norm divides by the padded length K, not by the number of rows R
 *   (Dr. GRPO style); K should stay constant through a run for the scale to be comparable.
 * - These apply per (micro-)batch: the mean of two micro-batch token means is not the global
 *   token mean (see `tests/core/loss/aggregate.test.ts`, the micro-batch example). To split a batch
 *   into chunks without changing its loss, weight each chunk's aggregate by `aggregationShare`.
 * - Padding is removed by multiplying with the mask (verl's convention), so a non-finite value
 *   at a padded position still poisons the sum: keep padded inputs finite.
 */
import * as tf from '@tensorflow/tfjs-core';

import { AGG_MODES, type AggMode } from './names';

export { AGG_MODES, type AggMode } from './names';

/** verl's `masked_mean` denominator guard. */
export const MASKED_MEAN_EPSILON = 1e-8;

/** Σ x·m / (Σ m + 1e-8): verl's `masked_mean`, also used for the clip fractions and ppo_kl. */
export function maskedMean(x: tf.Tensor, mask: tf.Tensor): tf.Scalar {
  return tf.tidy(() => {
    const m = tf.cast(mask, 'float32');
    return tf.div(tf.sum(tf.mul(x, m)), tf.add(tf.sum(m), MASKED_MEAN_EPSILON)) as tf.Scalar;
  });
}

/** Aggregates `lossMat` [R, K] under `mask` [R, K] into a scalar with verl's `agg_loss` semantics. */
export function aggregateLoss(lossMat: tf.Tensor2D, mask: tf.Tensor2D, mode: AggMode): tf.Scalar {
  return tf.tidy(() => {
    const m = tf.cast(mask, 'float32'); // [R, K]
    switch (mode) {
      case 'token-mean':
        return maskedMean(lossMat, m);
      case 'seq-mean-token-sum': {
        const seqLoss = tf.sum(tf.mul(lossMat, m), 1); // [R]
        return tf.mean(seqLoss) as tf.Scalar;
      }
      case 'seq-mean-token-mean': {
        const seqLoss = tf.div(tf.sum(tf.mul(lossMat, m), 1), tf.sum(m, 1)); // [R], NaN for empty rows
        return tf.mean(seqLoss) as tf.Scalar;
      }
      case 'seq-mean-token-sum-norm': {
        const paddedLength = m.shape[1]; // K = mask.shape[-1], not R
        return tf.div(tf.sum(tf.mul(lossMat, m)), paddedLength) as tf.Scalar;
      }
      default:
        throw new Error(`unknown aggregation mode "${String(mode)}"; valid modes: ${AGG_MODES.join(', ')}`);
    }
  });
}

/** What a mode's normaliser counts in a (chunk of a) batch: real tokens Σm, rows R, padded length K. */
export interface AggregationExtent {
  tokens: number;
  rows: number;
  paddedLength: number;
}

/**
 * The weight that turns a chunk's aggregate into its part of the whole batch's aggregate:
 * Σ_chunks share·agg(chunk) = agg(batch). token-mean: (Σm_c + 1e-8)/(Σm + 1e-8); the seq-mean modes:
 * R_c/R; seq-mean-token-sum-norm: K_c/K (K = the whole batch's padded length).
 */
export function aggregationShare(mode: AggMode, chunk: AggregationExtent, whole: AggregationExtent): number {
  switch (mode) {
    case 'token-mean':
      return (chunk.tokens + MASKED_MEAN_EPSILON) / (whole.tokens + MASKED_MEAN_EPSILON);
    case 'seq-mean-token-sum':
    case 'seq-mean-token-mean':
      return chunk.rows / whole.rows;
    case 'seq-mean-token-sum-norm':
      return chunk.paddedLength / whole.paddedLength;
    default:
      throw new Error(`unknown aggregation mode "${String(mode)}"; valid modes: ${AGG_MODES.join(', ')}`);
  }
}
