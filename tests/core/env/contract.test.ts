import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/math/rng';
import { ENVIRONMENTS, ENV_IDS, getEnv } from '../../../src/core/env/registry';
import type { BaseEnvState, TextEnv } from '../../../src/core/env/types';
import { checkEnvDeclarations } from './declaration-contract';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as object)) deepFreeze(child);
  }
  return value;
}

/** A random walk mixing admissible commands with junk; returns the transcript. */
function randomWalk(env: TextEnv<BaseEnvState>, seed: number, steps: number) {
  const rng = createRng(seed);
  const start = env.reset(seed, { maxTurns: steps });
  let state = start.state;
  const transcript = [start.observation];
  while (!state.done) {
    const admissible = env.admissibleActions(state);
    const action = rng.next() < 0.15 || admissible.length === 0 ? 'xyzzy plugh' : rng.pick(admissible);
    const result = env.step(state, action);
    transcript.push(`${action} -> ${result.observation} (${result.reward})`);
    state = result.state;
  }
  return { transcript, state };
}

describe.each(ENV_IDS)('%s honours the TextEnv contract', (id) => {
  const env = getEnv(id);

  it('declares its size range, turn cap, no-op feedback and a demo group, and they hold', () => checkEnvDeclarations(env));

  it('has a versioned id, a label, task types, both splits and a positive turn cap', () => {
    expect(env.id).toBe(id);
    expect(env.id).toMatch(/^[a-z]+-v\d+$/);
    expect(env.label.length).toBeGreaterThan(0);
    expect(env.taskTypes.length).toBeGreaterThan(0);
    expect([...env.splits]).toEqual(['seen', 'unseen']);
    expect(env.maxTurns).toBeGreaterThan(0);
  });

  it('reset is deterministic for every task type and split', () => {
    for (const taskType of env.taskTypes) {
      for (const split of env.splits) {
        const a = env.reset(11, { taskType, split });
        const b = env.reset(11, { taskType, split });
        expect(a).toEqual(b);
        expect(a.state.taskType).toBe(taskType);
        expect(a.task.length).toBeGreaterThan(0);
        expect(a.observation.length).toBeGreaterThan(0);
      }
    }
  });

  it('different seeds give different tasks', () => {
    const observations = new Set(Array.from({ length: 20 }, (_, seed) => env.reset(seed).observation));
    expect(observations.size).toBeGreaterThan(10);
  });

  it('the same seed and actions replay to the same transcript', () => {
    expect(randomWalk(env, 7, 25)).toEqual(randomWalk(env, 7, 25));
  });

  it('states are plain JSON data', () => {
    const { state } = randomWalk(env, 3, 12);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('step never mutates its input, even over random play on deep-frozen states', () => {
    for (let seed = 0; seed < 20; seed++) {
      const rng = createRng(seed + 100);
      let { state } = env.reset(seed, { maxTurns: 20 });
      while (!state.done) {
        const snapshot = structuredClone(state);
        deepFreeze(state);
        const admissible = env.admissibleActions(state);
        const action = rng.next() < 0.2 ? 'not a command' : rng.pick(admissible);
        const next = env.step(state, action).state;
        expect(state).toEqual(snapshot);
        state = next;
      }
    }
  });

  it('admissible actions are sorted and de-duplicated', () => {
    const rng = createRng(5);
    for (let seed = 0; seed < 20; seed++) {
      let { state } = env.reset(seed, { maxTurns: 15 });
      while (!state.done) {
        const admissible = env.admissibleActions(state);
        expect(admissible).toEqual([...new Set(admissible)].sort());
        expect(admissible.length).toBeGreaterThan(0);
        state = env.step(state, rng.pick(admissible)).state;
      }
    }
  });

  it('an inadmissible action pays nothing and changes nothing but the turn counter', () => {
    for (let seed = 0; seed < 20; seed++) {
      const { state } = env.reset(seed);
      const result = env.step(state, 'definitely not a command');
      expect(result.reward).toBe(0);
      expect(result.success).toBe(false);
      expect(result.state.turn).toBe(state.turn + 1);
      expect({ ...result.state, turn: state.turn }).toEqual(state);
    }
  });

  it('an episode is truncated at max turns without success', () => {
    for (const maxTurns of [1, 3, 7]) {
      let { state } = env.reset(2, { maxTurns });
      for (let t = 1; t <= maxTurns; t++) {
        const result = env.step(state, 'definitely not a command');
        expect(result.done).toBe(t === maxTurns);
        expect(result.success).toBe(false);
        state = result.state;
      }
      expect(state.turn).toBe(maxTurns);
      expect(state.done).toBe(true);
    }
  });

  it('a finished episode ignores further steps', () => {
    let { state } = env.reset(4, { maxTurns: 1 });
    state = env.step(state, 'definitely not a command').state;
    const after = env.step(state, 'definitely not a command');
    expect(after.state).toEqual(state);
    expect(after.done).toBe(true);
    expect(after.reward).toBe(0);
  });

  it('the oracle plan replays to success in exactly its length', () => {
    for (const taskType of env.taskTypes) {
      for (let seed = 0; seed < 10; seed++) {
        let { state } = env.reset(seed, { taskType });
        const plan = env.solve(state);
        expect(plan.length).toBeGreaterThan(0);
        for (const [i, action] of plan.entries()) {
          expect(env.admissibleActions(state)).toContain(action);
          const result = env.step(state, action);
          expect(result.done).toBe(i === plan.length - 1);
          state = result.state;
        }
        expect(state.success).toBe(true);
      }
    }
  });

  it('unknown task types and splits are rejected with the valid values listed', () => {
    expect(() => env.reset(0, { taskType: 'nope' })).toThrow(new RegExp(env.taskTypes[0]));
    expect(() => env.reset(0, { split: 'nope' as never })).toThrow(/seen, unseen/);
  });

  it('any seed and any mix of admissible and junk actions keeps step pure and deterministic (property)', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(fc.nat({ max: 1000 }), { maxLength: 12 }), (seed, picks) => {
        const play = () => {
          let { state } = env.reset(seed, { maxTurns: 12 });
          const seen: string[] = [];
          for (const pick of picks) {
            if (state.done) break;
            const admissible = env.admissibleActions(state);
            const action = pick % 7 === 0 ? `junk ${pick}` : admissible[pick % admissible.length];
            const before = JSON.stringify(state);
            const result = env.step(deepFreeze(state), action);
            expect(JSON.stringify(state)).toBe(before);
            seen.push(result.observation);
            state = result.state;
          }
          return seen;
        };
        expect(play()).toEqual(play());
      }),
      { numRuns: 25, seed: 42 },
    );
  });

  it('describeLocation, when present, names a place or returns null', () => {
    const { state } = randomWalk(env, 9, 10);
    const location = env.describeLocation?.(state);
    expect(location === undefined || location === null || typeof location === 'string').toBe(true);
  });
});

describe('the registry', () => {
  it('lists household, shop and science by versioned id', () => {
    expect(Object.keys(ENVIRONMENTS)).toEqual(ENV_IDS);
    expect(ENV_IDS).toContain('household-v0');
  });

  it('getEnv names the valid ids when the id is unknown', () => {
    expect(() => getEnv('chess-v1')).toThrow(/unknown environment "chess-v1"; valid ids: household-v0/);
  });
});
