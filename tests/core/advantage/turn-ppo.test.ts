/** Turn-PPO's entry (src/core/advantage/turn-ppo.ts): turn-level GAE with the paper's γ, λ and its declarations. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { estimateAdvantages, getEstimator } from '../../../src/core/advantage/registry';
import { TURN_PPO_DEFAULTS } from '../../../src/core/advantage/turn-ppo';
import { groupArb } from './arbitraries';
import { closeNested, group, traj } from './fixtures';

describe('turn-ppo', () => {
  it("defaults to the paper's γ = 0.99, λ = 0.9 and matches a hand-computed GAE over turns", () => {
    expect(TURN_PPO_DEFAULTS).toEqual({ gamma: 0.99, lambda: 0.9 });
    // γλ = 0.891; δ3 = 2 → A3 = 2; δ2 = 1.92 → A2 = 3.702; δ1 = 1.94 → A1 = 1.94 + 0.891·3.702 = 5.238482
    const out = estimateAdvantages('turn-ppo', group(traj(true, 3, [5, 5, 5], { turnRewards: [0, 0, 10], values: [4, 6, 8] })));
    expect(closeNested(out.perTurn, [[5.238482, 3.702, 2]], 1e-12)).toBe(true);
    expect(closeNested(out.components.returns as number[][], [[9.238482, 9.702, 10]], 1e-12)).toBe(true);
  });

  it('declares the critic path and a per-turn ratio; ppo keeps the token ratio', () => {
    const e = getEstimator('turn-ppo');
    expect([e.trainsCritic, e.criticTarget, e.ratioLevel]).toEqual([true, 'returns', 'turn']);
    expect(getEstimator('ppo').ratioLevel ?? 'token').toBe('token');
  });

  it('equals ppo with the same γ and λ on any group (only the ratio and defaults differ)', () => {
    fc.assert(fc.property(groupArb(), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (g, gamma, lambda) => {
      expect(estimateAdvantages('turn-ppo', g, { gamma, lambda })).toEqual(estimateAdvantages('ppo', g, { gamma, lambda }));
    }), { numRuns: 40 });
  });
});
