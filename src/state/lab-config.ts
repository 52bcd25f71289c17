/**
 * The lab's configuration: one shared RunConfig (the same seed, tasks and hyper-parameters for every
 * run) plus the estimators to compare side by side, the backend, and the circuitous-success slack.
 * Each estimator becomes one run; the runs differ only in `estimator`, so iteration 1's rollout
 * groups are identical across runs and iteration k's groups are comparable.
 */
import { DEFAULT_CONFIG, type RunConfig } from '../core/train/config';
import { mapLegacyAlpha } from '../core/train/legacy-alpha';
import type { BackendRequest } from '../../workers/backend-request';
import type { ParamValue } from '../core/params/spec';

export interface LabConfig {
  /** Fields shared by every run; `run.estimator` is ignored (see `estimators`). */
  run: RunConfig;
  /** Registry ids, two or more, one run each. */
  estimators: string[];
  backend: BackendRequest;
  /** A success is circuitous when T_i > T* + slack (or longer than the group's shortest success). */
  slack: number;
  /**
   * Per estimator id, the parameters set away from the entry's declared defaults (validated
   * against its schema; see src/core/advantage/params.ts). Absent = all defaults.
   */
  estimatorParams?: Record<string, Record<string, ParamValue>>;
}

export const DEFAULT_ESTIMATORS = ['grpo', 'planpo'];
export const DEFAULT_SLACK = 2;
export const MAX_RUNS = 4;

export const DEFAULT_LAB_CONFIG: LabConfig = {
  run: { ...DEFAULT_CONFIG, estimator: DEFAULT_ESTIMATORS[0], estimatorParams: {} },
  estimators: DEFAULT_ESTIMATORS,
  backend: 'auto',
  slack: DEFAULT_SLACK,
};

/** One RunConfig per estimator, identical apart from `estimator` and that estimator's own params. */
export function runConfigsOf(lab: LabConfig): RunConfig[] {
  return lab.estimators.map((estimator) => ({ ...lab.run, estimator, estimatorParams: { ...(lab.estimatorParams?.[estimator] ?? {}) } }));
}

/**
 * A lab saved or recorded before α became PlanPO's own parameter: its `run.alphaInit` /
 * `run.alphaFinal` move into the chosen estimators' `estimatorParams` (an estimator's own value
 * wins a conflict), with one note per mapping for the page to show.
 */
export function migrateLabAlpha(lab: LabConfig): { config: LabConfig; notes: string[] } {
  const run = lab.run as RunConfig & { alphaInit?: unknown; alphaFinal?: unknown };
  if (!('alphaInit' in run) && !('alphaFinal' in run)) return { config: lab, notes: [] };
  const { alphaInit, alphaFinal, ...rest } = run;
  const legacy = { ...('alphaInit' in run ? { alphaInit } : {}), ...('alphaFinal' in run ? { alphaFinal } : {}) };
  const mapped = mapLegacyAlpha(legacy, lab.estimators, lab.estimatorParams ?? {}, (id, key) => `${id}.${key}`);
  const estimatorParams = Object.fromEntries(Object.entries(mapped.params).filter(([, p]) => Object.keys(p).length > 0)) as LabConfig['estimatorParams'];
  const config: LabConfig = { ...lab, run: rest, ...(Object.keys(estimatorParams ?? {}).length > 0 ? { estimatorParams } : {}) };
  return { config, notes: mapped.notes.map((n) => `saved lab: ${n}`) };
}

export interface Preset {
  id: string;
  label: string;
  description: string;
  apply(config: LabConfig): LabConfig;
}

/** Run settings only some presets set: every preset starts them from their defaults, so choosing another preset drops them. */
const PRESET_OWNED = ['sftEpisodes', 'sftByType', 'tasksByType', 'taskFeatures', 'klCoef'] as const;
const presetOwnedDefaults = Object.fromEntries(PRESET_OWNED.map((key) => [key, DEFAULT_CONFIG[key]])) as Pick<RunConfig, (typeof PRESET_OWNED)[number]>;

const withRun = (config: LabConfig, patch: Partial<RunConfig>, estimators?: string[]): LabConfig => ({
  ...config,
  run: { ...config.run, ...presetOwnedDefaults, ...patch },
  estimators: estimators ?? config.estimators,
});

/**
 * β of the Science: SFT → RL preset. π_ref is the warm start there, so the KL penalty pulls the policy back towards
 * what behaviour cloning taught on every task type; at the default 0.01 types learned early were lost later.
 */
