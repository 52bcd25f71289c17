/**
 * Concept: reward hacking. A policy that already solves the task (a warm-up on the verifiable
 * outcome) is trained on, in one branch, a keyword checker (core/reward/keyword-proxy.ts) and, in
 * the other, the verifiable outcome again (the fix). The checker's pay rises in the first branch
 * while true success falls; both are drawn on one chart.
 *
 *   proxy:  r_t = m·|K ∩ words(o_{t+1})|/|K|      outcome:  r_t = 10·1[goal at t]
 */
import { conceptBase, type BranchSpec, type ConceptSize } from './branches';

export type { ConceptSize };

export const PROXY_REWARD = 'keyword-proxy';


export function rewardHackingSpec(size: ConceptSize, overrides: { warmup?: number; iterations?: number } = {}): BranchSpec {
  const cli = size === 'cli';
  return {
    base: conceptBase(size, 1),
    warmup: overrides.warmup ?? (cli ? 50 : 3),
    iterations: overrides.iterations ?? (cli ? 40 : 3),
    arms: [
      { id: 'proxy', label: 'trained on the keyword checker', config: { reward: PROXY_REWARD } },
      { id: 'outcome', label: 'trained on the verifiable outcome (fix)', config: { reward: 'outcome' } },
    ],
    evaluate: cli ? { splits: ['seen', 'unseen'], episodes: 32 } : undefined,
  };
}
