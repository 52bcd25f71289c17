/**
 * Experiment vocabulary, as plain JSON types: an experiment is a list of runs (arm × env × seed),
 * each a partial RunConfig that `validateConfig` completes, plus what to summarise.
 */
import type { RunConfig } from '../train/config';

export const EXPERIMENT_IDS = ['main', 'alpha-ablation', 'components', 'length-shaping', 'ood', 'self-improvement', 'overhead'] as const;
export type ExperimentId = (typeof EXPERIMENT_IDS)[number];

/** `full`: the CLI default; `reduced`: what the in-app page runs in browser workers. */
export const SIZE_NAMES = ['full', 'reduced'] as const;
export type SizeName = (typeof SIZE_NAMES)[number];

export type Split = 'seen' | 'unseen';

/** One compared variant: an estimator plus config overrides (e.g. α_init for the α ablation). */
export interface Arm {
  id: string;
  label: string;
  estimator: string;
  config?: Partial<RunConfig>;
}

/** The sizes of one experiment run: how many seeds, iterations, tasks, members. */
export interface SizePreset {
  seeds: number;
  iterations: number;
  groupSize: number;
  tasksPerIteration: number;
  /** Episodes per split when a run is evaluated after training (ood). */
  evalEpisodes: number;
  /** Per-environment settings that keep an iteration affordable (env size, turn cap). */
  envConfig: Readonly<Record<string, Partial<RunConfig>>>;
}

/** What a chart plots: a per-iteration metric (curves), a final metric (bars), evaluation or timing. */
export type ChartSpec =
  | { kind: 'curve'; metric: CurveMetric }
  | { kind: 'bars'; metric: CurveMetric }
  | { kind: 'eval-bars' }
  | { kind: 'timing-bars' };

export type TableKind = 'final' | 'evaluation' | 'timing' | 'alpha';

export const CURVE_METRICS = ['successRate', 'meanTurns', 'meanSuccessTurns', 'meanResponseTokens', 'meanThinkTokens', 'zeroStdGroupFraction'] as const;
export type CurveMetric = (typeof CURVE_METRICS)[number];

/**
 * A per-run number that comparisons can pair over seeds: a final training metric, a
 * post-training evaluation (`eval:seen`), or a timing (`timing:advantageMs`, `advantageShare`).
 */
export type RunValueKey =
  | CurveMetric
  | 'eval:seen'
  | 'eval:unseen'
  | 'timing:rolloutMs'
  | 'timing:advantageMs'
  | 'timing:updateMs'
  | 'timing:totalMs'
  | 'advantageShare';

export interface ExperimentDefinition {
  id: ExperimentId;
  title: string;
  /** The paper's claim this experiment checks, in one or two sentences. */
  claim: string;
  /** How reports introduce `claim` (default 'Paper claim'; e.g. 'Question' for one the paper does not make). */
  claimLabel?: string;
  arms: readonly Arm[];
  envs: Readonly<Record<SizeName, readonly string[]>>;
  /** Per-environment settings for this experiment, over the size preset's. */
  envConfig?: Readonly<Record<string, Partial<RunConfig>>>;
  /** Evaluate each trained policy on these splits (ood). */
  evaluate?: readonly Split[];
  tables: readonly TableKind[];
  charts: readonly ChartSpec[];
  /**
   * Every other arm minus `baseline`, paired by seed (same seed = same tasks), on these values.
   * `alsoAgainst`: further reference arms, each with its own table of every other arm minus it
   * (main: PlanPO against every baseline, not only GRPO).
   */
  compare: { baseline: string; values: readonly RunValueKey[]; alsoAgainst?: readonly string[] };
}

/** One run to execute: everything a runner needs, as plain JSON (crosses to workers as is). */
export interface RunSpec {
  /** `${arm}/${env}/seed${seed}`, unique within the experiment. */
  runId: string;
  arm: string;
  armLabel: string;
  env: string;
  seed: number;
  /** Partial RunConfig; `validateConfig` fills in the rest. */
  config: Partial<RunConfig>;
  /** Splits to evaluate on after training, with episodes per split. */
  evaluate?: { splits: Split[]; episodes: number };
}

export interface ExperimentPlan {
  experiment: ExperimentId;
  size: SizeName;
  sizes: Omit<SizePreset, 'envConfig'>;
  envs: string[];
  /** Environments the definition names that this build does not register (left out, reported). */
  skippedEnvs: string[];
  runs: RunSpec[];
}