export const SCIENCE_SFT_KL = 0.05;

export const PRESETS: readonly Preset[] = [
  {
    id: 'classroom',
    label: 'Classroom demo (fast)',
    description: 'GRPO vs PlanPO in small rooms (4 receptacles): 8 trajectories per group, 4 tasks per iteration. Successes appear within about 10 iterations.',
    apply: (c) => withRun(c, { groupSize: 8, tasksPerIteration: 4, envSize: 4, maxTurns: null, iterations: 80, hidden: DEFAULT_CONFIG.hidden }, ['grpo', 'planpo']),
  },
  {
    id: 'science',
    label: 'Science: find a non-living thing (fast)',
    description: "ScienceWorld's find-non-living-thing in its smallest map (the hallway and the answer box's room; focusing on a wrong thing scores −100): GRPO vs PlanPO, 8 trajectories per group, 4 tasks per iteration. Success climbs within about 20 iterations.",
    apply: (c) => withRun(c, {
      env: 'science-v0', taskType: 'find-non-living-thing', split: 'seen', envSize: 2, maxTurns: null, groupSize: 8,
      tasksPerIteration: 4, iterations: 60, hidden: DEFAULT_CONFIG.hidden,
    }, ['grpo', 'planpo']),
  },
  {
    id: 'science-sft',
    label: 'Science: SFT → RL (every task type)',
    description: "ScienceWorld's eight task types at the default 4 rooms, as real agent pipelines train: a warm start by behaviour cloning on 64 oracle demonstrations, 8 of each task type (the same for both estimators; it succeeds on about a tenth to a quarter of tasks), then GRPO vs PlanPO, 8 trajectories per group, 8 tasks per iteration, with a KL anchor to the warm start five times the default (β = 0.05), so that fewer of the task types the warm start taught are lost in RL.",
    apply: (c) => withRun(c, {
      env: 'science-v0', taskType: null, split: 'seen', envSize: null, maxTurns: null, groupSize: 8, tasksPerIteration: 8,
      iterations: 150, hidden: DEFAULT_CONFIG.hidden, sftEpisodes: 64, sftByType: true,
      // measured in docs/experiments/learning/science-v0/sft-rl/README.md, "A stronger KL anchor to the warm start"
      klCoef: SCIENCE_SFT_KL,
    }, ['grpo', 'planpo']),
  },
  {
    id: 'standard',
    label: 'Standard (G = 8, B = 8)',
    description: 'The defaults: 8 trajectories per group, 8 tasks per iteration, 150 iterations.',
    apply: (c) => withRun(c, {
      groupSize: DEFAULT_CONFIG.groupSize, tasksPerIteration: DEFAULT_CONFIG.tasksPerIteration, envSize: null,
      maxTurns: null, iterations: DEFAULT_CONFIG.iterations, hidden: DEFAULT_CONFIG.hidden,
    }, ['grpo', 'planpo']),
  },
  {
    id: 'shop',
    label: 'Shop demo (WebShop miniature)',
    description: 'GRPO vs PlanPO on shop-v0: every category, a 60-product catalogue, 15 turns, 8 trajectories per group, 8 tasks per iteration. Purchases that score 1.0 climb from ~2% to over half within about 30 iterations.',
    apply: (c) => withRun(c, {
      env: 'shop-v0', taskType: null, split: 'seen', envSize: 60, maxTurns: 15, groupSize: 8, tasksPerIteration: 8,
      iterations: 60, hidden: DEFAULT_CONFIG.hidden,
    }, ['grpo', 'planpo']),
  },
  {
    id: 'ablation',
    label: 'PlanPO ablation (A^E only, A^S only)',
    description: 'GRPO, PlanPO and its two halves on the same groups.',
    apply: (c) => withRun(c, { groupSize: 8, tasksPerIteration: 4, envSize: 4, maxTurns: null }, ['grpo', 'planpo', 'planpo-ae-only', 'planpo-as-only']),
  },
  {
    id: 'length-baselines',
    label: 'Length-shaping baselines',
    description: 'GRPO and PlanPO against RLOO and a success-conditioned length penalty.',
    apply: (c) => withRun(c, { groupSize: 8, tasksPerIteration: 4, envSize: 4, maxTurns: null }, ['grpo', 'planpo', 'rloo', 'length-shaping-success']),
  },
];
