/** The import summary: N trajectories, G groups, turns, training steps, environments, task types. */
import type { RolloutTrajectoryV1 } from '../rollouts-v1';
import type { ImportSummary } from './types';

export function summarizeTrajectories(records: readonly RolloutTrajectoryV1[]): ImportSummary {
  const groups = new Set<string>();
  const steps = new Set<number>();
  const envs = new Set<string>();
  const types = new Set<string>();
  let turns = 0;
  for (const r of records) {
    groups.add(r.group_id);
    if (r.train_step !== undefined) steps.add(r.train_step);
    envs.add(r.env.name);
    if (r.task.task_type !== undefined) types.add(r.task.task_type);
    turns += r.turns.length;
  }
  return {
    trajectories: records.length,
    groups: groups.size,
    turns,
    trainSteps: [...steps].sort((a, b) => a - b),
    envs: [...envs].sort(),
    taskTypes: [...types].sort(),
  };
}
