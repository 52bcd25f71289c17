/**
 * A person playing one environment task: plain data in, new plain data out (the env's `step` is
 * pure). The transcript holds what the agent would see; the oracle's plan is computed from the
 * current state on request.
 */
import { getEnv } from '../../core/env/registry';
import type { BaseEnvState, Split } from '../../core/env/types';

export interface TranscriptEntry {
  kind: 'observation' | 'action' | 'feedback';
  text: string;
  /** Turn number (1-based) for actions and their feedback. */
  turn?: number;
}

export interface PlaySetup {
  envId: string;
  seed: number;
  /** null = drawn from the seed. */
  taskType: string | null;
  split: Split;
}

export interface PlaySession {
  setup: PlaySetup;
  task: string;
  state: BaseEnvState;
  transcript: TranscriptEntry[];
  admissible: string[];
  /** T* at the start: the oracle's shortest plan length from the reset state. */
  oracleTurns: number;
  /** The revealed plan from the state it was revealed at (null: hidden). */
  plan: string[] | null;
  reward: number;
}

export function startSession(setup: PlaySetup): PlaySession {
  const env = getEnv(setup.envId);
  const reset = env.reset(setup.seed, { taskType: setup.taskType ?? undefined, split: setup.split });
  return {
    setup, task: reset.task, state: reset.state,
    transcript: [{ kind: 'observation', text: reset.observation }],
    admissible: env.admissibleActions(reset.state),
    oracleTurns: env.solve(reset.state).length,
    plan: null,
    reward: 0,
  };
}

/** Send one command (typed or clicked); a finished episode ignores further input. */
export function act(session: PlaySession, action: string): PlaySession {
  const command = action.trim();
  if (session.state.done || command === '') return session;
  const env = getEnv(session.setup.envId);
  const res = env.step(session.state, command);
  const turn = res.state.turn;
  return {
    ...session,
    state: res.state,
    transcript: [...session.transcript, { kind: 'action', text: command, turn }, { kind: 'feedback', text: res.observation, turn }],
    admissible: env.admissibleActions(res.state),
    plan: session.plan === null ? null : env.solve(res.state),
    reward: session.reward + res.reward,
  };
}

/** Show the shortest plan from where the player is now. */
export function revealPlan(session: PlaySession): PlaySession {
  return { ...session, plan: getEnv(session.setup.envId).solve(session.state) };
}

export function hidePlan(session: PlaySession): PlaySession {
  return { ...session, plan: null };
}
