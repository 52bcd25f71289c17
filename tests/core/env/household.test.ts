import { describe, expect, it } from 'vitest';
import { householdEnv as env } from '../../../src/core/env/household/index';
import type { HouseholdState } from '../../../src/core/env/household/state';
import { layoutSplit } from '../../../src/core/env/household/generate';

const replay = (state: HouseholdState, actions: string[]) => {
  let current = state;
  const results = [];
  for (const action of actions) {
    const result = env.step(current, action);
    results.push(result);
    current = result.state;
  }
  return { state: current, results };
};

describe('household-v0', () => {
  it('the reset observation is the ALFWorld intro with the task at the end', () => {
    const { observation, task, state } = env.reset(3, { taskType: 'pick_and_place_simple' });
    expect(observation.startsWith('-= Welcome to TextWorld, ALFRED! =-\n\nYou are in the middle of a room. Looking quickly around you, you see a ')).toBe(true);
    expect(observation.endsWith(`\n\nYour task is to: ${task}`)).toBe(true);
    expect(task).toMatch(/^put (a|some) [a-z]+ (in|on) [a-z]+\.$/);
    expect(state.turn).toBe(0);
  });

  it('the default instance is small: six receptacles and a handful of objects', () => {
    for (let seed = 0; seed < 50; seed++) {
      const { state } = env.reset(seed);
      expect(state.receptacles.length).toBe(6);
      expect(state.objects.length).toBeGreaterThanOrEqual(3);
      expect(state.objects.length).toBeLessThanOrEqual(8);
    }
  });

  it('the oracle plan succeeds on the last step and pays 10 there only', () => {
    for (let seed = 0; seed < 200; seed++) {
      const { state } = env.reset(seed, { taskType: 'pick_and_place_simple' });
      const plan = env.solve(state);
      const { results } = replay(state, plan);
      expect(results.map((r) => r.reward)).toEqual([...plan.map(() => 0).slice(1), 10]);
      expect(results[results.length - 1].done).toBe(true);
    }
  });

  it('an inadmissible command says Nothing happens and only advances the turn', () => {
    const { state } = env.reset(5);
    const result = env.step(state, 'fly to the moon');
    expect(result.observation).toBe('Nothing happens.');
    expect(result.reward).toBe(0);
    expect({ ...result.state, turn: 0 }).toEqual(state);
    expect(result.state.turn).toBe(1);
  });

  it('layouts of the unseen split are never produced by the seen split', () => {
    for (let seed = 0; seed < 300; seed++) {
      expect(layoutSplit(env.reset(seed, { split: 'seen' }).state.layout)).toBe('seen');
      expect(layoutSplit(env.reset(seed, { split: 'unseen' }).state.layout)).toBe('unseen');
    }
  });
});
