import { describe, expect, it } from 'vitest';
import { householdEnv as env } from '../../../src/core/env/household/index';
import type { HouseholdState } from '../../../src/core/env/household/state';
import { listPhrase } from '../../../src/core/env/household/text';
import { TASK_TEMPLATES } from '../../../src/core/env/household/goal';

/** A hand-built kitchen: countertop 1 (apple 1, mug 1), fridge 1 (egg 1), microwave 1, sinkbasin 1. */
function kitchen(overrides: Partial<HouseholdState> = {}): HouseholdState {
  return {
    turn: 0,
    maxTurns: 30,
    done: false,
    success: false,
    taskType: 'pick_heat_then_place_in_recep',
    dialect: 'current',
    split: 'seen',
    room: 'kitchen',
    layout: 'kitchen:test',
    task: 'heat some apple and put it in fridge.',
    goal: { object: 'apple', receptacle: 'fridge' },
    receptacles: [
      { name: 'countertop 1', type: 'countertop', openable: false, loc: 7 },
      { name: 'fridge 1', type: 'fridge', openable: true, loc: 3 },
      { name: 'microwave 1', type: 'microwave', openable: true, loc: 12 },
      { name: 'sinkbasin 1', type: 'sinkbasin', openable: false, loc: 1 },
    ],
    objects: [
      { name: 'apple 1', type: 'apple' },
      { name: 'mug 1', type: 'mug' },
      { name: 'egg 1', type: 'egg' },
    ],
    at: -1,
    objectIn: [0, 0, 1],
    flags: [0, 0, 0],
    opened: [false, false, false, false],
    ...overrides,
  };
}

/** Plays `actions`, returning each observation. */
function play(state: HouseholdState, actions: string[]): string[] {
  const out: string[] = [];
  for (const action of actions) {
    const result = env.step(state, action);
    out.push(result.observation);
    state = result.state;
  }
  return out;
}

