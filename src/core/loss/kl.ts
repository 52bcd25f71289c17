/**
 * Per-token KL penalty estimators between the current policy and the reference policy π_ref.
 * With d = log π_θ − log π_ref (the sampled token's log-probabilities):
 *
 *   k1  (verl `kl`)          d
 *   abs                      |d|
 *   k2  (verl `mse`)         ½·d²
 *   k3  (verl `low_var_kl`)  clamp(e^{−d} + d − 1, −10, 10)
 *
 * Schulman's k1/k2/k3 estimators of KL(π_θ ‖ π_ref); verl's `kl_penalty`. The result is unmasked
 * and per token [R, K]; aggregate it with `aggregateLoss` under the response mask.
 *
 * Gotchas (each pinned by a test):
 * - k3 is clamped to [−10, 10]. It is ≥ 0, so only the upper clamp can bind, and where it binds
 *   the gradient is 0 (as torch.clamp).
 * - |d| uses torch's subgradient 0 at d = 0 (tfjs's own `abs` gradient gives −1 there).
 * - verl's `full` (whole-distribution KL) is not implemented, there or here.
 * - Sign convention: the loss *adds* klCoef·KL (verl minimises −J; the paper's Eq. 9 subtracts
 *   β·D_KL inside the maximised objective).
 */
import * as tf from '@tensorflow/tfjs-core';

import { normalizeKlType, type KlTypeName } from './names';

export { KL_TYPE_NAMES, KL_TYPES, normalizeKlType, type KlAlias, type KlType, type KlTypeName } from './names';

/** Bound of the k3 clamp (verl's `low_var_kl`). */
export const K3_CLAMP = 10;

/** Per-token KL penalty of `logProb` against `refLogProb` (same shape, usually [R, K]). */
export function klPenalty(logProb: tf.Tensor, refLogProb: tf.Tensor, type: KlTypeName): tf.Tensor {
  const kind = normalizeKlType(type);
  return tf.tidy(() => {
    const d = tf.sub(logProb, refLogProb); // log π_θ − log π_ref [R, K]
    switch (kind) {
      case 'k1':
        return d;
      case 'abs':
        return tf.mul(tf.sign(d), d); // |d| with gradient sign(d), 0 at d = 0 [R, K]
      case 'k2':
        return tf.mul(0.5, tf.square(d)); // ½ d² [R, K]
      case 'k3': {
        const logRatio = tf.neg(d); // log π_ref − log π_θ [R, K]
        const k3 = tf.sub(tf.sub(tf.exp(logRatio), logRatio), 1); // e^{−d} + d − 1 [R, K]
        return tf.clipByValue(k3, -K3_CLAMP, K3_CLAMP);
      }
    }
  });
}
