/**
 * The advantage "lanes" the group view shows for one trajectory: for each compared estimator its
 * total A_{i,t}, and for estimators with a two-level decomposition the parts too (PlanPO:
 * A^E and α·A^S; GiGPO: episode and w·step). Read from the records' `estimator_advantages`. Pure.
 */
import { ADVANTAGE_ESTIMATORS } from '../../core/advantage/registry';
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

interface Decomposition {
  first: string;
  second: string;
  weight: string;
  labels: [string, string];
}

const DECOMPOSITIONS: Decomposition[] = [
  { first: 'trajectoryAdvantage', second: 'responseAdvantage', weight: 'alpha', labels: ['A^E', 'α·A^S'] },
  { first: 'episodeAdvantage', second: 'stepAdvantage', weight: 'stepAdvantageWeight', labels: ['A^E', 'w·A^S'] },
];

export function estimatorLabel(id: string): string {
  return (ADVANTAGE_ESTIMATORS as Record<string, { label: string }>)[id]?.label ?? id;
}

function partsOf(record: ScoredRecord, id: string): Lane[] {
  const slice = record.estimator_advantages?.[id];
  if (!slice) return [];
  const c = slice.components;
  for (const d of DECOMPOSITIONS) {
    const a = c[d.first];
    const b = c[d.second];
    const w = c[d.weight];
    if (!Array.isArray(a) || !Array.isArray(b) || typeof w !== 'number') continue;
    const label = estimatorLabel(id);
    return [
      { key: `${id}:first`, estimator: id, label: `${label} ${d.labels[0]}`, part: d.labels[0], kind: 'part', perTurn: a.slice() },
      { key: `${id}:second`, estimator: id, label: `${label} ${d.labels[1]}`, part: d.labels[1], kind: 'part', perTurn: b.map((v) => w * v) },
    ];
  }
  return [];
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
