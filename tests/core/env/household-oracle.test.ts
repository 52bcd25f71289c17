import { describe, expect, it } from 'vitest';
import { householdEnv as env } from '../../../src/core/env/household/index';
import type { HouseholdState } from '../../../src/core/env/household/state';

/** Replays `plan`; returns the turn on which the episode succeeded (or -1). */
function successTurn(state: HouseholdState, plan: string[]): number {
  let current = state;
  for (const action of plan) {
    const result = env.step(current, action);
    current = result.state;
    if (result.success) return current.turn;
    if (result.done) return -1;
  }
  return -1;
}

/**
 * Unpruned breadth-first search through the public API only (every admissible command, states
 * keyed by their dynamic part): the true shortest plan length.
 */
function exhaustiveShortest(start: HouseholdState): number {
  const key = (s: HouseholdState) => JSON.stringify([s.at, s.objectIn, s.flags, s.opened]);
  let frontier = [start];
  const seen = new Set([key(start)]);
  for (let depth = 1; frontier.length > 0; depth++) {
    const next: HouseholdState[] = [];
    for (const state of frontier) {
      for (const action of env.admissibleActions(state)) {
        const result = env.step(state, action);
        if (result.success) return depth;
        const k = key(result.state);
        if (!seen.has(k)) {
          seen.add(k);
          next.push(result.state);
        }
      }
    }
    frontier = next;
  }
  return Infinity;
}

/**
 * Seeds per task type for the oracle sweep (seen and unseen alternate). Sized by breaking the
 * oracle's pruning on purpose (the lamp's receptacle, or the heat/cool/clean appliance, left out
 * of the places worth going to): each break failed from seed 2 or earlier and on 55-80 % of the
 * seeds of its task types; 1,000 seeds found no break that 200 missed. 200 still catch, with
 * 95 % odds, a break that spoils 1.5 % of the tasks.
 */
const ORACLE_SEEDS = 200;

describe('the household-v0 oracle', () => {
  it.each(env.taskTypes)('solves 200 seeded %s tasks in exactly its reported length', (taskType) => {
    for (let seed = 0; seed < ORACLE_SEEDS; seed++) {
      const { state } = env.reset(seed, { taskType, split: seed % 2 === 0 ? 'seen' : 'unseen' });
      const plan = env.solve(state);
      expect(successTurn(state, plan)).toBe(plan.length);
    }
  });

  it.each(env.taskTypes)('finds no shorter plan than an exhaustive search on small %s instances', (taskType) => {
    for (let seed = 0; seed < 25; seed++) {
      const { state } = env.reset(seed, { taskType, size: 4, maxTurns: 50 });
      expect(env.solve(state).length).toBe(exhaustiveShortest(state));
    }
  });

  it('finds no shorter plan than an exhaustive search from mid-episode states', () => {
    for (let seed = 0; seed < 30; seed++) {
      const taskType = env.taskTypes[seed % env.taskTypes.length];
      let { state } = env.reset(seed, { taskType, size: 5, maxTurns: 50 });
      // Wander a few admissible steps first (take whatever is at hand, open things).
      for (let k = 0; k < 4 && !state.done; k++) {
        const actions = env.admissibleActions(state).filter((a) => !a.startsWith('examine'));
        const next = env.step(state, actions[(seed * 7 + k * 3) % actions.length]).state;
        if (next.done) break;
        state = next;
      }
      expect(env.solve(state).length).toBe(exhaustiveShortest(state));
    }
  });

  it('solves larger ALFWorld-sized rooms (14-20 receptacles) too', () => {
    for (let seed = 0; seed < 30; seed++) {
      const taskType = env.taskTypes[seed % env.taskTypes.length];
      const { state } = env.reset(seed, { taskType, size: 14 + (seed % 7), maxTurns: 50 });
      expect(state.receptacles.length).toBe(14 + (seed % 7));
      const plan = env.solve(state);
      expect(successTurn(state, plan)).toBe(plan.length);
    }
  });

  it('returns an empty plan once the goal holds', () => {
    const { state } = env.reset(1, { taskType: 'pick_and_place_simple' });
    const plan = env.solve(state);
    let current = state;
    for (const action of plan) current = env.step(current, action).state;
    expect(env.solve(current)).toEqual([]);
  });

  it('plans have the lengths ALFWorld minimal plans have (4-6 for pick and place)', () => {
    const lengths = Array.from({ length: 200 }, (_, seed) =>
      env.solve(env.reset(seed, { taskType: 'pick_and_place_simple' }).state).length,
    );
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(6);
  });
});
