import { DEFAULT_CONFIG, type RunConfig } from '../../../src/core/train/config';

/** A run small enough for unit tests on the tiny button env. */
export function smallConfig(overrides: Partial<RunConfig> = {}): RunConfig {
  return {
    ...DEFAULT_CONFIG,
    env: 'buttons-v0', taskType: null, seed: 3, iterations: 20,
    tasksPerIteration: 2, groupSize: 4, maxTurns: 4, maxThinkTokens: 3,
    hidden: 16, hashBuckets: 128, miniBatches: 2,
    ...overrides,
  };
}
