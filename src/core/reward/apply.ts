/**
 * The run's reward applied to collected rollouts, before the advantages: each turn's `reward`
 * becomes r_{i,t} of the configured entry and each trajectory's `reward` R(τ_i) = Σ_t r_{i,t}.
 * The environment's own numbers stay beside them (`envReward`), and `success` is never touched:
 * success is what the env verified, whatever the run was paid for.
 */
import type { RolloutBatch, Trajectory } from '../rollout/types';
import { getReward, rewardParams } from './registry';
import type { RewardEpisode } from './types';

/** A trajectory as the reward functions see it. */
export function rewardEpisode(task: string, traj: Trajectory): RewardEpisode {
  return {
    task,
    turns: traj.turns.map((turn) => ({
      action: turn.action, feedback: turn.feedback, envReward: turn.envReward ?? turn.reward,
      success: turn.done && traj.success && turn.t === traj.turns.length - 1, checks: turn.checks ?? [],
    })),
  };
}

/** Rewrites the batch's rewards in place with reward `id` (its params: defaults ⊕ `overrides`). */
export function applyReward(batch: RolloutBatch, id: string, overrides: Readonly<Record<string, unknown>> = {}): void {
  const entry = getReward(id);
  const params = rewardParams(id, overrides);
  for (const group of batch.groups) {
    for (const traj of group.trajectories) {
      const rewards = entry.turnRewards(rewardEpisode(group.task, traj), params);
      traj.envReward = traj.envReward ?? traj.reward;
      traj.reward = 0;
      traj.turns.forEach((turn, t) => {
        turn.envReward = turn.envReward ?? turn.reward;
        turn.reward = rewards[t];
        traj.reward += rewards[t];
      });
    }
  }
}
