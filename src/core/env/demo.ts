/**
 * Demo groups for the worked example, built from an environment's own contract (reset, step,
 * admissibleActions, solve), so every environment gets one: one task played six ways.
 *
 *   direct and concise · direct but verbose · one detour · a detour and back · two that wander and fail
 *
 * Wandering never takes the oracle's next command nor a command that ends the episode, so the two
 * failures run to the turn cap. Deterministic: everything follows from the seed.
 */
import type { BaseEnvState, DemoGroup, DemoPlay, EnvOptions, TextEnv } from './types';

/** Turn cap of demo episodes (short enough to read, long enough for the detours). */
export const DEMO_MAX_TURNS = 12;

/**
 * A command off the oracle's path that does not end the episode; where the environment reports
 * places, one that moves somewhere else is preferred (so detours and wandering revisit places).
 */
function safeStep<S extends BaseEnvState>(env: TextEnv<S>, state: S, avoid: string | undefined, offset: number): string | null {
  const options = env.admissibleActions(state).filter((a) => a !== avoid && !env.step(state, a).done);
  const here = env.describeLocation?.(state) ?? null;
  const moves = here === null ? [] : options.filter((a) => (env.describeLocation?.(env.step(state, a).state) ?? here) !== here);
  const pool = moves.length > 0 ? moves : options;
  return pool.length > 0 ? pool[offset % pool.length] : null;
}

/**
 * The oracle's first `onPath` commands, `detours` commands off its path, then the oracle from
 * wherever that left us (with onPath = 1 the agent usually comes back to a place it saw).
 */
function detour<S extends BaseEnvState>(env: TextEnv<S>, start: S, detours: number, onPath = 0): string[] {
  const actions: string[] = [];
  let state = start;
  for (const a of env.solve(start).slice(0, onPath)) {
    actions.push(a);
    state = env.step(state, a).state;
  }
  if (state.done) return actions;
  for (let k = 0; k < detours; k++) {
    const a = safeStep(env, state, env.solve(state)[0], k);
    if (a === null) break;
    actions.push(a);
    state = env.step(state, a).state;
  }
  return [...actions, ...env.solve(state)];
}

function wander<S extends BaseEnvState>(env: TextEnv<S>, start: S, offset: number): string[] {
  const actions: string[] = [];
  let state = start;
  while (!state.done && actions.length < state.maxTurns) {
    const a = safeStep(env, state, env.solve(state)[0], offset + actions.length) ?? env.admissibleActions(state)[0];
    if (a === undefined) break;
    actions.push(a);
    state = env.step(state, a).state;
  }
  return actions;
}

/** The six plays of the demo group for `env` at `options` (size and turn cap included). */
export function constructDemoGroup<S extends BaseEnvState>(env: TextEnv<S>, seed: number, options: EnvOptions): DemoGroup {
  const { state: start } = env.reset(seed, options);
  const plan = env.solve(start);
  const plays: DemoPlay[] = [
    { actions: plan, thoughts: 1, label: 'direct and concise' },
    { actions: detour(env, start, 1, 1), thoughts: 2, label: 'detour and back' },
    { actions: plan, thoughts: 6, label: 'direct but verbose' },
    { actions: wander(env, start, 0), thoughts: 2, label: 'wanders (fails)' },
    { actions: detour(env, start, 1), thoughts: 1, label: 'one detour' },
    { actions: wander(env, start, 1), thoughts: 3, label: 'wanders (fails)' },
  ];
  return { seed, options, plays };
}

/** Demo options for an environment: its smallest size and a short turn cap. */
export function demoOptions(env: Pick<TextEnv, 'sizeRange' | 'maxTurnsLimit'>, taskType?: string): EnvOptions {
  return { taskType, size: env.sizeRange.min, maxTurns: Math.min(DEMO_MAX_TURNS, env.maxTurnsLimit) };
}
