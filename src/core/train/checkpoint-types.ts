/** A run's checkpoint as plain data: what checkpoint.ts writes and checkpoint-check.ts validates. */
import type { WeightsData } from '../policy/weight-shapes';
import type { VocabularySpec } from '../policy/vocabulary';
import type { AdamState } from './adam-products';
import type { RunConfig } from './config';

/** v2: the critic has its own encoder (critW, critB); v1 shared the policy's and cannot be loaded. */
export const CHECKPOINT_FORMAT = 'rollout-lab.checkpoint.v2';

export interface Checkpoint {
  format: typeof CHECKPOINT_FORMAT;
  config: RunConfig;
  /** Iterations completed. */
  iteration: number;
  vocabulary: VocabularySpec;
  weights: WeightsData;
  /** Adam: step count, both running products β₁ᵗ⁺¹ / β₂ᵗ⁺¹, and the first/second moments in variable order. */
  optimizer: AdamState;
}
