import { describe, expect, it } from 'vitest';
import { scienceEnv as env } from '../../../src/core/env/science/index';
import { variationSplit } from '../../../src/core/env/science/generate';
import type { ScienceState } from '../../../src/core/env/science/state';
import { ANIMALS } from '../../../src/core/env/science/world';

function replay(state: ScienceState, actions: string[]) {
  const results = [];
  for (const action of actions) {
    const result = env.step(state, action);
    results.push(result);
    state = result.state;
  }
  return { state, results };
}

const dynamicsKey = (s: ScienceState) =>
  JSON.stringify([s.agentRoom, s.doorOpen, s.where, s.isOpen, s.isOn, s.temp, s.wires, s.focus, s.progress]);

/**
 * Breadth-first search through the public API over every admissible action (or those `keep`
 * allows): the shortest plan length up to `limit`.
 */
function exhaustiveShortest(start: ScienceState, limit: number, keep: (action: string) => boolean = () => true): number {
  let frontier = [start];
  const seen = new Set([dynamicsKey(start)]);
  for (let depth = 1; depth <= limit && frontier.length > 0; depth++) {
    const next: ScienceState[] = [];
    for (const state of frontier) {
      for (const action of env.admissibleActions(state).filter(keep)) {
        const result = env.step(state, action);
        if (result.success) return depth;
        if (result.done || seen.has(dynamicsKey(result.state))) continue;
        seen.add(dynamicsKey(result.state));
        next.push(result.state);
      }
    }
    frontier = next;
  }
  return Infinity;
}

/**
 * Seeds per task type for the oracle sweep (seen and unseen alternate). Sized by breaking the
 * oracle's pruning on purpose: dead ends with two doors dropped, containers holding the key
 * object never opened, a destination's room left out. Every break that made a plan wrong failed
 * from seed 5 or earlier and on 35-100 % of the seeds of its task types; 1,000 seeds found no
 * break that 200 missed. 200 still catch, with 95 % odds, a break that spoils 1.5 % of the tasks.
 */
const ORACLE_SEEDS = 200;

