/**
 * GRPO: group-normalized outcome reward, broadcast to every turn.
 *
 *   A_{i,t} = (R(τ_i) − mean_j R(τ_j)) / F_norm,   F_norm = std_j R(τ_j) + ε  or  1
 *
 * PlanPO paper (arXiv 2608.17289) §3, the GRPO baseline its Eq. 3 builds on; verl-agent
 * `compute_grpo_outcome_advantage` (core_algos.py l.113).
 *
 * Implementation details a reader could get wrong (pinned in tests/core/advantage/grpo.test.ts):
 * - std is Bessel-corrected (n − 1); ε = stdEpsilon = 1e-6 is added outside the sqrt.
 * - `stats: 'trajectory'` (default, the paper) puts one value per trajectory in the mean/std;
 *   `'turn-weighted'` (verl-agent's default, cross_steps=True) counts trajectory i T_i times, which
 *   moves the baseline towards long trajectories: a success in `alfworld_like_8` gets +0.7246
 *   trajectory-level but +1.3179 turn-weighted.
 * - A group of one trajectory is not zero: μ := 0, σ := 1 gives R/(1 + ε). Turn-weighted, a single
 *   trajectory with T > 1 turns has T equal rows, σ = 0 and advantage 0.
 * - `invalidActionPenalty` c subtracts c·1[invalid] from each turn's score (verl-agent: 0.1; the
 *   paper: 0). Trajectory-level statistics then use the first turn's score, and every turn is
 *   normalized with its own score, exactly as verl does with cross_steps=False.
 * - The score is R(τ_i) as given, success or not (no 1[success] factor, unlike PlanPO).
 */
import type { AdvantageEstimator, RolloutGroup, TurnAdvantages } from './types';
import { DEFAULT_STD_EPSILON, groupStatistics } from './group-norm';
import { normalizeTurnScores, penalizedTurnScores, validateGroup, type GroupStats } from './turns';
import { INVALID_ACTION_PENALTY, NORMALIZE_BY_STD, statsParam, STD_EPSILON } from './common-params';
import type { WorkedInput } from './spec';
import { componentAt, fmt, groupStatsLine, NO_SELECTION, selected } from './worked';

export interface GrpoParams {
  /** 'trajectory' (paper, default) or 'turn-weighted' (verl-agent's cross-steps statistics). */
  stats: GroupStats;
  /** true: divide by σ + stdEpsilon; false: Dr. GRPO (F_norm = 1). */
  normalizeByStd: boolean;
  stdEpsilon: number;
  /** c in s_{i,t} = R_i − c·1[invalid_{i,t}]; 0 in the paper, 0.1 in verl-agent's scripts. */
  invalidActionPenalty: number;
}

export const GRPO_DEFAULTS: GrpoParams = {
  stats: 'trajectory',
  normalizeByStd: true,
  stdEpsilon: DEFAULT_STD_EPSILON,
  invalidActionPenalty: 0,
};

/** GRPO advantages; components: groupMean μ and groupScale F_norm of the trajectory-level rewards. */
export function grpoAdvantages(group: RolloutGroup, params: GrpoParams): TurnAdvantages {
  validateGroup(group);
  const rewards = group.trajectories.map((traj) => traj.reward);
  const scores = penalizedTurnScores(group, rewards, params.invalidActionPenalty);
  const options = { normalizeByStd: params.normalizeByStd, stdEpsilon: params.stdEpsilon, singleton: 'grpo-fn' } as const;
  const perTurn = normalizeTurnScores(group, scores, params.stats, options);
  const statsSet = params.stats === 'trajectory' ? scores.map((row) => row[0]) : scores.flat();
  const stats = statsSet.length > 0 ? groupStatistics(statsSet, options) : { mean: 0, scale: 1 };
  return { perTurn, components: { groupMean: stats.mean, groupScale: stats.scale } };
}

export const grpoEstimator: AdvantageEstimator<GrpoParams> = {
  id: 'grpo',
  color: '#D55E00',
  docsPath: 'docs/algorithms/grpo.md',
  label: 'GRPO',
  equation: String.raw`A_{i,t} = \frac{R(\tau_i) - \operatorname{mean}_{j} R(\tau_j)}{\operatorname{std}_{j} R(\tau_j) + \epsilon}`,
  defaults: GRPO_DEFAULTS,
  params: [statsParam(), NORMALIZE_BY_STD, STD_EPSILON, INVALID_ACTION_PENALTY],
  schedules: [],
  trainsCritic: false,
  components: [
    { key: 'groupMean', label: 'mean_j R', shape: 'scalar' },
    { key: 'groupScale', label: 'F_norm', shape: 'scalar' },
  ],
  combination: { terms: [], text: 'A = (R − mean_j R) / F_norm' },
  estimate: grpoAdvantages,
  workedEquation: (input) => groupNormWorked(input, (t) => t.reward),
};

/** `A = (score − μ)/F_norm` with the group's stats; shared by group-normalized outcome rewards. */
export function groupNormWorked(input: WorkedInput, score: (t: WorkedInput['group'][number]) => number) {
  const s = selected(input);
  if (!s) return NO_SELECTION;
  const mu = componentAt(s.traj, 'groupMean', s.turn);
  const scale = componentAt(s.traj, 'groupScale', s.turn);
  const R = score(s.traj);
  return {
    lines: [
      `R(\\tau_j):\\; ${groupStatsLine(input.group.map(score))}`,
      `${s.symbol} = \\frac{${fmt(R)} - ${fmt(mu)}}{${fmt(scale)}} = ${fmt(s.a)}`,
    ],
    numbers: { reward: R, groupMean: mu, groupScale: scale, advantage: s.a },
  };
}
