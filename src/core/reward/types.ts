/**
 * What a reward function sees and returns (plain data, no tensors, no env state): one episode as
 * the trainer recorded it, and one reward per turn r_{i,t}. R(τ_i) = Σ_t r_{i,t} is what the
 * advantage estimators then read (`TrajectorySummary.reward`, `turnRewards`).
 *
 * A reward entry is its variant's whole contract (house style §2): its parameters as ParamSpecs,
 * its equation, and what kind of signal it is (`kind`), so the lab, the CLI, share links and the
 * contract tests read declarations only.
 */
import type { ParamSpec } from '../params/spec';

/** One step of an episode as a reward function sees it. */
export interface RewardTurn {
  /** a_{i,t}: the command the environment received. */
  action: string;
  /** The step's feedback (the next observation). */
  feedback: string;
  /** The environment's own reward for the step (household: 10 on the success step, else 0). */
  envReward: number;
  /** The step reached the verified goal. */
  success: boolean;
  /** Names of the env's verifiable intermediate checks satisfied after the step (`holding a apple`). */
  checks: readonly string[];
}

export interface RewardEpisode {
  /** The task text (`put a apple in fridge`). */
  task: string;
  turns: readonly RewardTurn[];
}

/**
 * - `verifiable`: pays exactly what the environment verifies (the goal).
 * - `shaped`: the verified goal plus verifiable intermediate signals (still anchored on truth).
 * - `proxy`: measures something correlated with the goal but not the goal: it can be gamed.
 */
export type RewardKind = 'verifiable' | 'shaped' | 'proxy';
export const REWARD_KINDS: readonly RewardKind[] = ['verifiable', 'shaped', 'proxy'];

export interface RewardFunction<P = Record<string, unknown>> {
  id: string;
  label: string;
  /** One or two sentences for pickers and docs. */
  summary: string;
  /** KaTeX source of r_{i,t}. */
  equation: string;
  kind: RewardKind;
  /** True when it reads the env's declared intermediate checks (`TextEnv.intermediateChecks`). */
  usesChecks: boolean;
  params: readonly ParamSpec[];
  /** Equals the declared params' defaults (contract test). */
  defaults: P;
  /** r_{i,t} for every turn of the episode (length T_i). */
  turnRewards(episode: RewardEpisode, params: P): number[];
}
