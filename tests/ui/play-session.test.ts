import { describe, expect, it } from 'vitest';
import { act, revealPlan, startSession } from '../../src/ui/play/play-session';

const setup = { envId: 'household-v0', seed: 3, taskType: 'pick_and_place_simple', split: 'seen' as const };

describe('play session', () => {
  it('starts with the reset observation, the task and the admissible commands', () => {
    const s = startSession(setup);
    expect(s.transcript).toHaveLength(1);
    expect(s.transcript[0].text).toContain('Your task is to:');
    expect(s.task).toMatch(/^put a /);
    expect(s.admissible.length).toBeGreaterThan(0);
    expect(s.oracleTurns).toBeGreaterThan(0);
  });

  it('playing the revealed oracle plan succeeds in exactly T* turns', () => {
    let s = revealPlan(startSession(setup));
    const plan = s.plan!;
    expect(plan).toHaveLength(s.oracleTurns);
    for (const a of plan) s = act(s, a);
    expect(s.state.success).toBe(true);
    expect(s.state.turn).toBe(s.oracleTurns);
    expect(s.reward).toBeGreaterThan(0);
    expect(s.plan).toEqual([]);
  });

  it('a typed command that is not admissible costs a turn and changes nothing', () => {
    const s0 = startSession(setup);
    const s1 = act(s0, 'dance wildly');
    expect(s1.transcript.at(-1)).toEqual({ kind: 'feedback', text: 'Nothing happens.', turn: 1 });
    expect(s1.admissible).toEqual(s0.admissible);
  });

  it('the revealed plan follows the player: after a detour it is recomputed from there', () => {
    let s = revealPlan(startSession(setup));
    const wrong = s.admissible.find((a) => a.startsWith('go to ') && a !== s.plan![0])!;
    s = act(s, wrong);
    expect(s.plan![0]).not.toBe(wrong);
    expect(s.plan!.length).toBeGreaterThan(0);
  });

  it('empty input and input after the end are ignored', () => {
    const s0 = startSession(setup);
    expect(act(s0, '   ')).toBe(s0);
    let s = revealPlan(s0);
    for (const a of s.plan!) s = act(s, a);
    expect(act(s, 'look')).toBe(s);
  });
});
