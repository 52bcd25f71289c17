import { describe, expect, it } from 'vitest';
import { successByType } from '../../../src/core/train/metrics';
import type { RolloutBatch } from '../../../src/core/rollout/types';

/** A batch of groups given as (task type, successes of its members). */
function batchOf(groups: [string, boolean[]][]): RolloutBatch {
  return {
    groups: groups.map(([taskType, wins], taskIndex) => ({
      taskIndex, taskType, envSeed: taskIndex, task: 't', oracleTurns: 1,
      trajectories: wins.map((success, member) => ({ member, success, turns: [], reward: success ? 1 : 0, terminatedBy: success ? 'success' : 'turn_limit' })),
    })),
    tokens: 0, decodeSteps: 0,
  } as unknown as RolloutBatch;
}

describe('successByType', () => {
  it('is the success share over the trajectories of each type, types in first-seen order', () => {
    const batch = batchOf([['boil', [true, false]], ['melt', [false, false]], ['boil', [true, true]]]);
    expect(successByType(batch)).toEqual({ boil: 0.75, melt: 0 });
    expect(Object.keys(successByType(batch))).toEqual(['boil', 'melt']);
  });

  it('weights groups by their trajectories and lists only the types present', () => {
    expect(successByType(batchOf([['a', [true]], ['a', [false, false, false]]]))).toEqual({ a: 0.25 });
    expect(successByType(batchOf([]))).toEqual({});
  });
});
