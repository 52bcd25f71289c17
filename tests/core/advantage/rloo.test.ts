import { describe, expect, it } from 'vitest';
import { estimateAdvantages } from '../../../src/core/advantage/registry';
import { closeNested, group, traj } from './fixtures';

describe('rloo', () => {
  it('subtracts the mean of the other trajectories, with no std: [10, 0, 0, 10] → ±10/3·… ', () => {
    const out = estimateAdvantages('rloo', group(traj(true, 1), traj(false, 2), traj(false, 1), traj(true, 1)));
    // success: 10 − (0 + 0 + 10)/3 = 20/3; failure: 0 − 20/3
    expect(closeNested(out.perTurn, [[20 / 3], [-20 / 3, -20 / 3], [-20 / 3], [20 / 3]])).toBe(true);
    expect(closeNested(out.components.baseline as number[][], [[10 / 3], [20 / 3, 20 / 3], [20 / 3], [10 / 3]])).toBe(true);
  });

  it('equals G/(G − 1) times the mean-centred reward', () => {
    const g = group(traj(true, 1), traj(false, 1), traj(false, 1));
    expect(estimateAdvantages('rloo', g).perTurn[0][0]).toBeCloseTo((3 / 2) * (10 - 10 / 3), 12);
  });

  it('a group of one keeps its reward (no baseline exists)', () => {
    expect(estimateAdvantages('rloo', group(traj(true, 2))).perTurn).toEqual([[10, 10]]);
  });
});