describe('science-v0', () => {
  it('reset shows the task, then look around in ScienceWorld\'s tab-indented format', () => {
    const { observation, task, state } = env.reset(1, { taskType: 'boil' });
    const [first, ...rest] = observation.split('\n');
    expect(first).toBe(task);
    expect(task).toMatch(
      /^Your task is to boil [a-z ]+\. For compounds without a boiling point, combusting the substance is also acceptable\. First, focus on the substance\. Then, take actions that will cause it to change its state of matter\.$/,
    );
    const room = state.rooms[state.agentRoom];
    const head = room === 'outside' ? 'This outside location is called the outside. Here you see: ' : `This room is called the ${room}. In it, you see: `;
    expect(rest.slice(0, 3)).toEqual([head, '\tthe agent', '\ta substance called air']);
    expect(rest).toContain('You also see:');
    expect(rest.filter((l) => /^\tA door to the [a-z ]+ \(that is closed\)$/.test(l)).length).toBeGreaterThan(0);
  });

  it('the agent starts in a room of the map drawn from the seed, not always the hallway', () => {
    const starts = new Map<string, number>();
    for (let seed = 0; seed < 200; seed++) {
      const { state } = env.reset(seed, { taskType: 'find-non-living-thing', size: 2 });
      expect(state.agentRoom).toBeGreaterThanOrEqual(0);
      expect(state.agentRoom).toBeLessThan(state.rooms.length);
      const room = state.rooms[state.agentRoom];
      starts.set(room === 'hallway' ? 'hallway' : 'other', (starts.get(room === 'hallway' ? 'hallway' : 'other') ?? 0) + 1);
      expect(env.reset(seed, { taskType: 'find-non-living-thing', size: 2 }).state.agentRoom).toBe(state.agentRoom);
    }
    // Two rooms (the hallway and the answer box's room): each is the start about half the time.
    expect(starts.get('hallway')).toBeGreaterThan(70);
    expect(starts.get('other')).toBeGreaterThan(70);
  });

  it('size 2 is the hallway plus the rooms on the way to the one a find task needs', () => {
    for (let seed = 0; seed < 50; seed++) {
      const { state } = env.reset(seed, { taskType: 'find-non-living-thing', size: 2 });
      const boxRoom = /in the ([a-z ]+)\.$/.exec(state.task)![1];
      expect(state.rooms).toContain('hallway');
      expect(state.rooms).toContain(boxRoom);
      // The bathroom is behind the kitchen; every other answer-box room is next to the hallway.
      expect(state.rooms).toHaveLength(boxRoom === 'bathroom' ? 3 : 2);
    }
    expect(() => env.reset(0, { size: 1 })).toThrow(/size: 1 is outside science-v0's size range 2\.\.10 rooms/);
  });

  it('task texts follow ScienceWorld\'s templates for every family', () => {
    expect(env.reset(0, { taskType: 'find-animal' }).task).toMatch(
      /^Your task is to find a\(n\) animal\. First, focus on the thing\. Then, move it to the [a-z]+ box in the [a-z ]+\.$/,
    );
    expect(env.reset(0, { taskType: 'test-conductivity' }).task).toMatch(
      /^Your task is to determine if ([a-z ]+) is electrically conductive\. The \1 is located around the [a-z ]+\. First, focus on the \1\. If it is electrically conductive, place it in the [a-z]+ box\. If it is electrically nonconductive, place it in the [a-z]+ box\.$/,
    );
    expect(env.reset(0, { taskType: 'melt' }).task).toMatch(/^Your task is to melt [a-z ]+\. First, focus on the substance\./);
  });

  it('doors must be opened before going through them', () => {
    const { state } = env.reset(2, { taskType: 'find-plant' });
    expect(env.admissibleActions(state).some((a) => a.startsWith('go to'))).toBe(false);
    const open = env.admissibleActions(state).find((a) => a.startsWith('open door to '))!;
    const room = open.slice('open door to '.length);
    const opened = env.step(state, open);
    expect(opened.observation).toBe('The door is now open.');
    const moved = env.step(opened.state, `go to ${room}`);
    expect(moved.observation).toBe(`You move to the ${room}.`);
    expect(env.describeLocation!(moved.state)).toBe(room);
  });

  it('unparseable input gets ScienceWorld\'s message and changes nothing', () => {
    const { state } = env.reset(3);
    const result = env.step(state, 'dance wildly');
    expect(result.observation).toBe('No known action matches that input.');
    expect({ ...result.state, turn: 0 }).toEqual(state);
  });

  it('focusing on a wrong object ends the episode at -100', () => {
    const { state } = env.reset(4, { taskType: 'find-animal' });
    const wrong = env.admissibleActions(state).find((a) => a.startsWith('focus on ') && !ANIMALS.some((x) => a.endsWith(x)))!;
    const result = env.step(state, wrong);
    expect(result.observation).toBe(`You focus on the ${wrong.slice('focus on '.length)}.`);
    expect(result.state.score).toBe(-100);
    expect(result.reward).toBe(-100);
    expect(result.done).toBe(true);
    expect(result.success).toBe(false);
  });

  it('once the focus subgoal is met, focusing again moves the focus and never fails (only the current subgoal is checked)', () => {
    const seed = Array.from({ length: 200 }, (_, s) => s).find((s) => {
      const st = env.reset(s, { taskType: 'find-non-living-thing', size: 2 }).state;
      return st.where[st.goal.box!] === -2 - st.agentRoom;
    })!;
    const { state } = env.reset(seed, { taskType: 'find-non-living-thing', size: 2 });
    const focus = env.admissibleActions(state).filter((a) => a.startsWith('focus on '));
    const things = focus.filter((a) => env.step(state, a).state.score >= 0);
    const fixtures = focus.filter((a) => env.step(state, a).state.score < 0);
    expect(things.length).toBeGreaterThanOrEqual(2);
    expect(fixtures.length).toBeGreaterThanOrEqual(1);
    const first = env.step(state, things[0]);
    expect(first.state.progress).toBe(1);
    // A wrong object now only moves the focus: no failure, and the episode goes on.
    const again = env.step(first.state, fixtures[0]);
    expect(again.state.score).toBeGreaterThanOrEqual(50);
    expect(again.done).toBe(false);
    // Moving the newly focused thing to the box completes the task.
    const second = env.step(again.state, things[1]);
    const name = things[1].slice('focus on '.length);
    const box = second.state.objects[second.state.goal.box!].name;
    const end = env.step(second.state, `move ${name} to ${box}`);
    expect(end.success).toBe(true);
    expect(end.state.score).toBe(100);
  });

  it('the oracle still finds a plan after the focus was moved onto a fixture, for every task type', () => {
    for (const taskType of env.taskTypes) {
      let checked = 0;
      for (let seed = 0; seed < 40 && checked < 3; seed++) {
        let state = env.reset(seed, { taskType, size: 2 }).state;
        const plan = env.solve(state);
        const k = plan.findIndex((a) => a.startsWith('focus on '));
        for (const a of plan.slice(0, k + 1)) state = env.step(state, a).state;
        const moved = env.admissibleActions(state).find((a) => a.startsWith('focus on ') && a !== plan[k] && !env.step(state, a).done);
        if (!moved || state.done) continue;
        state = env.step(state, moved).state;
        const end = replay(state, env.solve(state)).state;
        expect(end.score, `${taskType} seed ${seed} after "${moved}"`).toBe(100);
        checked++;
      }
      expect(checked, taskType).toBeGreaterThan(0);
    }
  });

  it('rewards are score differences that sum to the final score of 100', () => {
    for (const taskType of env.taskTypes) {
      const { state } = env.reset(6, { taskType });
      const { state: end, results } = replay(state, env.solve(state));
      expect(results.reduce((sum, r) => sum + r.reward, 0)).toBe(100);
      expect(end.score).toBe(100);
      expect(results.every((r) => r.reward >= 0)).toBe(true);
    }
  });

  it('the score follows the ordered-plus-optional formula', () => {
    // Two ordered subgoals, two optional ones: each optional adds (1/3)/2 = 1/6 -> 17; focus adds 1/2 -> 50.
    const { state } = env.reset(1, { taskType: 'test-conductivity' });
    const scores = replay(state, env.solve(state)).results.map((r) => r.state.score);
    expect(new Set(scores)).toEqual(new Set([0, 50, 67, 83, 100].filter((s) => scores.includes(s))));
    expect(scores).toContain(50);
    expect(scores.at(-1)).toBe(100);
  });

  it('putting the test object in the wrong box fails the task', () => {
    const { state } = env.reset(1, { taskType: 'test-conductivity' });
    const plan = env.solve(state);
    const last = plan[plan.length - 1];
    const boxes = state.objects.filter((o) => o.kind === 'box').map((o) => o.name);
    const wrong = boxes.find((b) => !last.endsWith(b))!;
    const result = replay(state, [...plan.slice(0, -1), last.replace(/[a-z]+ box$/, wrong)]);
    expect(result.state.score).toBe(-100);
    expect(result.state.done).toBe(true);
  });

  it('heat changes state over ticks: water on a lit stove boils after a wait', () => {
    const { state } = env.reset(0, { taskType: 'boil' });
    const plan = env.solve(state);
    expect(plan).toContain('activate stove');
    expect(plan.some((a) => a === 'wait' || a === 'wait1')).toBe(true);
    const { state: end } = replay(state, plan);
    const target = end.goal.target;
    expect(end.temp[target]).toBeGreaterThanOrEqual(100);
  });

  it('the battery, wires and light bulb show whether a thing conducts', () => {
    const seed = Array.from({ length: 400 }, (_, s) => s).find((s) => {
      const st = env.reset(s, { taskType: 'test-conductivity' }).state;
      return st.objects[st.goal.target].conductive === true && st.task.includes('located around the workshop');
    })!;
    const { state } = env.reset(seed, { taskType: 'test-conductivity' });
    const thing = state.objects[state.goal.target].name;
    const { results } = replay(state, [
      'open door to workshop',
      'go to workshop',
      'connect battery to light bulb',
      `connect battery to ${thing}`,
      `connect light bulb to ${thing}`,
      'look at light bulb',
    ]);
    expect(results.at(-1)!.observation).toBe('a light bulb, which is on');
  });

  it.each(env.taskTypes)('the oracle solves 200 seeded %s tasks in exactly its reported length', (taskType) => {
    for (let seed = 0; seed < ORACLE_SEEDS; seed++) {
      const { state } = env.reset(seed, { taskType, split: seed % 2 === 0 ? 'seen' : 'unseen' });
      const plan = env.solve(state);
      const { state: end, results } = replay(state, plan);
      expect(end.success).toBe(true);
      expect(results.findIndex((r) => r.done)).toBe(plan.length - 1);
    }
  });

  it.each(['boil', 'melt', 'freeze'])('the oracle focuses on the %s substance early enough that one extra turn before the focus still succeeds', (taskType) => {
    // A shortest plan may focus in the very turn whose tick changes the state (move the pot to the freezer,
    // wait1, focus on water): one turn later the water is ice and the focus fails. The oracle prefers,
    // among shortest plans, the earliest focus, which tolerates the delay.
    for (let seed = 0; seed < 100; seed++) {
      const { state } = env.reset(seed, { taskType, split: seed % 2 === 0 ? 'seen' : 'unseen' });
      const plan = env.solve(state);
      const k = plan.findIndex((a) => a.startsWith('focus on '));
      const delayed = [...plan.slice(0, k), 'look around', ...plan.slice(k)];
      expect(replay(state, delayed).state.score, `${taskType} seed ${seed}: ${plan.join(' ; ')}`).toBe(100);
    }
  });

  it('the oracle finds no shorter plan than an exhaustive search over every admissible action (short tasks)', () => {
    let checked = 0;
    for (const taskType of ['melt', 'test-conductivity', 'find-non-living-thing', 'boil', 'freeze']) {
      for (let seed = 0, n = 0; seed < 150 && n < 3; seed++) {
        const { state } = env.reset(seed, { taskType, size: 3, maxTurns: 100 });
        const plan = env.solve(state);
        if (plan.length > 3) continue;
        n++;
        checked++;
        expect(exhaustiveShortest(state, plan.length)).toBe(plan.length);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(9);
  });

  it('the oracle finds no shorter plan than a search that only leaves out unrelated objects (long tasks)', () => {
    for (const taskType of ['find-animal', 'find-plant', 'find-living-thing']) {
      for (let seed = 0; seed < 3; seed++) {
        const { state } = env.reset(seed, { taskType, size: 4, maxTurns: 100 });
        const involved = state.objects.filter((o, i) => o.living !== undefined || i === state.goal.box).map((o) => o.name);
        const keep = (a: string) => !/^(look|inventory|task|wait)/.test(a) && (/door to|^go to/.test(a) || involved.some((n) => a.includes(n)));
        const plan = env.solve(state);
        expect(exhaustiveShortest(state, plan.length, keep)).toBe(plan.length);
      }
    }
  });

  it('variations of the unseen split are never produced by the seen split', () => {
    for (const taskType of env.taskTypes) {
      for (let seed = 0; seed < 40; seed++) {
        expect(variationSplit(env.reset(seed, { taskType, split: 'seen' }).state.variation)).toBe('seen');
        expect(variationSplit(env.reset(seed, { taskType, split: 'unseen' }).state.variation)).toBe('unseen');
      }
    }
  });
});
