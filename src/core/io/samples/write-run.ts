/**
 * A whole training run's folder, written with the sample writers: per step, `groupsPerStep`
 * simulated groups in the stock layout of one framework, split into `ranks` files:
 *
 * - `agentgym-rl`: `step{N}/{rank}.json` (AgentGym-RL's rollout_log_dir; item ids unique per step);
 * - `verl`: `{N}.jsonl` (verl's rollout_data_dir; `ranks` is ignored: one file per step);
 * - `rollouts-v1`: `{N}.jsonl` of the lab's own records (token counts included; `ranks` ignored).
 *
 * Groups are simulated once (`distinctGroups` of them, seeded) and reused round-robin, so a run of
 * 500k trajectories costs its writing, not 60k simulations. A generator of `{ path, text }`, one file
 * at a time: the caller writes each and drops it (memory of one file). Deterministic.
 */
import type { EnvId } from '../../env/registry';
import { writeRollouts } from '../export/write-rollouts';
import { agentgymRlText, nativeRecords } from './write-others';
import { simulateGroup, type SimGroup } from './simulate';
import { verlDumpText } from './write-verl';

export interface RunSampleOptions {
  layout: 'agentgym-rl' | 'verl' | 'rollouts-v1';
  steps: number;
  groupsPerStep: number;
  groupSize: number;
  maxTurns: number;
  ranks?: number;
  envId?: EnvId;
  distinctGroups?: number;
  seed?: number;
  firstStep?: number;
}

export function* runSampleFiles(o: RunSampleOptions): Generator<{ path: string; text: string; step: number; trajectories: number }> {
  const distinct = Math.max(1, o.distinctGroups ?? 16);
  const pool: SimGroup[] = Array.from({ length: distinct }, (_, k) => simulateGroup(o.envId ?? 'household-v0', (o.seed ?? 1) * 1000 + k, { groupSize: o.groupSize, maxTurns: o.maxTurns }));
  const first = o.firstStep ?? 1;
  for (let s = 0; s < o.steps; s++) {
    const step = first + s;
    const groups = Array.from({ length: o.groupsPerStep }, (_, g) => pool[(s * 7 + g) % distinct]);
    if (o.layout === 'verl') {
      yield { path: `${step}.jsonl`, text: verlDumpText(groups, step, { withIds: true, seed: o.seed ?? 1 }), step, trajectories: groups.length * o.groupSize };
      continue;
    }
    if (o.layout === 'rollouts-v1') {
      yield { path: `${step}.jsonl`, text: writeRollouts(nativeRecords(groups, step)), step, trajectories: groups.length * o.groupSize };
      continue;
    }
    const ranks = Math.max(1, Math.min(o.ranks ?? 1, groups.length));
    const per = Math.ceil(groups.length / ranks);
    for (let r = 0; r < ranks; r++) {
      const part = groups.slice(r * per, (r + 1) * per);
      if (part.length === 0) continue;
      yield { path: `step${step}/${r}.json`, text: agentgymRlText(part, r * per), step, trajectories: part.length * o.groupSize };
    }
  }
}
