import { describe, expect, it } from 'vitest';
import { estimateAdvantages } from '../../../src/core/advantage/registry';
import { gae } from '../../../src/core/advantage/ppo';
import { closeNested, group, traj } from './fixtures';

describe('ppo (GAE over turns)', () => {
  it('matches a hand-computed GAE: r = [0, 0, 1], V = [0.5, 0.6, 0.8], γ = 0.9, λ = 0.8', () => {
    // δ2 = 1 − 0.8 = 0.2                A2 = 0.2
    // δ1 = 0.9·0.8 − 0.6 = 0.12         A1 = 0.12 + 0.72·0.2   = 0.264
    // δ0 = 0.9·0.6 − 0.5 = 0.04         A0 = 0.04 + 0.72·0.264 = 0.23008
    const { advantages, returns } = gae([0, 0, 1], [0.5, 0.6, 0.8], 0.9, 0.8);
    expect(closeNested([advantages], [[0.23008, 0.264, 0.2]])).toBe(true);
    expect(closeNested([returns], [[0.73008, 0.864, 1]])).toBe(true);
  });

  it('λ = 0 gives the one-step TD error; λ = 1 with V = 0 gives the discounted return', () => {
    expect(closeNested([gae([1, 2], [0.5, 0.25], 0.9, 0).advantages], [[1 + 0.9 * 0.25 - 0.5, 2 - 0.25]])).toBe(true);
    expect(closeNested([gae([1, 2], [0, 0], 0.9, 1).advantages], [[1 + 0.9 * 2, 2]])).toBe(true);
  });

  it('the last turn is terminal: nothing is bootstrapped after it', () => {
    expect(gae([0], [3], 0.99, 0.95).advantages).toEqual([-3]);
  });

  it('reads values and turnRewards from the trajectory; R on the last turn and V = 0 when absent', () => {
    const g = group(traj(true, 3, undefined, { values: [0.5, 0.6, 0.8], turnRewards: [0, 0, 1] }), traj(true, 2));
    const out = estimateAdvantages('ppo', g, { gamma: 0.9, lambda: 0.8 });
    expect(closeNested([out.perTurn[0]], [[0.23008, 0.264, 0.2]])).toBe(true);
    expect(closeNested([out.perTurn[1]], [[0.72 * 10, 10]])).toBe(true);
    expect(out.components.values).toEqual([[0.5, 0.6, 0.8], [0, 0]]);
  });
});
