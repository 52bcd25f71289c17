/**
 * Bounded history for the lab's in-memory telemetry: iteration 1, the latest `recent` iterations,
 * and every k-th older one, where k starts at `every` and doubles whenever the older part would
 * hold more than `sparse` entries. So a list never holds more than 1 + recent + sparse entries,
 * however long a run trains, and each new iteration copies at most that many references.
 */
export interface HistoryBounds {
  recent: number;
  every: number;
  sparse: number;
}

/** Curves and divergence bands: the last 500 iterations dense, older ones thinned to ≤ 250 points. */
export const METRIC_BOUNDS: HistoryBounds = { recent: 500, every: 5, sparse: 250 };
/** Rollout groups (heavy): the last 30 iterations, older ones thinned to ≤ 20. */
export const GROUP_BOUNDS: HistoryBounds = { recent: 30, every: 25, sparse: 20 };

/** The stride for iterations older than the recent window, at `latest`. */
export function sparseStride(latest: number, b: HistoryBounds): number {
  let k = b.every;
  while (Math.max(0, latest - b.recent) / k > b.sparse) k *= 2;
  return k;
}

export function keepIteration(iteration: number, latest: number, b: HistoryBounds, stride = sparseStride(latest, b)): boolean {
  return iteration === 1 || iteration > latest - b.recent || iteration % stride === 0;
}

/** `list` (ordered by iteration) with `item` appended and whatever is no longer kept dropped. */
export function appendBounded<T>(list: readonly T[], item: T, iterationOf: (x: T) => number, b: HistoryBounds): T[] {
  const latest = iterationOf(item);
  const stride = sparseStride(latest, b);
  const out = list.filter((x) => keepIteration(iterationOf(x), latest, b, stride) && iterationOf(x) < latest);
  out.push(item);
  return out;
}

/** Keys of a per-iteration record that are still kept at `latest`. */
export function boundRecord<V>(record: Record<number, V>, latest: number, b: HistoryBounds): Record<number, V> {
  const stride = sparseStride(latest, b);
  const out: Record<number, V> = {};
  for (const key of Object.keys(record)) {
    const k = Number(key);
    if (keepIteration(k, latest, b, stride)) out[k] = record[k];
  }
  return out;
}
