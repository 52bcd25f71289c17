/**
 * The brittleness table as markdown and as a bar chart (seen vs unseen per row), for the CLI's
 * docs/concepts/brittleness/ and the Concepts view.
 */
import { layoutBarChart, type BarChartLayout, type ChartSize } from '../experiments/charts/layout';
import { gapResolved, splitGap, type SplitRow, type SplitValue } from './rows';

const pct = (v: SplitValue): string => (v.mean === null ? '–' : `${(v.mean * 100).toFixed(1)} %${v.halfWidth === null ? '' : ` ± ${(v.halfWidth * 100).toFixed(1)}`}`);

export function gapText(row: SplitRow): string {
  const gap = splitGap(row);
  if (gap === null) return '–';
  return `${gap >= 0 ? '+' : '−'}${Math.abs(gap * 100).toFixed(1)} pp${gapResolved(row) ? '' : ' (not resolved)'}`;
}

export function brittlenessTable(rows: readonly SplitRow[]): string {
  const lines = [
    '| # | Concept | Measure | Seen | Unseen | Gap (seen − unseen) | n (seen / unseen) |',
    '| ---: | --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map((r, i) => `| ${i + 1} | ${r.concept} | ${r.measure} | ${pct(r.seen)} | ${pct(r.unseen)} | ${gapText(r)} | ${r.seen.n} / ${r.unseen.n} |`),
  ];
  return lines.join('\n');
}

/** Seen vs unseen bars, one group per row. */
export function brittlenessChart(rows: readonly SplitRow[], size?: ChartSize): BarChartLayout {
  const bar = (id: 'seen' | 'unseen', v: SplitValue) => ({
    id, label: id, mean: v.mean,
    low: v.mean !== null && v.halfWidth !== null ? v.mean - v.halfWidth : null,
    high: v.mean !== null && v.halfWidth !== null ? v.mean + v.halfWidth : null,
  });
  return layoutBarChart({
    title: 'Seen vs unseen tasks, every concept', xLabel: 'row of the table', yLabel: 'success',
    groups: rows.map((r, i) => ({ label: `${i + 1}`, bars: [bar('seen', r.seen), bar('unseen', r.unseen)] })),
    yDomain: [0, 1], format: 'percent',
  }, size ?? { width: Math.max(560, 60 + rows.length * 56), height: 300 });
}
