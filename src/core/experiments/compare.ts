/**
 * Paired comparisons: arm − baseline per seed, then mean ± 95% Student-t CI of the differences.
 *
 * Pairing is sound here because a run's tasks depend only on its root seed
 * (deriveSeed(seed, 'env', iteration, task)): arm and baseline with the same seed meet the same
 * tasks in the same order, so the per-seed difference removes task difficulty from the noise.
 * Seeds present in only one of the two arms are left out (n says how many pairs remained).
 */
import { meanCi, type MeanCi } from './stats';
import { runValue } from './summarize';
import type { ExperimentResults } from './results';
import { getExperiment } from './registry';
import type { RunValueKey } from './types';

export interface Comparison {
  arm: string;
  armLabel: string;
  baseline: string;
  baselineLabel: string;
  env: string;
  value: RunValueKey;
  /** Per-seed arm − baseline, mean ± CI. */
  difference: MeanCi;
}

export function pairedDifference(results: ExperimentResults, arm: string, baseline: string, env: string, value: RunValueKey): MeanCi {
  const bySeed = (id: string): Map<number, number | null> =>
    new Map(results.runs.filter((r) => r.arm === id && r.env === env).map((r) => [r.seed, runValue(r, value)]));
  const a = bySeed(arm);
  const b = bySeed(baseline);
  const diffs: Array<number | null> = [];
  for (const [seed, va] of a) {
    const vb = b.get(seed);
    diffs.push(va !== null && vb !== null && vb !== undefined ? va - vb : null);
  }
  return meanCi(diffs);
}

/**
 * Every other arm against `baseline` (the experiment's `compare.baseline` unless named), per env and
 * value; for each env and arm the values come in `compare.values` order.
 */
export function experimentComparisons(results: ExperimentResults, baseline = getExperiment(results.experiment).compare.baseline): Comparison[] {
  const { values } = getExperiment(results.experiment).compare;
  const label = (id: string): string => results.runs.find((r) => r.arm === id)?.armLabel ?? id;
  const arms = [...new Set(results.runs.map((r) => r.arm))].filter((a) => a !== baseline);
  if (!results.runs.some((r) => r.arm === baseline)) return [];
  const out: Comparison[] = [];
  for (const env of results.envs) {
    for (const arm of arms) {
      for (const value of values) {
        out.push({ arm, armLabel: label(arm), baseline, baselineLabel: label(baseline), env, value, difference: pairedDifference(results, arm, baseline, env, value) });
      }
    }
  }
  return out;
}
