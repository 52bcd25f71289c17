/** The flags the group view reads: groups of one and interchangeable continuations, in plain words. */
import { describe, expect, it } from 'vitest';
import { importText } from '../../../../../src/core/io';
import { ImportSession } from '../../../../../src/core/io/import/session/session';
import { verlDumpText } from '../../../../../src/core/io/samples/write-verl';
import { nearDeterministicGroup } from '../verl-sim';

const evalLine = (idx: number, reward: number) =>
  JSON.stringify({
    conversations: [
      { from: 'human', loss: null, value: 'Interact with a household to solve a task.' },
      { from: 'gpt', loss: false, value: 'OK.' },
      { from: 'human', loss: null, value: 'You are in the middle of a room. Your task is to: put a mug in desk.' },
      { from: 'gpt', loss: true, value: 'Thought:\nGo.\n\nAction:\ngo to desk 1' },
      { from: 'human', loss: null, value: 'You arrive at desk 1.' },
    ],
    item_id: `alfworld_${idx}`,
    reward,
    success: reward === 1 ? 1 : 0,
  });

describe('group flags', () => {
  it('AgentGym evaluation items are singleton groups, and the list and summary say a group of one has no relative advantage', () => {
    const text = [evalLine(1, 1), evalLine(2, 0), evalLine(3, 1)].join('\n');
    const session = new ImportSession('alfworld_eval.jsonl', importText(text, { fileName: 'alfworld_eval.jsonl' }));
    const list = session.groupList();
    expect(list).toHaveLength(3);
    expect(list.every((g) => g.singleton && g.size === 1)).toBe(true);
    expect(list[0].notes[0]).toMatch(/^a group of one has no relative advantage/);
    expect(session.summary()).toMatchObject({ singletonGroups: 3, readOnly: false });
    expect(session.summary().notes.some((n) => /^3 of 3 groups have one member: a group of one has no relative advantage/.test(n))).toBe(true);
  });

  it('a rebuilt verl-agent group with interchangeable continuations carries the ambiguity and keeps GRPO exact in its note', () => {
    const groups = [4, 5, 6].map((seed) => nearDeterministicGroup(seed, { groupSize: 8, maxTurns: 10, deviate: 0.08, reword: 0.15 }));
    const session = new ImportSession('3.jsonl', importText(verlDumpText(groups, 3, { seed: 4 }), { fileName: '3.jsonl' }));
    const list = session.groupList();
    expect(list.every((g) => g.size === 8 && !g.singleton)).toBe(true);
    const flagged = list.filter((g) => g.notes.length > 0);
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged[0].notes[0]).toMatch(/^\d+ trajectories' turns from \d+ on could belong to either of them: R\(τ\) and GRPO's outcome advantage \(trajectory-level statistics\) are exact/);
  });
});
