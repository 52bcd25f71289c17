import { describe, expect, it } from 'vitest';
import { analyzeGroup, countWord, locationsOf, ordinal, turnMarks, type CircuitousRecord } from '../../../src/ui/model/circuitous';
import { exampleGroup } from '../../../src/app/example-group';
import { DEFAULT_CONFIG } from '../../../src/core/train/config';

/** A record from (action, location) pairs; every step answers "OK." unless told otherwise. */
function record(success: boolean, steps: Array<[string, string | null, string?]>, oracle?: number): CircuitousRecord {
  return {
    outcome: { success, episode_reward: success ? 10 : 0, num_turns: steps.length },
    oracle_turns: oracle,
    turns: steps.map(([action, location, feedback], t) => ({
      t, observation: '', response: `<think></think><action>${action}</action>`, action, feedback: feedback ?? 'OK.',
      reward: 0, done: false, info: { location },
    })),
  };
}

const direct = record(true, [['go to sidetable 1', 'sidetable 1'], ['take x', 'sidetable 1'], ['go to desk 1', 'desk 1'], ['move x', 'desk 1']], 4);
const loopy = record(true, [
  ['go to countertop 1', 'countertop 1'], ['go to fridge 1', 'fridge 1'], ['go to countertop 1', 'countertop 1'],
  ['go to sinkbasin 1', 'sinkbasin 1'], ['go to countertop 1', 'countertop 1'], ['go to fridge 1', 'fridge 1'],
  ['go to countertop 1', 'countertop 1'], ['look', 'countertop 1'], ['look', 'countertop 1'],
  ['jump', 'countertop 1', 'Nothing happens.'], ['take x', 'countertop 1'], ['go to desk 1', 'desk 1'],
  ['go to desk 1', 'desk 1'], ['move x', 'desk 1'],
], 5);

describe('circuitous successes', () => {
  it('one group is analysed once per slack: the group view and the scatters get the same verdicts back', () => {
    const group = [direct, loopy];
    const first = analyzeGroup(group, { slack: 2 });
    expect(analyzeGroup(group, { slack: 2 })).toBe(first);
    expect(analyzeGroup(group, { slack: 20 })).not.toBe(first);
    expect(analyzeGroup(group, { slack: 20 })[1].circuitous).toBe(true); // still longer than the group's quickest success
    expect(analyzeGroup([direct, loopy], { slack: 2 })).not.toBe(first); // another group array is analysed afresh
  });

  it('a success at the oracle length in a group of equals is not circuitous', () => {
    const [v] = analyzeGroup([direct, direct], { slack: 0 });
    expect(v.circuitous).toBe(false);
    expect(v.summary).toBe('succeeded in 4 turns; the shortest plan takes 4');
    expect(v.marks).toEqual([]);
  });

  it('a long success is flagged with its reason in words, as in the issue', () => {
    const [, v] = analyzeGroup([direct, loopy], { slack: 2 });
    expect(v.circuitous).toBe(true);
    expect(v.summary).toMatch(/^succeeded in 14 turns; the shortest plan takes 5; the group's quickest success took 4; revisited countertop 1 three times and fridge 1 once/);
    expect(v.reasons).toEqual(['T = 14 is more than T* + slack = 5 + 2', "longer than the group's quickest success (4 turns)"]);
  });

  it('revisits are marked on the turns where the agent arrives again', () => {
    const { marks, revisits } = turnMarks(loopy);
    expect(marks.filter((m) => m.kind === 'revisit').map((m) => [m.t, m.text])).toEqual([
      [2, 'back at countertop 1 (2nd visit)'], [4, 'back at countertop 1 (3rd visit)'],
      [5, 'back at fridge 1 (2nd visit)'], [6, 'back at countertop 1 (4th visit)'],
    ]);
    expect(revisits).toEqual({ 'countertop 1': 3, 'fridge 1': 1 });
  });

  it('staying in place is not a revisit, but repeating the previous command is marked', () => {
    const { marks } = turnMarks(loopy);
    expect(marks.filter((m) => m.kind === 'repeat').map((m) => m.t)).toEqual([8, 12]);
    expect(marks.find((m) => m.t === 12 && m.kind === 'revisit')).toBeUndefined();
  });

  it('a command that changed nothing is marked', () => {
    expect(turnMarks(loopy).marks.filter((m) => m.kind === 'no-effect').map((m) => m.t)).toEqual([9]);
  });

  it('within the slack, a success is still flagged when the group found a quicker one', () => {
    const five = record(true, [['a', null], ['b', null], ['c', null], ['d', null], ['e', null]], 4);
    const [v4, v5] = analyzeGroup([direct, five], { slack: 2 });
    expect(v4.circuitous).toBe(false);
    expect(v5.circuitous).toBe(true);
    expect(v5.reasons).toEqual(["longer than the group's quickest success (4 turns)"]);
  });

  it('failures are never flagged circuitous but still carry their detours', () => {
    const failed = { ...loopy, outcome: { ...loopy.outcome, success: false } };
    const [v] = analyzeGroup([failed], { slack: 0 });
    expect(v.circuitous).toBe(false);
    expect(v.summary).toMatch(/^failed after 14 turns; the shortest plan takes 5; revisited/);
  });

  it('without reported locations, go-to commands that worked give the places', () => {
    const r = record(true, [['go to a', null], ['go to b', null], ['go to a', null, 'Nothing happens.'], ['go to a', null]]);
    for (const turn of r.turns) delete turn.info;
    expect(locationsOf(r)).toEqual(['a', 'b', 'b', 'a']);
    expect(turnMarks(r).revisits).toEqual({ a: 1 });
  });

  it('without an oracle length only the group rule applies', () => {
    const r = record(true, [['a', null], ['b', null]]);
    const [v] = analyzeGroup([r], { slack: 0 });
    expect(v.oracleTurns).toBeNull();
    expect(v.summary).toBe('succeeded in 2 turns');
  });

  it('counts and ordinals read as English', () => {
    expect([1, 2, 3, 12].map(countWord)).toEqual(['once', 'twice', 'three times', '12 times']);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']);
  });

  it('the worked example group flags its detours and not its direct plays', () => {
    const group = exampleGroup({ seed: 1, taskType: null, estimators: ['grpo', 'planpo'], config: DEFAULT_CONFIG });
    const verdicts = analyzeGroup(group, { slack: 2 });
    expect(verdicts.map((v) => v.success)).toEqual([true, true, true, false, true, false]);
    expect(verdicts.map((v) => v.circuitous)).toEqual([false, true, false, false, true, false]);
    const grpo = group.map((r) => r.estimator_advantages.grpo.per_turn[0]);
    expect(new Set(grpo.filter((_, i) => verdicts[i].success).map((a) => a.toFixed(9))).size).toBe(1);
    const planpoMean = group.map((r) => r.estimator_advantages.planpo.per_turn.reduce((a, b) => a + b, 0) / r.turns.length);
    expect(planpoMean[0]).toBeGreaterThan(planpoMean[2]);
    expect(planpoMean[2]).toBeGreaterThan(planpoMean[1]);
  });
});
