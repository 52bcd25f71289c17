/**
 * The policy's sizes that follow from a run's config and vocabulary: what the trainer builds and
 * what a stored checkpoint's weights must match.
 */
import { weightShapes, type ModelDims, type WeightName } from '../policy/weight-shapes';
import { createVocabulary, type VocabularySpec } from '../policy/vocabulary';
import type { RunConfig } from './config';

/** Decision positions the decoder distinguishes: thoughts + tags + the longest command. */
export function maxPositions(cfg: RunConfig): number {
  return cfg.decoding === 'free' ? cfg.maxResponseTokens : cfg.maxThinkTokens + 16;
}

export function modelDims(cfg: RunConfig, vocabulary: VocabularySpec): ModelDims {
  return { hidden: cfg.hidden, hashBuckets: cfg.hashBuckets, maxPositions: maxPositions(cfg), vocabSize: createVocabulary(vocabulary).size };
}

/** Every weight's shape for this config and vocabulary. */
export function expectedWeightShapes(cfg: RunConfig, vocabulary: VocabularySpec): Record<WeightName, number[]> {
  return weightShapes(modelDims(cfg, vocabulary));
}
