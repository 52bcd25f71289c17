/**
 * The verifiable outcome: the environment's own reward, unchanged (household: 10 on the step that
 * satisfies the goal, else 0). The default reward of every run.
 *
 *   r_{i,t} = r^env_{i,t},   R(τ_i) = Σ_t r^env_{i,t} = 10·1[success]
 */
import type { RewardFunction } from './types';

export const outcomeReward: RewardFunction<Record<string, never>> = {
  id: 'outcome',
  label: 'Verifiable outcome',
  summary: "The environment's own check of the goal: it pays only when the task is really done.",
  equation: String.raw`r_{i,t} = r^{\text{env}}_{i,t} \quad(\text{household: } 10\cdot\mathbb{1}[\text{goal reached at } t])`,
  kind: 'verifiable',
  usesChecks: false,
  params: [],
  defaults: {},
  turnRewards: (episode) => episode.turns.map((turn) => turn.envReward),
};
