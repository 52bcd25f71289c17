/**
 * PlanPO's response-level (turn-level) advantage A^S, paper arXiv 2608.17289, Eqs. 4–6.
 *
 *   R^S(a_{i,t}) = 1[success_i]·R(τ_i) / L_{i,t}
 *   A^S(a_{i,t}) = (R^S(a_{i,t}) − mean_{G^S} R^S) / F_norm,   F_norm = std_{G^S} R^S + ε  or  1
 *
 * The paper does not pin the group G^S; all four readings are offered (`TurnGrouping`):
 * - 'by-turn-index': Eq. 4 literally, G^S_{x,t} = every active response at turn index t of the
 *   task, failures included with R^S = 0;
 * - 'flat': every response of the task in one group, failures included;
 * - 'by-turn-index-success-only' / 'flat-success-only': the same, but only responses of
 *   successful trajectories are grouped and failed responses get A^S = 0. 'flat-success-only' is
 *   the prose ("we flatten all successful responses generated for the same task into one group").
 *
 * Details a reader could get wrong (pinned in tests/core/advantage/planpo.test.ts):
 * - Singleton groups (common for late turn indices) are a typed choice: 'grpo-fn' gives
 *   R^S/(1 + ε) (e.g. 0.5 for L = 20), 'step-norm' gives 0.
 * - With failures included, one success among k failures at a turn index gets a constant A^S
 *   (1.5 for k = 3 with std) whatever its length.
 * - An empty response (L = 0) counts as one token, so R^S stays finite (the paper never meets L = 0).
 */
import type { RolloutGroup } from './types';
import { groupNormalizeRows, type GroupNormOptions } from './group-norm';
import { flattenTurns, unflattenTurns } from './turns';

export type TurnGrouping = 'by-turn-index' | 'flat' | 'by-turn-index-success-only' | 'flat-success-only';

export const TURN_GROUPINGS: readonly TurnGrouping[] = [
  'by-turn-index',
  'flat',
  'by-turn-index-success-only',
  'flat-success-only',
];

/** R^S(a_{i,t}) = 1[success_i]·R(τ_i)/max(L_{i,t}, 1), shape [i][t] (an empty response counts as one token). */
export function responseRewards(group: RolloutGroup): number[][] {
  return group.trajectories.map((traj) => traj.numTokens.map((L) => (traj.success ? traj.reward / Math.max(L, 1) : 0)));
}

/** A^S for every response of one group, shape [i][t]. */
export function responseAdvantages(
  group: RolloutGroup,
  grouping: TurnGrouping,
  options: GroupNormOptions,
): number[][] {
  const scores = flattenTurns(responseRewards(group));
  const successOnly = grouping.endsWith('-success-only');
  const byIndex = grouping.startsWith('by-turn-index');
  const member: boolean[] = [];
  const groupIds: string[] = [];
  group.trajectories.forEach((traj) => {
    for (let t = 0; t < traj.numTurns; t++) {
      member.push(!successOnly || traj.success);
      groupIds.push(byIndex ? `turn ${t}` : 'all');
    }
  });
  const rows = scores.filter((_, r) => member[r]);
  const normalized = groupNormalizeRows(rows, groupIds.filter((_, r) => member[r]), options);
  let next = 0;
  return unflattenTurns(group, member.map((inGroup) => (inGroup ? normalized[next++] : 0)));
}
