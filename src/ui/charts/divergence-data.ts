/**
 * Points for the divergence scatters of one iteration: one per response a_{i,t} of every group,
 * coloured by the trajectory's outcome (success, circuitous success, failure). Pure.
 */
import { lanesOf, type ScoredRecord } from '../model/advantage-lanes';
import { analyzeGroup } from '../model/circuitous';
import type { PointCategory, ScatterDatum } from './scatter-layout';

export interface GroupedDatum extends ScatterDatum {
  group: number;
}

type Pick = (record: ScoredRecord, t: number) => [number, number] | null;

export function scatterPoints(groups: ReadonlyArray<readonly ScoredRecord[]>, slack: number, pick: Pick): GroupedDatum[] {
  const out: GroupedDatum[] = [];
  groups.forEach((group, g) => {
    const verdicts = analyzeGroup(group, { slack });
    group.forEach((record, i) => {
      const v = verdicts[i];
      const category: PointCategory = v.circuitous ? 'circuitous' : v.success ? 'success' : 'failure';
      for (let t = 0; t < record.turns.length; t++) {
        const xy = pick(record, t);
        if (xy && Number.isFinite(xy[0]) && Number.isFinite(xy[1])) out.push({ x: xy[0], y: xy[1], category, member: i, turn: t, group: g });
      }
    });
  });
  return out;
}

/** x = estimator a's A_{i,t}, y = estimator b's. */
export function estimatorPair(a: string, b: string): Pick {
  return (record, t) => {
    const x = record.estimator_advantages?.[a]?.per_turn[t];
    const y = record.estimator_advantages?.[b]?.per_turn[t];
    return x === undefined || y === undefined ? null : [x, y];
  };
}

/** The first estimator among `ids` whose records carry a two-part decomposition (PlanPO: A^E, α·A^S). */
export function decomposedEstimator(groups: ReadonlyArray<readonly ScoredRecord[]>, ids: readonly string[]): string | null {
  const record = groups[0]?.[0];
  if (!record) return null;
  return ids.find((id) => lanesOf(record, [id]).some((l) => l.kind === 'part')) ?? null;
}

/** x = the first part (A^E), y = the weighted second part (α·A^S) of estimator `id`. */
export function componentPair(id: string): Pick {
  return (record, t) => {
    const parts = lanesOf(record, [id]).filter((l) => l.kind === 'part');
    if (parts.length < 2) return null;
    return [parts[0].perTurn[t], parts[1].perTurn[t]];
  };
}
