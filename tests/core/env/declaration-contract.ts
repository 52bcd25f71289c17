/** The declaration contract of an environment entry (shared by the registry test and the toy test). */
import { expect } from 'vitest';
import { validateConfig, DEFAULT_CONFIG } from '../../../src/core/train/config';
import type { BaseEnvState, TextEnv } from '../../../src/core/env/types';

export function checkEnvDeclarations(env: TextEnv<BaseEnvState>): void {
  const { min, max, default: def, unit } = env.sizeRange;
  expect(Number.isInteger(min) && Number.isInteger(max) && min <= def && def <= max, 'size range').toBe(true);
  expect(unit.length).toBeGreaterThan(0);
  expect(env.maxTurnsLimit).toBeGreaterThanOrEqual(env.maxTurns);
  for (const size of [min, max]) expect(() => env.reset(3, { size }), `size ${size}`).not.toThrow();
  for (const size of [min - 1, max + 1]) expect(() => env.reset(3, { size }), `size ${size}`).toThrow(RangeError);
  // config validation names an out-of-range size in words, per environment, and falls back to the default
  const { config, problems } = validateConfig({ env: env.id, taskType: null, envSize: max + 1 });
  expect(config.envSize).toBeNull();
  expect(problems).toEqual([`envSize: ${max + 1} is outside ${env.id}'s size range ${min}..${max} ${unit}; using its default ${def}`]);
  expect(validateConfig({ ...DEFAULT_CONFIG, env: env.id, taskType: null, envSize: min }).problems).toEqual([]);
  // the declared no-op feedback is what a command that changes nothing gets
  if (env.noOpFeedback !== null) {
    const { state } = env.reset(3);
    expect(env.step(state, 'xyzzy plugh').observation).toBe(env.noOpFeedback);
  }
  // the demo group is deterministic, sized within the range and made of playable plans
  const demo = env.demoGroup(5);
  expect(env.demoGroup(5)).toEqual(demo);
  expect(demo.options.size).toBeGreaterThanOrEqual(min);
  expect(demo.options.size).toBeLessThanOrEqual(max);
  expect(demo.plays.length).toBeGreaterThanOrEqual(2);
  const { state: start } = env.reset(demo.seed, demo.options);
  const outcomes = demo.plays.map((play) => {
    let state = start;
    for (const a of play.actions) if (!state.done) state = env.step(state, a).state;
    return state.success;
  });
  expect(outcomes, 'the demo group has a success').toContain(true);
}
