/**
 * Group normalization, the one building block every group-relative estimator shares.
 *
 *   Â_r = (s_r − μ_g) / F_norm,   F_norm = σ_g + stdEpsilon  (std)   or   1  (no std, Dr. GRPO)
 *
 * where g is the group of row r, μ_g the mean and σ_g the Bessel-corrected standard deviation
 * of the group's statistics set. This is verl-agent's `compute_grpo_outcome_advantage`
 * (core_algos.py) and GiGPO's `step_norm_reward` (core_gigpo.py), written once.
 *
 * Details a reader could get wrong (each pinned by tests/core/advantage/group-norm.test.ts):
 * - σ is Bessel-corrected (divides by n − 1), like torch.std; numpy's default would be biased.
 * - stdEpsilon (1e-6) is added to σ, outside the square root: σ + ε, not √(σ² + ε).
 *   With stdEpsilon = 0 an all-equal group gives 0/0 = NaN, as in torch.
 * - Singleton statistics sets (n = 1) depend on the rule:
 *   'grpo-fn'   → μ := 0, σ := 1, so Â = s/(1 + ε) (std) or s (no std): NOT zero;
 *   'step-norm' → μ := the single score, σ := 1, so Â = 0 for that score.
 * - Every row is normalized with its own score, even when the statistics come from other rows
 *   ('first-per-trajectory' keeps only the first row of each (group, trajectory) pair in the
 *   statistics, which is verl-agent's compute_mean_std_cross_steps=False).
 */
import { mean, std } from '../math/stats';

/** verl-agent's ε for every group normalization (added to the std, outside the sqrt). */
export const DEFAULT_STD_EPSILON = 1e-6;

/** What a group whose statistics set has one element does (see the file comment). */
export type SingletonRule = 'grpo-fn' | 'step-norm';

/** Which rows enter a group's mean and std. */
export type StatsRows = 'all' | 'first-per-trajectory';

export interface GroupNormOptions {
  /** Divide by σ + stdEpsilon (true, GRPO default) or by 1 (false, Dr. GRPO / GiGPO mean_norm). */
  normalizeByStd: boolean;
  /** ε added to σ, outside the square root. */
  stdEpsilon: number;
  singleton: SingletonRule;
}

export interface GroupStatistics {
  /** Number of values in the statistics set. */
  n: number;
  /** μ actually subtracted (0 for a 'grpo-fn' singleton, the value for a 'step-norm' singleton). */
  mean: number;
  /** F_norm actually divided by: σ + ε, 1 + ε for a singleton, or 1 without std. */
  scale: number;
}

/** μ and F_norm for one statistics set. An empty set gives NaN (nothing to normalize against). */
export function groupStatistics(values: readonly number[], options: GroupNormOptions): GroupStatistics {
  const n = values.length;
  if (n === 1) {
    const singletonMean = options.singleton === 'grpo-fn' ? 0 : values[0];
    return { n, mean: singletonMean, scale: options.normalizeByStd ? 1 + options.stdEpsilon : 1 };
  }
  const sigma = std(values);
  return { n, mean: mean(values), scale: options.normalizeByStd ? sigma + options.stdEpsilon : 1 };
}

/** Â = (s − μ)/F_norm with given statistics. */
export function applyStatistics(score: number, stats: GroupStatistics): number {
  return (score - stats.mean) / stats.scale;
}

/** Normalize one group whose every score is in the statistics set. */
export function groupNormalize(scores: readonly number[], options: GroupNormOptions): number[] {
  const stats = groupStatistics(scores, options);
  return scores.map((s) => applyStatistics(s, stats));
}

export interface RowNormOptions extends GroupNormOptions {
  /** Which rows enter the statistics; 'first-per-trajectory' needs trajIds. Default 'all'. */
  statsRows?: StatsRows;
  /** Trajectory id of each row (verl's traj_index), for 'first-per-trajectory'. */
  trajIds?: readonly string[];
}

/**
 * Row-level group normalization (verl-agent's batch layout: one row per response, rows of many
 * groups interleaved in any order, duplicated rows allowed). Rows are grouped by `groupIds`
 * (verl's uid); the result keeps the input order.
 */
export function groupNormalizeRows(
  scores: readonly number[],
  groupIds: readonly string[],
  options: RowNormOptions,
): number[] {
  if (groupIds.length !== scores.length) throw new Error('groupNormalizeRows: scores and groupIds differ in length');
  const firstOnly = (options.statsRows ?? 'all') === 'first-per-trajectory';
  if (firstOnly && options.trajIds?.length !== scores.length) {
    throw new Error("groupNormalizeRows: statsRows 'first-per-trajectory' needs one trajId per row");
  }
  const members = new Map<string, number[]>();
  const seen = new Map<string, Set<string>>(); // group → trajectories already counted
  for (let r = 0; r < scores.length; r++) {
    const g = groupIds[r];
    let values = members.get(g);
    if (!values) members.set(g, (values = []));
    if (firstOnly) {
      let trajs = seen.get(g);
      if (!trajs) seen.set(g, (trajs = new Set()));
      const traj = options.trajIds![r];
      if (trajs.has(traj)) continue;
      trajs.add(traj);
    }
    values.push(scores[r]);
  }
  const stats = new Map<string, GroupStatistics>();
  for (const [g, values] of members) stats.set(g, groupStatistics(values, options));
  return scores.map((s, r) => applyStatistics(s, stats.get(groupIds[r])!));
}
