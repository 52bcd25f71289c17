/**
 * Concept: reward hacking. A policy that already solves the task (a warm-up on the verifiable
 * outcome) is trained on, in one branch, a keyword checker (core/reward/keyword-proxy.ts) and, in
 * the other, the verifiable outcome again (the fix). The checker's pay rises in the first branch
 * while true success falls; both are drawn on one chart.
 *
 *   proxy:  r_t = m·|K ∩ words(o_{t+1})|/|K|      outcome:  r_t = 10·1[goal at t]
 */
import type { BranchSpec } from './branches';

export type ConceptSize = 'cli' | 'browser';

export const PROXY_REWARD = 'keyword-proxy';

const BASE = {
  env: 'household-v0', taskType: 'pick_and_place_simple', envSize: 5, maxTurns: 15,
  estimator: 'grpo', groupSize: 8, tasksPerIteration: 4, seed: 1, hidden: 128,
} as const;

const BROWSER = { ...BASE, envSize: 4, maxTurns: 6, groupSize: 4, tasksPerIteration: 2, hidden: 16, hashBuckets: 128 } as const;

export function rewardHackingSpec(size: ConceptSize, overrides: { warmup?: number; iterations?: number } = {}): BranchSpec {
  const cli = size === 'cli';
  return {
    base: cli ? BASE : BROWSER,
    warmup: overrides.warmup ?? (cli ? 50 : 3),
    iterations: overrides.iterations ?? (cli ? 40 : 3),
    arms: [
      { id: 'proxy', label: 'trained on the keyword checker', config: { reward: PROXY_REWARD } },
      { id: 'outcome', label: 'trained on the verifiable outcome (fix)', config: { reward: 'outcome' } },
    ],
    evaluate: cli ? { splits: ['seen', 'unseen'], episodes: 32 } : undefined,
  };
}
