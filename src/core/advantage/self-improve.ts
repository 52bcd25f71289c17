/**
 * Self-improvement: train only on the policy's own successful trajectories.
 *
 *   A_{i,t} = 1[success(τ_i)]      (1 on every turn of a success, 0 on every turn of a failure; no baseline)
 *
 * The filter-then-imitate step of STaR (Zelikman et al. 2022, §3.1: keep rationales that reach the
 * right answer, fine-tune on them), rejection-sampling fine-tuning and ReST's "grow, then improve
 * on the filtered samples" (Gulcehre et al. 2023, §2), done on-policy inside the same clipped
 * update as GRPO: a success's tokens are pushed up, a failure's are left alone. Not in the PlanPO
 * paper; offered to compare a baseline-free self-training signal with GRPO and PlanPO.
 *
 * Details a reader could get wrong (pinned in tests/core/advantage/self-improve.test.ts):
 * - No baseline and no normalization: a group where every member succeeds still gets A = 1 on
 *   every turn (GRPO gives 0 there); a group with no success gives 0 everywhere (no push-down).
 * - The indicator is the verifier's success, not R(τ_i): a larger reward on a success does not
 *   weigh more, and a reward without success counts 0.
 * - A is the same on every turn of a trajectory, long or short: nothing here prefers a shorter
 *   plan, so the only pressure on length is which trajectories happen to succeed.
 */
import type { AdvantageEstimator, RolloutGroup, TurnAdvantages } from './types';
import { broadcastToTurns, validateGroup } from './turns';
import { componentAt, fmt, NO_SELECTION, selected } from './worked';

/** No options: the rule has no free choice. */
export type SelfImproveParams = Record<string, never>;

export function selfImproveAdvantages(group: RolloutGroup, _params: SelfImproveParams): TurnAdvantages {
  validateGroup(group);
  const kept = group.trajectories.map((traj) => (traj.success ? 1 : 0));
  const perTurn = broadcastToTurns(group, kept);
  return { perTurn, components: { kept: perTurn } };
}

export const selfImproveEstimator: AdvantageEstimator<SelfImproveParams> = {
  id: 'self-improve',
  color: '#6A3D9A',
  docsPath: 'docs/concepts/self-improvement.md',
  label: 'Self-improvement (successes only)',
  equation: String.raw`A_{i,t} = \mathbb{1}[\text{success}(\tau_i)]`,
  defaults: {},
  params: [],
  schedules: [],
  trainsCritic: false,
  components: [{ key: 'kept', label: '1[success] (kept for training)', shape: 'per-turn' }],
  combination: { terms: [], text: 'A = 1[success]' },
  estimate: selfImproveAdvantages,
  workedEquation: (input) => {
    const s = selected(input);
    if (!s) return NO_SELECTION;
    const kept = componentAt(s.traj, 'kept', s.turn);
    return {
      lines: [`${s.symbol} = \\mathbb{1}[\\text{success}(\\tau_{${s.i}})] = ${fmt(kept)}`],
      numbers: { kept, advantage: s.a },
    };
  },
};
