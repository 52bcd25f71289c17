/**
 * Brittleness: the seen/unseen split as the out-of-distribution check, one row per measured
 * quantity of each concept. Seen tasks come from the training distribution (its kitchen layouts);
 * unseen tasks use layouts held out of training (src/core/env/split.ts). A policy that learnt the
 * task rather than the layouts keeps its success on unseen ones.
 *
 *   gap = success(seen) − success(unseen)
 *
 * Details a reader could get wrong (pinned in tests/core/brittleness/rows.test.ts):
 * - Rows carry the number of tasks or seeds behind each value and a 95 % interval when there is
 *   one; a gap smaller than the intervals is not resolved, and the table says so.
 * - Experiment rows average the evaluation over seeds (mean ± Student-t over seeds, stats.ts);
 *   search rows average pass@N over tasks.
 */
import { meanCi, type MeanCi } from '../experiments/stats';
import type { ExperimentResults } from '../experiments/results';
import { curveAt, searchCurves, searchedIterations, type SearchResults } from '../search';

export interface SplitValue {
  mean: number | null;
  halfWidth: number | null;
  /** Tasks (search) or seeds (experiments) behind the mean. */
  n: number;
}

export interface SplitRow {
  concept: string;
  /** What is measured, e.g. "trained policy, best-of-1" or "GRPO (trained), evaluation". */
  measure: string;
  seen: SplitValue;
  unseen: SplitValue;
}

const value = (ci: MeanCi | undefined): SplitValue => ({ mean: ci?.mean ?? null, halfWidth: ci?.halfWidth ?? null, n: ci?.n ?? 0 });

/** seen − unseen (null when either is missing). */
export function splitGap(row: SplitRow): number | null {
  return row.seen.mean === null || row.unseen.mean === null ? null : row.seen.mean - row.unseen.mean;
}

/** True when the gap is larger than both intervals together (a conservative check: non-overlapping bands). */
export function gapResolved(row: SplitRow): boolean {
  const gap = splitGap(row);
  if (gap === null || row.seen.halfWidth === null || row.unseen.halfWidth === null) return false;
  return Math.abs(gap) > row.seen.halfWidth + row.unseen.halfWidth;
}

/** Search study: the initial and the last checkpoint at best-of-1 and best-of-min(16, n). */
export function searchSplitRows(concept: string, results: SearchResults): SplitRow[] {
  const curves = searchCurves(results);
  const iterations = searchedIterations(results);
  const mid = Math.min(16, results.options.samplesPerTask);
  const picks = [...new Set([iterations[0], iterations[iterations.length - 1]])];
  return picks.flatMap((it) => [...new Set([1, mid])].map((N) => {
    const at = (split: 'seen' | 'unseen') => value(curveAt(curves, it, split)?.points.find((p) => p.N === N)?.passAtK);
    const who = it === 0 ? 'initial policy' : `trained policy (${it} iterations)`;
    return { concept, measure: `${who}, best-of-${N}`, seen: at('seen'), unseen: at('unseen') };
  }));
}

/**
 * Experiment with post-training evaluation: each arm's success on fresh seen and unseen tasks, over
 * seeds, one row per arm and environment (a merged results file holds several environments; their
 * numbers are never pooled). The environment is named when there is more than one.
 */
export function experimentSplitRows(concept: string, results: ExperimentResults): SplitRow[] {
  const arms = [...new Map(results.runs.map((r) => [r.arm, r.armLabel])).entries()];
  const envs = [...new Set(results.runs.map((r) => r.env))];
  return arms.flatMap(([arm, label]) => envs.flatMap((env) => {
    const runs = results.runs.filter((r) => r.arm === arm && r.env === env);
    const at = (split: 'seen' | 'unseen') => value(meanCi(runs.map((r) => r.evaluation.find((e) => e.split === split)?.successRate ?? null)));
    const where = envs.length > 1 ? ` on ${env}` : '';
    const row = { concept, measure: `${label} (trained)${where}, evaluation`, seen: at('seen'), unseen: at('unseen') };
    return row.seen.n > 0 || row.unseen.n > 0 ? [row] : [];
  }));
}
