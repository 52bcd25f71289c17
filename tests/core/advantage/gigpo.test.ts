import { describe, expect, it } from 'vitest';
import { estimateAdvantages } from '../../../src/core/advantage/registry';
import { discountedStepReturns } from '../../../src/core/advantage/gigpo';
import { closeNested, group, traj } from './fixtures';

const parts = (out: { components: Record<string, unknown> }) => ({
  episode: out.components.episodeAdvantage as number[][],
  step: out.components.stepAdvantage as number[][],
  ret: out.components.stepReturn as number[][],
});

describe('gigpo', () => {
  it('discounted step returns: G_t = r_t + γ·G_{t+1}', () => {
    expect(discountedStepReturns([0, 0, 10], 0.95)).toEqual([0.95 * 0.95 * 10, 0.95 * 10, 10]);
    expect(discountedStepReturns([1, 2], 0)).toEqual([1, 2]);
  });

  it('turns with the same anchor observation form a step group across trajectories; a state seen once gets A^S = 0', () => {
    const g = group(
      traj(true, 2, undefined, { anchorObservations: ['s0', 'goal'], turnRewards: [0, 10] }),
      traj(false, 2, undefined, { anchorObservations: ['s0', 'lost'], turnRewards: [0, 0] }),
    );
    const { step, ret } = parts(estimateAdvantages('gigpo', g, { normalizeByStd: false }));
    expect(ret).toEqual([[9.5, 10], [0, 0]]);
    expect(step).toEqual([[4.75, 0], [-4.75, 0]]);
  });

  it('several turns of one trajectory can share a step group (a loop back to the same state)', () => {
    const g = group(traj(true, 3, undefined, { anchorObservations: ['a', 'b', 'a'], turnRewards: [0, 0, 10] }));
    const { step } = parts(estimateAdvantages('gigpo', g, { normalizeByStd: false, gamma: 0.5 }));
    // returns 2.5, 5, 10 → group {a}: 2.5 and 10, mean 6.25
    expect(step[0]).toEqual([-3.75, 0, 3.75]);
  });

  it('A = A^E + w·A^S with the weight w reported', () => {
    const g = group(
      traj(true, 2, undefined, { anchorObservations: ['s0', 'x'] }),
      traj(false, 2, undefined, { anchorObservations: ['s0', 'y'] }),
    );
    const out = estimateAdvantages('gigpo', g, { stepAdvantageWeight: 0.5 });
    const { episode, step } = parts(out);
    expect(closeNested(out.perTurn, episode.map((row, i) => row.map((e, t) => e + 0.5 * step[i][t])))).toBe(true);
    expect(out.components.stepAdvantageWeight).toBe(0.5);
  });

  it('without turnRewards R sits on the last turn; without anchors every step group is a singleton (A^S = 0)', () => {
    const g = group(traj(true, 3), traj(false, 1));
    const { step, ret } = parts(estimateAdvantages('gigpo', g, { gamma: 0.5 }));
    expect(ret).toEqual([[2.5, 5, 10], [0]]);
    expect(step.flat().every((a) => a === 0)).toBe(true);
  });

  it('the invalid-action penalty is subtracted after discounting, not discounted into earlier turns', () => {
    const g = group(traj(true, 2, undefined, { turnRewards: [0, 10], actionValid: [true, false] }));
    const { ret } = parts(estimateAdvantages('gigpo', g, { gamma: 0.5, invalidActionPenalty: 0.1 }));
    expect(ret[0][0]).toBe(5);
    expect(ret[0][1]).toBeCloseTo(9.9, 12);
  });

  it('episode statistics: trajectory-level by default, turn-weighted as verl-agent', () => {
    const g = group(traj(true, 1), traj(false, 3));
    expect(parts(estimateAdvantages('gigpo', g, { normalizeByStd: false })).episode[0][0]).toBe(5);
    expect(parts(estimateAdvantages('gigpo', g, { normalizeByStd: false, episodeStats: 'turn-weighted' })).episode[0][0]).toBe(7.5);
  });
});
