/**
 * Concept: loop penalty and intermediate checks. Two runs from the same initial weights, one on
 * the verifiable outcome, one on the shaped reward (goal 1.0, +0.2 per verifiable intermediate
 * check, −0.1 per repeated command; core/reward/loop-penalty.ts); loops per episode and success
 * with and without.
 */
import { conceptBase, type BranchSpec, type ConceptSize } from './branches';


export function loopPenaltySpec(size: ConceptSize, overrides: { warmup?: number; iterations?: number } = {}): BranchSpec {
  const cli = size === 'cli';
  return {
    base: conceptBase(size, 2),
    warmup: overrides.warmup ?? 0,
    iterations: overrides.iterations ?? (cli ? 50 : 3),
    arms: [
      { id: 'outcome', label: 'verifiable outcome only', config: { reward: 'outcome' } },
      { id: 'loop-penalty', label: 'loop penalty + intermediate checks', config: { reward: 'loop-penalty' } },
    ],
    evaluate: cli ? { splits: ['seen', 'unseen'], episodes: 32 } : undefined,
  };
}
