/**
 * A run summary as CSV for notebooks: one row per training step (step empty for the step-less
 * files), then the `total` row; per estimator `{id}_mean_advantage`, `{id}_mean_abs_advantage`,
 * `{id}_failed_groups`. Empty cells where a statistic has no groups. Notes are left out (JSON has them).
 */
import type { RunSummary } from './run-summary';
import type { StepSummaryRow } from './step-summary';

const COLUMNS = ['files', 'groups', 'trajectories', 'successRate', 'singletonGroups', 'zeroGrpoGroups', 'zeroGrpoFraction', 'problems',
  'successTurnsSpread', 'responseTokensSpread', 'lengthRatio', 'lengthCv'] as const;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const cell = (v: number | null) => (v === null ? '' : String(v));

export function summaryCsv(summary: RunSummary): string {
  const ids = [...new Set([...summary.steps, summary.total].flatMap((r) => Object.keys(r.estimators)))].sort();
  const header = ['step', ...COLUMNS.map(snake), ...ids.flatMap((id) => [`${id}_mean_advantage`, `${id}_mean_abs_advantage`, `${id}_failed_groups`])];
  const line = (label: string, r: StepSummaryRow) => [
    label, ...COLUMNS.map((c) => cell(r[c])),
    ...ids.flatMap((id) => {
      const e = r.estimators[id];
      return e ? [cell(e.meanAdvantage), cell(e.meanAbsAdvantage), String(e.failedGroups)] : ['', '', ''];
    }),
  ].join(',');
  return [header.join(','), ...summary.steps.map((r) => line(r.step === null ? '' : String(r.step), r)), line('total', summary.total)].join('\n') + '\n';
}
