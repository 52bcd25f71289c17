/**
 * RLOO: REINFORCE with a leave-one-out baseline, broadcast to every turn.
 *
 *   A_{i,t} = R(τ_i) − (1/(G − 1))·Σ_{j ≠ i} R(τ_j) = G/(G − 1)·(R(τ_i) − mean_j R(τ_j))
 *
 * Ahmadian et al. 2024 ("Back to Basics"); verl `compute_rloo_outcome_advantage`. Not in the PlanPO
 * paper (arXiv 2608.17289); offered as a group baseline without std normalization.
 *
 * Details a reader could get wrong (pinned in tests/core/advantage/rloo.test.ts):
 * - No division by a std: the scale of A is the scale of R.
 * - A group of one trajectory has no baseline: A = R (verl keeps the score unchanged).
 * - One value per trajectory (no turn weighting); group size G counts trajectories.
 */
import type { AdvantageEstimator, RolloutGroup, TurnAdvantages } from './types';
import { broadcastToTurns, validateGroup } from './turns';
import { componentAt, fmt, NO_SELECTION, selected } from './worked';

/** No options: RLOO's baseline has no free choice. */
export type RlooParams = Record<string, never>;

export function rlooAdvantages(group: RolloutGroup, _params: RlooParams): TurnAdvantages {
  validateGroup(group);
  const rewards = group.trajectories.map((traj) => traj.reward);
  const groupSize = rewards.length;
  const total = rewards.reduce((a, b) => a + b, 0);
  const baseline = rewards.map((r) => (groupSize > 1 ? (total - r) / (groupSize - 1) : 0));
  const perTrajectory = rewards.map((r, i) => r - baseline[i]);
  return {
    perTurn: broadcastToTurns(group, perTrajectory),
    components: { baseline: broadcastToTurns(group, baseline) },
  };
}

export const rlooEstimator: AdvantageEstimator<RlooParams> = {
  id: 'rloo',
  color: '#E69F00',
  docsPath: 'docs/algorithms/rloo.md',
  label: 'RLOO',
  equation: String.raw`A_{i,t} = R(\tau_i) - \frac{1}{G-1}\sum_{j \ne i} R(\tau_j)`,
  defaults: {},
  params: [],
  schedules: [],
  trainsCritic: false,
  components: [{ key: 'baseline', label: 'leave-one-out baseline', shape: 'per-turn' }],
  combination: { terms: [], text: 'A = R − mean_{j≠i} R' },
  estimate: rlooAdvantages,
  workedEquation: (input) => {
    const s = selected(input);
    if (!s) return NO_SELECTION;
    const b = componentAt(s.traj, 'baseline', s.turn);
    return {
      lines: [`${s.symbol} = R(\\tau_{${s.i}}) - \\tfrac{1}{G-1}\\textstyle\\sum_{j \\ne ${s.i}} R(\\tau_j) = ${fmt(s.traj.reward)} - ${fmt(b)} = ${fmt(s.a)}`],
      numbers: { reward: s.traj.reward, baseline: b, advantage: s.a },
    };
  },
};
