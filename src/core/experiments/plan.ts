/**
 * Size presets and planning: definition × size (× overrides) → the list of runs.
 *
 * - `full` is the CLI default, sized so that one experiment finishes in minutes to tens of minutes
 *   on a 2-core machine (the policy is tiny; household-v0 uses 4 receptacles and a 20-turn cap so
 *   that learning shows within a few dozen iterations; science-v0 uses find-non-living-thing in a
 *   2-room map, the variant its from-scratch policy learns).
 * - `reduced` is what the in-app page runs in browser workers: fewer seeds, iterations and members.
 * Seeds are 1..K; every run gets its own root seed, so runs are independent and replayable.
 */
import { isEnvId } from '../env/registry';
import type { RunConfig } from '../train/config';
import { getExperiment } from './registry';
import type { ExperimentId, ExperimentPlan, RunSpec, SizeName, SizePreset } from './types';

/** Evaluation sampling temperature: the paper validates at 0.4 (training samples at 1.0). */
export const EVAL_TEMPERATURE = 0.4;

const ENV_CONFIG_FULL: SizePreset['envConfig'] = {
  'household-v0': { envSize: 4, maxTurns: 20 },
  'shop-v0': { envSize: 60, maxTurns: 15 },
  // ScienceWorld's find-non-living-thing in the smallest map (the hallway and the answer box's room, the agent
  // starting in either): the from-scratch policy learns it within ~15 iterations (docs/experiments/learning/science-v0).
  'science-v0': { taskType: 'find-non-living-thing', envSize: 2 },
};

export const SIZE_PRESETS: Readonly<Record<SizeName, SizePreset>> = {
  full: { seeds: 3, iterations: 40, groupSize: 8, tasksPerIteration: 4, evalEpisodes: 64, envConfig: ENV_CONFIG_FULL },
  reduced: {
    seeds: 2, iterations: 15, groupSize: 6, tasksPerIteration: 2, evalEpisodes: 16,
    envConfig: { ...ENV_CONFIG_FULL, 'household-v0': { envSize: 4, maxTurns: 15 } },
  },
};

export interface PlanOverrides {
  seeds?: number;
  iterations?: number;
  groupSize?: number;
  tasksPerIteration?: number;
  evalEpisodes?: number;
  /** Restrict to these environments (must be ones the experiment names). */
  envs?: string[];
  /** Restrict to these arms (ids the experiment declares), in the experiment's order. */
  arms?: string[];
}

/** The runs of experiment `id` at `size`, arm-major then env then seed. */
export function planExperiment(id: ExperimentId | string, size: SizeName = 'full', overrides: PlanOverrides = {}): ExperimentPlan {
  const def = getExperiment(id);
  const preset = SIZE_PRESETS[size];
  const sizes = {
    seeds: overrides.seeds ?? preset.seeds,
    iterations: overrides.iterations ?? preset.iterations,
    groupSize: overrides.groupSize ?? preset.groupSize,
    tasksPerIteration: overrides.tasksPerIteration ?? preset.tasksPerIteration,
    evalEpisodes: overrides.evalEpisodes ?? preset.evalEpisodes,
  };
  checkSizes(sizes);
  const named = def.envs[size];
  if (overrides.envs) {
    const unknown = overrides.envs.filter((e) => !named.includes(e));
    if (unknown.length > 0) throw new RangeError(`experiment ${def.id} does not use ${unknown.join(', ')}; it uses ${named.join(', ')}`);
  }
  if (overrides.arms) {
    const unknown = overrides.arms.filter((a) => !def.arms.some((d) => d.id === a));
    if (unknown.length > 0) throw new RangeError(`experiment ${def.id} has no arm ${unknown.join(', ')}; its arms are ${def.arms.map((a) => a.id).join(', ')}`);
  }
  const arms = overrides.arms ? def.arms.filter((a) => overrides.arms!.includes(a.id)) : def.arms;
  const wanted = overrides.envs ?? named;
  const envs = wanted.filter(isEnvId);
  const skippedEnvs = wanted.filter((e) => !isEnvId(e));
  const runs: RunSpec[] = [];
  for (const a of arms) {
    for (const env of envs) {
      for (let seed = 1; seed <= sizes.seeds; seed++) {
        const config: Partial<RunConfig> = {
          env, estimator: a.estimator, seed, iterations: sizes.iterations, groupSize: sizes.groupSize,
          tasksPerIteration: sizes.tasksPerIteration, ...preset.envConfig[env], ...def.envConfig?.[env], ...a.config,
        };
        const spec: RunSpec = { runId: `${a.id}/${env}/seed${seed}`, arm: a.id, armLabel: a.label, env, seed, config };
        if (def.evaluate) spec.evaluate = { splits: [...def.evaluate], episodes: sizes.evalEpisodes };
        runs.push(spec);
      }
    }
  }
  return { experiment: def.id, size, sizes, envs, skippedEnvs, runs };
}

function checkSizes(s: Omit<SizePreset, 'envConfig'>): void {
  for (const [key, value] of Object.entries(s)) {
    const min = key === 'iterations' || key === 'evalEpisodes' ? 0 : 1;
    if (!Number.isInteger(value) || value < min) throw new RangeError(`${key} must be an integer ≥ ${min}, got ${value}`);
  }
}

/** Work units of a plan for progress and ETA: one per training iteration, one per 8 eval episodes. */
export function planUnits(plan: ExperimentPlan): number {
  return plan.runs.reduce((sum, r) => sum + runUnits(r), 0);
}

export function runUnits(run: RunSpec): number {
  const evalUnits = run.evaluate ? Math.ceil((run.evaluate.episodes * run.evaluate.splits.length) / 8) : 0;
  return (run.config.iterations ?? 0) + evalUnits;
}
