import { describe, expect, it } from 'vitest';
import { readRollouts, toRolloutGroups, toTrajectorySummary, whitespaceTokenCount, type LocatedRecord } from '../../../src/core/io';
import type { RolloutTrajectoryV1 } from '../../../src/core/io';
import { fixtureText, validRecord } from './fixtures';

function located(patches: Array<Record<string, unknown>>): LocatedRecord[] {
  return patches.map((patch, i) => ({ record: validRecord(patch) as unknown as RolloutTrajectoryV1, line: i + 1 }));
}

function record(patch: Record<string, unknown> = {}): RolloutTrajectoryV1 {
  return validRecord(patch) as unknown as RolloutTrajectoryV1;
}

describe('converting rollouts.v1 records into estimator groups', () => {
  it('maps success, episode_reward, num_turns, response_tokens, turn rewards and observations', () => {
    const result = toTrajectorySummary(record());
    expect(result).toEqual({
      ok: true,
      summary: {
        success: true,
        reward: 10,
        numTurns: 2,
        numTokens: [4, 3],
        turnRewards: [0, 10],
        anchorObservations: ['You are in the middle of a room.', 'You arrive at cabinet 1.'],
      },
    });
  });

  it('format_valid becomes actionValid, a missing value counting as valid', () => {
    const value = record();
    value.turns[1].format_valid = false;
    const result = toTrajectorySummary(value);
    expect(result.ok && result.summary.actionValid).toEqual([true, false]);
  });

  it('a missing response_tokens is a clear error by default', () => {
    const value = record();
    delete value.turns[1].response_tokens;
    expect(toTrajectorySummary(value)).toEqual({
      ok: false,
      message: 'turns[].response_tokens (L_{i,t}) is missing for turn 1; add token counts to the export',
    });
  });

  it('missingTokens whitespace counts the words of the response instead, at least 1', () => {
    const value = record();
    delete value.turns[0].response_tokens;
    value.turns[1].response = '';
    delete value.turns[1].response_tokens;
    const result = toTrajectorySummary(value, { missingTokens: 'whitespace' });
    expect(result.ok && result.summary.numTokens).toEqual([4, 1]);
    expect(whitespaceTokenCount('  a\tb\nc  ')).toBe(3);
  });

  it('zero response tokens, no turns and a num_turns mismatch are errors', () => {
    const zero = record();
    zero.turns[0].response_tokens = 0;
    expect(toTrajectorySummary(zero)).toMatchObject({ ok: false, message: expect.stringMatching(/turns\[0\]\.response_tokens is 0/) });
    expect(toTrajectorySummary(record({ turns: [], outcome: { success: false, episode_reward: 0, num_turns: 0 } }))).toMatchObject({
      ok: false,
      message: 'has no turns; T_i must be ≥ 1',
    });
    expect(toTrajectorySummary(record({ outcome: { success: true, episode_reward: 10, num_turns: 3 } }))).toMatchObject({
      ok: false,
      message: 'outcome.num_turns is 3 but there are 2 turns; they must agree (T_i)',
    });
  });

  it('groups form by group_id in first-appearance order, members in input order', () => {
    const { groups, errors } = toRolloutGroups(
      located([
        { group_id: 'b', traj_id: 'b0' },
        { group_id: 'a', traj_id: 'a0' },
        { group_id: 'b', traj_id: 'b1' },
      ]),
    );
    expect(errors).toEqual([]);
    expect(groups.map((g) => [g.groupId, g.members.map((m) => m.record.traj_id)])).toEqual([
      ['b', ['b0', 'b1']],
      ['a', ['a0']],
    ]);
    expect(groups[0].group.trajectories).toHaveLength(2);
  });

  it('a duplicate traj_id in a group is reported and skipped', () => {
    const { groups, errors } = toRolloutGroups(located([{ traj_id: 'x' }, { traj_id: 'x' }]));
    expect(groups[0].members).toHaveLength(1);
    expect(errors).toEqual([
      { line: 2, index: undefined, groupId: 'g', trajId: 'x', message: 'duplicate traj_id "x" in group "g" (first on line 1); this copy is skipped' },
    ]);
  });

  it('a failing trajectory is left out and reported; a group with no usable member disappears', () => {
    const bad = { group_id: 'lonely', outcome: { success: true, episode_reward: 10, num_turns: 9 } };
    const { groups, errors } = toRolloutGroups(located([{ traj_id: 'ok' }, bad]));
    expect(groups.map((g) => g.groupId)).toEqual(['g']);
    expect(errors.map((e) => [e.line, e.groupId])).toEqual([[2, 'lonely']]);
  });

  it('the interleaved fixture gives two groups of four with the golden T and L', () => {
    const { records } = readRollouts(fixtureText('rollouts-interleaved.jsonl'));
    const { groups, errors } = toRolloutGroups(records);
    expect(errors).toEqual([]);
    expect(groups.map((g) => g.groupId)).toEqual(['g0', 'g2']);
    expect(groups[1].group.trajectories.map((t) => t.numTokens)).toEqual([[30, 10], [30, 20, 10], [64, 32, 16, 8], [25, 25, 25, 25, 25, 25]]);
    expect(groups[0].group.trajectories.map((t) => [t.success, t.reward, t.numTurns])).toEqual([
      [true, 10, 3],
      [false, 0, 5],
      [true, 10, 5],
      [false, 0, 2],
    ]);
  });
});
