/**
 * Concept: loop penalty and intermediate checks. Two runs from the same initial weights, one on
 * the verifiable outcome, one on the shaped reward (goal 1.0, +0.2 per verifiable intermediate
 * check, −0.1 per repeated command; core/reward/loop-penalty.ts); loops per episode and success
 * with and without.
 */
import type { BranchSpec } from './branches';
import type { ConceptSize } from './reward-hacking';

const BASE = {
  env: 'household-v0', taskType: 'pick_and_place_simple', envSize: 5, maxTurns: 15,
  estimator: 'grpo', groupSize: 8, tasksPerIteration: 4, seed: 2, hidden: 128,
} as const;

const BROWSER = { ...BASE, envSize: 4, maxTurns: 6, groupSize: 4, tasksPerIteration: 2, hidden: 16, hashBuckets: 128 } as const;

export function loopPenaltySpec(size: ConceptSize, overrides: { warmup?: number; iterations?: number } = {}): BranchSpec {
  const cli = size === 'cli';
  return {
    base: cli ? BASE : BROWSER,
    warmup: overrides.warmup ?? 0,
    iterations: overrides.iterations ?? (cli ? 50 : 3),
    arms: [
      { id: 'outcome', label: 'verifiable outcome only', config: { reward: 'outcome' } },
      { id: 'loop-penalty', label: 'loop penalty + intermediate checks', config: { reward: 'loop-penalty' } },
    ],
    evaluate: cli ? { splits: ['seen', 'unseen'], episodes: 32 } : undefined,
  };
}
