import { describe, expect, it } from 'vitest';
import { estimateAdvantages, getEstimator } from '../../../src/core/advantage/registry';
import type { RolloutGroup } from '../../../src/core/advantage/types';

const traj = (success: boolean, reward: number, numTurns: number) => ({ success, reward, numTurns, numTokens: Array(numTurns).fill(5) });

describe('self-improvement: A = 1[success], no baseline', () => {
  it('gives 1 on every turn of a success and 0 on every turn of a failure', () => {
    const group: RolloutGroup = { trajectories: [traj(true, 10, 3), traj(false, 0, 2), traj(true, 10, 1)] };
    const { perTurn, components } = estimateAdvantages('self-improve', group);
    expect(perTurn).toEqual([[1, 1, 1], [0, 0], [1]]);
    expect(components.kept).toEqual(perTurn);
  });

  it('has no baseline: an all-success group still gets 1 (GRPO gives 0), an all-failure group 0', () => {
    const wins: RolloutGroup = { trajectories: [traj(true, 10, 2), traj(true, 10, 4)] };
    expect(estimateAdvantages('self-improve', wins).perTurn).toEqual([[1, 1], [1, 1, 1, 1]]);
    expect(estimateAdvantages('grpo', wins).perTurn.flat().every((a) => Math.abs(a) < 1e-9)).toBe(true);
    const losses: RolloutGroup = { trajectories: [traj(false, 0, 2), traj(false, 0, 3)] };
    expect(estimateAdvantages('self-improve', losses).perTurn.flat()).toEqual([0, 0, 0, 0, 0]);
  });

  it('reads the verifier, not the reward: a bigger reward on a success weighs the same, a reward without success counts 0', () => {
    const group: RolloutGroup = { trajectories: [traj(true, 10, 1), traj(true, 3, 1), traj(false, 5, 1)] };
    expect(estimateAdvantages('self-improve', group).perTurn).toEqual([[1], [1], [0]]);
  });

  it('its worked equation shows the indicator of the selected trajectory', () => {
    const est = getEstimator('self-improve');
    const group = [traj(false, 0, 2), traj(true, 10, 2)].map((t, i) => ({
      success: t.success, reward: t.reward, numTurns: t.numTurns, responseTokens: t.numTokens,
      perTurn: [i, i], components: { kept: [i, i] },
    }));
    const worked = est.workedEquation({ group, member: 1, turn: 1 });
    expect(worked.numbers).toEqual({ kept: 1, advantage: 1 });
    expect(worked.lines[0]).toContain('= 1');
  });
});
