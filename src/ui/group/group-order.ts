/**
 * Display order of a group's trajectories: by member (sampling order), by length (T_i, shortest
 * first, successes before failures on ties) or by an estimator's mean advantage (highest first).
 * Returns indices into the group. Pure.
 */
import type { ScoredRecord } from '../model/advantage-lanes';
import type { SortKey } from '../../state/view-store';
import { meanAdvantage } from '../model/advantage-lanes';

export function groupOrder(records: readonly ScoredRecord[], sortBy: SortKey, estimator: string): number[] {
  const idx = records.map((_, i) => i);
  if (sortBy === 'length') {
    return idx.sort((a, b) => records[a].turns.length - records[b].turns.length
      || Number(records[b].outcome.success) - Number(records[a].outcome.success) || a - b);
  }
  if (sortBy === 'advantage') {
    const score = (i: number) => meanAdvantage(records[i], estimator) ?? -Infinity;
    return idx.sort((a, b) => score(b) - score(a) || a - b);
  }
  return idx;
}

/** The index `delta` steps from `current` in `order`, clamped to the ends. */
export function stepInOrder(order: readonly number[], current: number, delta: number): number {
  if (order.length === 0) return current;
  const at = Math.max(0, order.indexOf(current));
  return order[Math.max(0, Math.min(order.length - 1, at + delta))];
}
