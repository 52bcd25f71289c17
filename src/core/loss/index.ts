export { AGG_MODES, aggregateLoss, aggregationShare, maskedMean, MASKED_MEAN_EPSILON, type AggMode, type AggregationExtent } from './aggregate';
export { K3_CLAMP, KL_TYPE_NAMES, KL_TYPES, klPenalty, normalizeKlType, type KlAlias, type KlType, type KlTypeName } from './kl';
export {
  DEFAULT_CLIP, policyDiagnostics, policyLoss, policyLossMatrix, surrogateLoss, validateClip, type ClipConfig, type PolicyLossResult, type SurrogateParts,
} from './policy-loss';
export {
  actorDiagnostics, actorLoss, actorLossTerms, DEFAULT_ACTOR_LOSS, type ActorLossConfig, type ActorLossInputs, type ActorLossResult, type ActorLossTerms,
} from './actor-loss';
