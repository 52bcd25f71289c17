/** fast-check generators of rollout groups. */
import fc from 'fast-check';
import type { RolloutGroup, TrajectorySummary } from '../../../src/core/advantage/types';

const ANCHORS = ['s0', 's1', 's2', 's3'];

/** `entropies: true` gives every trajectory step entropies H_{i,t} (for entries that require them). */
export interface GroupArbOptions {
  success?: boolean;
  minSize?: number;
  entropies?: boolean;
}

export function trajectoryArb(options: GroupArbOptions = {}): fc.Arbitrary<TrajectorySummary> {
  return fc
    .record({
      success: options.success === undefined ? fc.boolean() : fc.constant(options.success),
      numTurns: fc.integer({ min: 1, max: 6 }),
      extras: fc.boolean(),
      seed: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 6, maxLength: 6 }),
      values: fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 6, maxLength: 6 }),
      valid: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
      entropy: fc.array(fc.double({ min: 0, max: 3, noNaN: true }), { minLength: 6, maxLength: 6 }),
    })
    .map(({ success, numTurns, extras, seed, values, valid, entropy }) => {
      const traj: TrajectorySummary = {
        success,
        reward: success ? 10 : 0,
        numTurns,
        numTokens: seed.slice(0, numTurns),
      };
      if (extras) {
        traj.turnRewards = Array.from({ length: numTurns }, (_, t) => (success && t === numTurns - 1 ? 10 : 0));
        traj.anchorObservations = seed.slice(0, numTurns).map((s) => ANCHORS[s % ANCHORS.length]);
        traj.values = values.slice(0, numTurns);
        traj.actionValid = valid.slice(0, numTurns);
      }
      if (options.entropies) traj.entropies = entropy.slice(0, numTurns);
      return traj;
    });
}

export function groupArb(options: GroupArbOptions = {}): fc.Arbitrary<RolloutGroup> {
  return fc
    .array(trajectoryArb(options), { minLength: options.minSize ?? 1, maxLength: 8 })
    .map((trajectories) => ({ trajectories }));
}
