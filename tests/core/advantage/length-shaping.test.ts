import { describe, expect, it } from 'vitest';
import { estimateAdvantages } from '../../../src/core/advantage/registry';
import { group, traj } from './fixtures';

describe('length shaping baselines (paper Fig. 4)', () => {
  it('unconditional: r = R − c·T for every trajectory, failures included, on every turn', () => {
    const out = estimateAdvantages('length-shaping-unconditional', group(traj(true, 4), traj(false, 10), traj(false, 2)));
    expect(out.perTurn[0]).toEqual(Array(4).fill(10 - 0.4));
    expect(out.perTurn[1]).toEqual(Array(10).fill(-1));
    expect(out.perTurn[2][0]).toBeCloseTo(-0.2, 12);
  });

  it('success-conditioned: r = 1[success]·R/T, every failure 0', () => {
    const out = estimateAdvantages('length-shaping-success', group(traj(true, 4), traj(false, 10)));
    expect(out.perTurn).toEqual([Array(4).fill(2.5), Array(10).fill(0)]);
  });

  it('no group normalization: identical trajectories keep a nonzero advantage', () => {
    const out = estimateAdvantages('length-shaping-success', group(traj(true, 5), traj(true, 5)));
    expect(out.perTurn.flat().every((a) => a === 2)).toBe(true);
  });

  it('a critic baseline is subtracted when values are given (γ = λ = 1: A = r − V)', () => {
    const out = estimateAdvantages('length-shaping-success', group(traj(true, 2, undefined, { values: [1, 4] })));
    expect(out.perTurn[0]).toEqual([4, 1]);
    expect(out.components.shapedReward).toEqual([[5, 5]]);
  });

  it('environment per-turn rewards are ignored: only the shaped outcome counts', () => {
    const out = estimateAdvantages('length-shaping-success', group(traj(true, 2, undefined, { turnRewards: [3, 7] })));
    expect(out.perTurn[0]).toEqual([5, 5]);
  });
});
