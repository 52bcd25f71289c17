/**
 * The selected group's numbers filled into an estimator's equation, as KaTeX source. The lines
 * come from the registry entry's own `workedEquation` (the estimator declares how its numbers
 * combine); this module only turns the group's records into the entry's plain-number input.
 */
import { getEstimator, isEstimatorId } from '../../core/advantage/registry';
import type { WorkedEquation, WorkedTrajectory } from '../../core/advantage/spec';
import type { ScoredRecord } from '../model/advantage-lanes';

export { fmt } from '../../core/advantage/worked';

export type Worked = WorkedEquation;

/** The records of one group as the worked equation of estimator `id` reads them. */
export function workedTrajectories(id: string, group: readonly ScoredRecord[]): WorkedTrajectory[] | null {
  const out: WorkedTrajectory[] = [];
  for (const r of group) {
    const slice = r.estimator_advantages?.[id];
    if (!slice) return null;
    out.push({
      success: r.outcome.success, reward: r.outcome.episode_reward, numTurns: r.turns.length,
      responseTokens: r.turns.map((t) => t.response_tokens ?? NaN), perTurn: slice.per_turn, components: slice.components,
    });
  }
  return out;
}

export function workedEquation(id: string, group: readonly ScoredRecord[], member: number, turn: number): Worked {
  const trajectories = isEstimatorId(id) ? workedTrajectories(id, group) : null;
  if (!trajectories || !trajectories[member]) return { lines: [], numbers: {} };
  return getEstimator(id).workedEquation({ group: trajectories, member, turn });
}
