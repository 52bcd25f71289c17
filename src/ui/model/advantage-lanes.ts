/**
 * The advantage "lanes" the group view shows for one trajectory: for each compared estimator its
 * total A_{i,t}, and for estimators whose declared combination has two or more terms the weighted
 * terms too (PlanPO: A^E and α·A^S; GiGPO: A^E and w·A^S). Read from the records'
 * `estimator_advantages` and the entry's `combination`. Pure.
 */
import { estimatorLabel, getEstimator, isEstimatorId } from '../../core/advantage/registry';
import type { RolloutTrajectoryV1 } from '../../core/io/rollouts-v1';
import type { EstimatorSlice } from '../../core/rollout/records';

/**
 * A trajectory the group view can show: a rollouts.v1 record with each compared estimator's slice;
 * `oracle_turns` (T*) only for groups the lab trained (imported groups have no oracle);
 * `estimated_tokens` when some turns' L_{i,t} were estimated (the file had no token counts).
 */
export type ScoredRecord = RolloutTrajectoryV1 & {
  oracle_turns?: number;
  estimator_advantages?: Record<string, EstimatorSlice>;
  estimated_tokens?: boolean;
};

export interface Lane {
  key: string;
  estimator: string;
  /** Short label, e.g. `GRPO`, `PlanPO A^E`, `PlanPO α·A^S`, `PlanPO total`. */
  label: string;
  /** KaTeX-free plain label of the part: 'A', 'A^E', 'α·A^S'. */
  part: string;
  kind: 'total' | 'part';
  perTurn: number[];
}


/** The entry's declared weighted terms (A = Σ w·component), drawn when there are two or more. */
function partsOf(record: ScoredRecord, id: string): Lane[] {
  const slice = record.estimator_advantages?.[id];
  if (!slice || !isEstimatorId(id)) return [];
  const { terms } = getEstimator(id).combination;
  if (terms.length < 2) return [];
  const c = slice.components;
  const label = estimatorLabel(id);
  const lanes: Lane[] = [];
  for (const [n, term] of terms.entries()) {
    const values = c[term.component];
    const w = term.weight === undefined ? 1 : c[term.weight];
    if (!Array.isArray(values) || typeof w !== 'number') return [];
    lanes.push({ key: `${id}:part${n}`, estimator: id, label: `${label} ${term.label}`, part: term.label, kind: 'part', perTurn: values.map((v) => w * v) });
  }
  return lanes;
}

/** Lanes in estimator order: each estimator's parts (if any), then its total. */
export function lanesOf(record: ScoredRecord, estimators: readonly string[]): Lane[] {
  const out: Lane[] = [];
  for (const id of estimators) {
    const slice = record.estimator_advantages?.[id];
    if (!slice) continue;
    const parts = partsOf(record, id);
    out.push(...parts);
    const label = estimatorLabel(id);
    out.push({
      key: `${id}:total`, estimator: id, label: parts.length > 0 ? `${label} total` : label,
      part: 'A', kind: 'total', perTurn: slice.per_turn.slice(),
    });
  }
  return out;
}

/** Mean over turns (0 for an empty trajectory): the trajectory-level number shown per lane. */
export function laneMean(lane: Lane): number {
  return lane.perTurn.length > 0 ? lane.perTurn.reduce((a, b) => a + b, 0) / lane.perTurn.length : 0;
}

/** Mean total advantage of `estimator` for the record (null when absent). */
export function meanAdvantage(record: ScoredRecord, estimator: string): number | null {
  const perTurn = record.estimator_advantages?.[estimator]?.per_turn;
  if (!perTurn || perTurn.length === 0) return null;
  return perTurn.reduce((a, b) => a + b, 0) / perTurn.length;
}
