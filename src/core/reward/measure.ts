/**
 * Every registered reward measured on the same rollouts (with its declared defaults), whatever the
 * run trained on: what a proxy "sees" beside what the environment verified. The trainer reports
 * these per iteration (`IterationMetrics.rewardsMeasured`), as it compares estimators.
 */
import type { TaskGroup } from '../rollout/types';
import { rewardEpisode } from './apply';
import { getReward, REWARD_IDS, rewardParams } from './registry';

/** Mean R(τ_i) = Σ_t r_{i,t} over the trajectories of `groups`, under each registered reward. */
export function measureRewards(groups: readonly TaskGroup[]): Record<string, number> {
  const out: Record<string, number> = {};
  const trajectories = groups.flatMap((g) => g.trajectories.map((traj) => rewardEpisode(g.task, traj)));
  for (const id of REWARD_IDS) {
    const entry = getReward(id);
    const params = rewardParams(id);
    const total = trajectories.reduce((s, ep) => s + entry.turnRewards(ep, params).reduce((a, b) => a + b, 0), 0);
    out[id] = trajectories.length > 0 ? total / trajectories.length : 0;
  }
  return out;
}
