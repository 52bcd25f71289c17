/**
 * Report tables as plain strings (rendered to markdown by report.ts and to <table> by the app):
 * every cell is "mean ± half-width of the 95% Student-t CI over seeds".
 */
import { experimentComparisons } from './compare';
import { VALUE_INFO } from './labels';
import { getExperiment } from './registry';
import type { ExperimentResults } from './results';
import { formatMeanCi, meanCi, type MeanCi } from './stats';
import { finalWindow, summarizeRuns, type ArmEnvSummary } from './summarize';
import type { TableKind } from './types';

export interface ReportTable {
  id: string;
  title: string;
  caption: string;
  columns: string[];
  rows: string[][];
}

const fmt = (ci: MeanCi | undefined, key: keyof typeof VALUE_INFO): string =>
  ci ? formatMeanCi(ci, VALUE_INFO[key].digits, VALUE_INFO[key].percent ? 100 : 1) : '–';

function finalTable(results: ExperimentResults, rows: ArmEnvSummary[]): ReportTable {
  const keys = ['successRate', 'meanTurns', 'meanSuccessTurns', 'meanOracleTurns', 'meanResponseTokens', 'meanThinkTokens', 'zeroStdGroupFraction'] as const;
  return {
    id: 'final',
    title: 'End of training',
    caption: `Training-batch statistics over the last ${finalWindow(results.sizes.iterations)} of ${results.sizes.iterations} iterations, mean ± 95% CI over seeds (Student-t).`,
    columns: ['Arm', 'Env', 'Seeds', ...keys.map((k) => VALUE_INFO[k].label)],
    rows: rows.map((s) => [s.armLabel, s.env, String(s.seeds), ...keys.map((k) => fmt(s.final[k], k))]),
  };
}

function alphaTable(rows: ArmEnvSummary[]): ReportTable {
  const ranked = [...rows].sort((a, b) => (b.final.successRate.mean ?? -1) - (a.final.successRate.mean ?? -1));
  return {
    id: 'alpha',
    title: 'Success by α_init',
    caption: 'α decays linearly from α_init to α_init/2 over training. Rank by mean success (1 = best); overlapping CIs mean the ranking is not settled.',
    columns: ['α_init', 'Env', 'Rank', VALUE_INFO.successRate.label, VALUE_INFO.meanTurns.label, VALUE_INFO.meanResponseTokens.label],
    rows: rows.map((s) => [s.armLabel, s.env, String(ranked.indexOf(s) + 1), fmt(s.final.successRate, 'successRate'), fmt(s.final.meanTurns, 'meanTurns'), fmt(s.final.meanResponseTokens, 'meanResponseTokens')]),
  };
}

function evaluationTable(results: ExperimentResults, rows: ArmEnvSummary[]): ReportTable {
  const first = results.runs.find((r) => r.evaluation.length > 0)?.evaluation[0];
  return {
    id: 'evaluation',
    title: 'Seen vs unseen tasks',
    caption: `Each trained policy plays ${first?.episodes ?? '?'} fresh tasks per split at temperature ${first?.temperature ?? '?'} (no update). Gap = seen − unseen, paired per seed, in percentage points.`,
    columns: ['Arm', 'Env', 'Seeds', 'Training success (%)', VALUE_INFO['eval:seen'].label, VALUE_INFO['eval:unseen'].label, 'Gap (pp)'],
    rows: rows.map((s) => {
      const gap = meanCi(results.runs.filter((r) => r.arm === s.arm && r.env === s.env).map((r) => {
        const seen = r.evaluation.find((e) => e.split === 'seen')?.successRate;
        const unseen = r.evaluation.find((e) => e.split === 'unseen')?.successRate;
        return seen !== undefined && unseen !== undefined ? seen - unseen : null;
      }));
      return [s.armLabel, s.env, String(s.seeds), fmt(s.final.successRate, 'successRate'), fmt(s.evaluation.seen, 'eval:seen'), fmt(s.evaluation.unseen, 'eval:unseen'), formatMeanCi(gap, 1, 100)];
    }),
  };
}

function timingTable(rows: ArmEnvSummary[]): ReportTable {
  return {
    id: 'timing',
    title: 'Time per iteration',
    caption: 'Mean milliseconds per iteration (first iteration left out as warm-up), mean ± 95% CI over seeds. Advantages = the trained estimator only.',
    columns: ['Arm', 'Env', 'Seeds', 'Rollout (ms)', 'Advantages (ms)', 'Update (ms)', 'Iteration (ms)', VALUE_INFO.advantageShare.label],
    rows: rows.map((s) => [s.armLabel, s.env, String(s.seeds), fmt(s.timing.rolloutMs, 'timing:rolloutMs'), fmt(s.timing.advantageMs, 'timing:advantageMs'),
      fmt(s.timing.updateMs, 'timing:updateMs'), fmt(s.timing.totalMs, 'timing:totalMs'), fmt(s.advantageShare, 'advantageShare')]),
  };
}

/**
 * Arm − `baseline`, paired per seed, one row per arm × env: the entry's `compare.baseline` (table
 * `comparison`) or one of its `compare.alsoAgainst` arms (table `comparison-<arm>`). Null when the
 * results do not hold that arm.
 */
export function comparisonTable(results: ExperimentResults, baseline = getExperiment(results.experiment).compare.baseline): ReportTable | null {
  const comparisons = experimentComparisons(results, baseline);
  if (comparisons.length === 0) return null;
  const { baseline: main, values } = getExperiment(results.experiment).compare;
  const rows: string[][] = [];
  for (let k = 0; k < comparisons.length; k += values.length) {
    const row = comparisons.slice(k, k + values.length); // one arm × env, its values in order
    const { armLabel, baselineLabel, env, difference } = row[0];
    rows.push([`${armLabel} − ${baselineLabel}`, env, String(difference.n), ...row.map((c) => fmt(c.difference, c.value))]);
  }
  return {
    id: baseline === main ? 'comparison' : `comparison-${baseline}`,
    title: `Differences from ${comparisons[0].baselineLabel}`,
    caption: 'Per-seed differences (same seed = same tasks), mean ± 95% CI (Student-t). An interval that excludes 0 is a difference this many seeds can resolve.',
    columns: ['Comparison', 'Env', 'Pairs', ...values.map((v) => `Δ ${VALUE_INFO[v].label}`)],
    rows,
  };
}

export function experimentTables(results: ExperimentResults): ReportTable[] {
  const summaries = summarizeRuns(results);
  const build: Record<TableKind, () => ReportTable> = {
    final: () => finalTable(results, summaries),
    alpha: () => alphaTable(summaries),
    evaluation: () => evaluationTable(results, summaries),
    timing: () => timingTable(summaries),
  };
  const tables = getExperiment(results.experiment).tables.map((kind) => build[kind]());
  const { baseline, alsoAgainst = [] } = getExperiment(results.experiment).compare;
  return [...tables, ...[baseline, ...alsoAgainst].flatMap((ref) => comparisonTable(results, ref) ?? [])];
}