describe('household-v0 phrasing (ALFWorld current dialect)', () => {
  it('lists use ", " and ", and " with the article "a" everywhere', () => {
    expect(listPhrase([])).toBe('nothing');
    expect(listPhrase(['apple 1'])).toBe('a apple 1');
    expect(listPhrase(['apple 1', 'mug 2'])).toBe('a apple 1, and a mug 2');
    expect(listPhrase(['knife 1', 'apple 2', 'egg 3'])).toBe('a knife 1, a apple 2, and a egg 3');
  });

  it('arriving describes open, closed and plain receptacles as ALFWorld does', () => {
    expect(play(kitchen(), ['go to countertop 1', 'go to fridge 1', 'open fridge 1', 'go to sinkbasin 1'])).toEqual([
      'You arrive at countertop 1. On the countertop 1, you see a apple 1, and a mug 1.',
      'You arrive at fridge 1. The fridge 1 is closed.',
      'You open the fridge 1. The fridge 1 is open. In it, you see a egg 1.',
      'You arrive at sinkbasin 1. On the sinkbasin 1, you see nothing.',
    ]);
  });

  it('take, heat, move, close and inventory use the verbatim feedback', () => {
    const actions = [
      'go to countertop 1',
      'take apple 1 from countertop 1',
      'inventory',
      'go to microwave 1',
      'heat apple 1 with microwave 1',
      'examine apple 1',
      'go to fridge 1',
      'open fridge 1',
      'move apple 1 to fridge 1',
    ];
    expect(play(kitchen(), actions).slice(1)).toEqual([
      'You pick up the apple 1 from the countertop 1.',
      'You are carrying: a apple 1.',
      'You arrive at microwave 1. The microwave 1 is closed.',
      'You heat the apple 1 using the microwave 1.',
      'This is a hot apple 1.',
      'You arrive at fridge 1. The fridge 1 is closed.',
      'You open the fridge 1. The fridge 1 is open. In it, you see a egg 1.',
      'You move the apple 1 to the fridge 1.',
    ]);
  });

  it('the heat task succeeds on the move step with reward 10 and the oracle plan is that long', () => {
    const state = kitchen();
    expect(env.solve(state)).toEqual([
      'go to countertop 1',
      'take apple 1 from countertop 1',
      'go to microwave 1',
      'heat apple 1 with microwave 1',
      'go to fridge 1',
      'open fridge 1',
      'move apple 1 to fridge 1',
    ]);
  });

  it('look, examine and inventory phrasing match the reference', () => {
    const state = kitchen();
    expect(play(state, ['look', 'inventory', 'go to fridge 1', 'look', 'examine fridge 1', 'close fridge 1'])).toEqual([
      'You are in the middle of a room. Looking quickly around you, you see a countertop 1, a fridge 1, a microwave 1, and a sinkbasin 1.',
      'You are not carrying anything.',
      'You arrive at fridge 1. The fridge 1 is closed.',
      'You are facing the fridge 1. Next to it, you see nothing.',
      'The fridge 1 is closed.',
      'Nothing happens.',
    ]);
    expect(play(kitchen(), ['go to countertop 1', 'examine mug 1'])[1]).toBe("There's nothing special about mug 1.");
  });

  it('cooling clears hot, and clean combines with it in examine', () => {
    const held = kitchen({ objectIn: [-1, 0, 1], at: 3, flags: [1, 0, 0] });
    expect(play(held, ['clean apple 1 with sinkbasin 1', 'examine apple 1'])).toEqual([
      'You clean the apple 1 using the sinkbasin 1.',
      'This is a hot and clean apple 1.',
    ]);
    const cooled = env.step(kitchen({ objectIn: [-1, 0, 1], at: 1, flags: [1, 0, 0] }), 'cool apple 1 with fridge 1');
    expect(cooled.observation).toBe('You cool the apple 1 using the fridge 1.');
    expect(cooled.state.flags[0]).toBe(2);
  });

  it('hands hold one object, and closed receptacles hide and lock their contents', () => {
    const atFridge = kitchen({ at: 1 });
    expect(env.admissibleActions(atFridge)).toEqual([
      'examine fridge 1',
      'go to countertop 1',
      'go to microwave 1',
      'go to sinkbasin 1',
      'inventory',
      'look',
      'open fridge 1',
    ]);
    const holding = kitchen({ at: 0, objectIn: [-1, 0, 1] });
    expect(env.admissibleActions(holding).filter((a) => a.startsWith('take'))).toEqual([]);
    expect(env.admissibleActions(holding)).toContain('move apple 1 to countertop 1');
  });

  it('the legacy dialect says "put X in/on Y" and arrives at numbered locs', () => {
    const legacy = kitchen({ dialect: 'legacy' });
    const actions = ['go to countertop 1', 'take apple 1 from countertop 1', 'go to sinkbasin 1', 'put apple 1 in/on sinkbasin 1'];
    expect(play(legacy, actions)).toEqual([
      'You arrive at loc 7. On the countertop 1, you see a apple 1, and a mug 1.',
      'You pick up the apple 1 from the countertop 1.',
      'You arrive at loc 1. On the sinkbasin 1, you see nothing.',
      'You put the apple 1 in/on the sinkbasin 1.',
    ]);
    expect(env.step(legacy, 'move apple 1 to sinkbasin 1').observation).toBe('Nothing happens.');
  });

  it('the lamp is used with "use", and the look task needs the lamp on where the object is held', () => {
    const { state } = env.reset(0, { taskType: 'look_at_obj_in_light' });
    expect(state.task).toMatch(/^(look at [a-z]+ under the (desklamp|floorlamp)|examine the [a-z]+ with the (desklamp|floorlamp))\.$/);
    const plan = env.solve(state);
    expect(plan.some((a) => /^use (desklamp|floorlamp) \d+$/.test(a))).toBe(true);
  });

  it('task texts follow the two ALFWorld templates of each task type', () => {
    for (const taskType of env.taskTypes) {
      const patterns = TASK_TEMPLATES[taskType as keyof typeof TASK_TEMPLATES].map(
        (t) => new RegExp(`^${t.replace(/\{(obj|recep|toggle)\}/g, '[a-z]+')}\\.$`),
      );
      const used = new Set<number>();
      for (let seed = 0; seed < 40; seed++) {
        const { task } = env.reset(seed, { taskType });
        const which = patterns.findIndex((p) => p.test(task));
        expect(which).toBeGreaterThanOrEqual(0);
        used.add(which);
      }
      expect(used.size).toBe(2);
    }
  });
});
