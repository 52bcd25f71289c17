/**
 * The actor loss one optimizer step minimises (verl's `dp_actor.update_policy`):
 *
 *   loss = pgLoss − entropyCoef·agg(H) + klCoef·agg(KL_type(log π_θ, log π_ref))
 *
 * with every term aggregated under the same mode and mask. PlanPO's Eq. 9–10 maximise
 * J = (1/Σ_i T_i) Σ_i Σ_t min(ρA, clip(ρ)A) − β·D_KL; verl minimises −J, so the KL term is *added*
 * here and the entropy bonus is *subtracted* (β = klCoef).
 *
 * Gotchas:
 * - The entropy and KL terms enter the loss only when their coefficient is nonzero (as in verl),
 *   so a NaN in an unused term cannot poison the loss; their aggregates are still reported.
 * - `entropy` is taken as given: its gradient flows only if the caller computed it from the
 *   policy's logits inside the same gradient scope.
 * - Inside `tf.variableGrads(() => actorLoss(...).loss)` the metric scalars are disposed with the
 *   forward pass; `tf.keep` them (and dispose later) if you need them outside.
 * - Defaults follow verl-agent's scripts: token-mean, low_var_kl (k3), klCoef 0.01, entropyCoef 0.001.
 */
import * as tf from '@tensorflow/tfjs-core';
import { aggregateLoss, type AggMode } from './aggregate';
import { klPenalty, type KlTypeName } from './kl';
import { DEFAULT_CLIP, policyDiagnostics, surrogateLoss, type ClipConfig, type SurrogateParts } from './policy-loss';

export interface ActorLossConfig extends ClipConfig {
  aggMode: AggMode;
  klType: KlTypeName;
  klCoef: number;
  entropyCoef: number;
}

export const DEFAULT_ACTOR_LOSS: ActorLossConfig = {
  ...DEFAULT_CLIP,
  aggMode: 'token-mean',
  klType: 'k3',
  klCoef: 0.01,
  entropyCoef: 0.001,
};

/** All tensors [R, K]: rows are responses a_{i,t}, columns token positions, mask 1 on real tokens. */
export interface ActorLossInputs {
  logProb: tf.Tensor2D;
  oldLogProb: tf.Tensor2D;
  refLogProb: tf.Tensor2D;
  advantages: tf.Tensor2D;
  mask: tf.Tensor2D;
  entropy: tf.Tensor2D;
}

export interface ActorLossResult {
  loss: tf.Scalar;
  pgLoss: tf.Scalar;
  kl: tf.Scalar;
  entropy: tf.Scalar;
  clipFraction: tf.Scalar;
  clipFractionLower: tf.Scalar;
  approxKl: tf.Scalar;
}

/** The loss and its aggregated terms, and the surrogate's per-token terms (for actorDiagnostics): the part an update differentiates. */
export interface ActorLossTerms {
  loss: tf.Scalar;
  pgLoss: tf.Scalar;
  kl: tf.Scalar;
  entropy: tf.Scalar;
  parts: SurrogateParts;
}

/** pgLoss − entropyCoef·agg(entropy) + klCoef·agg(kl) and its terms. Call inside a tf.tidy (or a gradient function). */
export function actorLossTerms(inputs: ActorLossInputs, cfg: ActorLossConfig): ActorLossTerms {
  const { logProb, oldLogProb, refLogProb, advantages, mask } = inputs;
  const { pgLoss, parts } = surrogateLoss(logProb, oldLogProb, advantages, mask, cfg, cfg.aggMode);
  const entropy = aggregateLoss(inputs.entropy, mask, cfg.aggMode); // agg(H)
  const kl = aggregateLoss(klPenalty(logProb, refLogProb, cfg.klType) as tf.Tensor2D, mask, cfg.aggMode);
  let loss: tf.Scalar = pgLoss;
  if (cfg.entropyCoef !== 0) loss = tf.sub(loss, tf.mul(cfg.entropyCoef, entropy));
  if (cfg.klCoef !== 0) loss = tf.add(loss, tf.mul(cfg.klCoef, kl));
  return { loss, pgLoss, kl, entropy, parts };
}

/** clipFraction, clipFractionLower and approxKl from the terms (no gradient flows through them). Call inside a tf.tidy. */
export function actorDiagnostics(terms: ActorLossTerms, mask: tf.Tensor2D): Pick<ActorLossResult, 'clipFraction' | 'clipFractionLower' | 'approxKl'> {
  return policyDiagnostics(terms.parts, mask);
}

/** pgLoss − entropyCoef·agg(entropy) + klCoef·agg(kl), plus every part for the metrics panel. */
export function actorLoss(inputs: ActorLossInputs, cfg: ActorLossConfig): ActorLossResult {
  return tf.tidy(() => {
    const terms = actorLossTerms(inputs, cfg);
    const { loss, pgLoss, kl, entropy } = terms;
    return { loss, pgLoss, ...actorDiagnostics(terms, inputs.mask), kl, entropy };
  });
}
