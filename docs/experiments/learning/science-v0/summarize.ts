/**
 * Summarize the science-v0 training logs in this folder (`{estimator}-seed{N}.jsonl`, the JSON Lines of
 * `npm run -s cli -- train ... --json`) into the tables of README.md, and draw success-curves.svg
 * (one line per run, 10-iteration trailing mean) with the experiment chart code.
 * Run: npx tsx docs/experiments/learning/science-v0/summarize.ts [FOLDER [TITLE]]
 * (FOLDER: another folder of such logs, e.g. sft-rl/; TITLE: its chart's title).
 * Logs that carry `successByType` (runs that draw every task type) also give a per-type table (each type's
 * 10-iteration mean at the end and the first iteration where it reaches 0.5) and one chart per type,
 * `success-<type>.svg`, with every run's line.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IterationMetrics } from '../../../../src/core/train/metrics';
import { layoutLineChart } from '../../../../src/core/experiments/charts/layout';
import { chartSvg } from '../../../../src/core/experiments/charts/svg';
import { getEnv } from '../../../../src/core/env/registry';

type Row = Pick<IterationMetrics, 'iteration' | 'successRate' | 'successByType' | 'meanTurns' | 'meanSuccessTurns' | 'meanOracleTurns' | 'meanResponseTokens' | 'meanThinkTokens'>;

const TARGET = 0.5;
const dir = process.argv[2] ? resolve(process.argv[2]) : dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir).filter((f) => /^[a-z-]+-seed\d+\.jsonl$/.test(f)).sort();
const f2 = (x: number | null | undefined, d = 2) => (x === null || x === undefined ? '–' : x.toFixed(d));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const trailing = (rows: Row[], it: number, w = 10) => mean(rows.slice(Math.max(0, it - w), it).map((r) => r.successRate));
const nonNull = (xs: Array<number | null>) => xs.filter((x): x is number => x !== null);

const runs = files.map((file) => {
  const [, est, seed] = /^([a-z-]+)-seed(\d+)\.jsonl$/.exec(file)!;
  const rows: Row[] = readFileSync(join(dir, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  return { est, seed, rows };
});

const main: string[] = [
  '| estimator | seed | iterations run | success @1 / 5 / 10 / last | first it. with 10-it mean ≥ 0.5 | 10-it mean there | succ. turns vs T* @ last 10 it. | turns per episode @1 / last | response tokens @1 / last 10 it. | think tokens, last 10 it. |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
for (const { est, seed, rows } of runs) {
  const get = (it: number) => rows.find((r) => r.iteration === it);
  const last = rows[rows.length - 1];
  const first = rows.find((r) => r.iteration >= 10 && trailing(rows, r.iteration) >= TARGET);
  const tail = rows.slice(-10);
  main.push(`| ${est} | ${seed} | ${rows.length} | ${[1, 5, 10].map((i) => f2(get(i)?.successRate)).join(' / ')} / ${f2(last.successRate)} | ${first ? first.iteration : `not reached (${rows.length} it.)`} | ${first ? f2(trailing(rows, first.iteration)) : '–'} | ${f2(mean(nonNull(tail.map((r) => r.meanSuccessTurns))), 1)} vs ${f2(mean(nonNull(tail.map((r) => r.meanOracleTurns))), 1)} | ${f2(get(1)?.meanTurns, 1)} / ${f2(last.meanTurns, 1)} | ${f2(get(1)?.meanResponseTokens, 1)} / ${f2(mean(tail.map((r) => r.meanResponseTokens)), 1)} | ${f2(mean(tail.map((r) => r.meanThinkTokens)), 2)} |`);
}
process.stdout.write(main.join('\n') + '\n');

const series = runs.map(({ est, seed, rows }) => ({
  id: est,
  label: `${est === 'grpo' ? 'GRPO' : 'PlanPO'} seed ${seed}`,
  points: rows.map((r) => ({ x: r.iteration, mean: trailing(rows, r.iteration, Math.min(10, r.iteration)), low: null, high: null })),
}));
const layout = layoutLineChart({
  title: process.argv[3] ?? 'science-v0 find-non-living-thing (2 rooms): training success, trailing mean of ≤ 10 iterations',
  xLabel: 'iteration', yLabel: 'success', series, yDomain: [0, 1], format: 'percent',
}, { width: 640, height: 320 });
writeFileSync(join(dir, 'success-curves.svg'), chartSvg(layout) + '\n');

// Per task type: the type's own share over the iterations that trained it (every iteration with tasksByType and B ≥ 8).
const typed = runs.filter(({ rows }) => rows.some((r) => r.successByType && Object.keys(r.successByType).length > 1));
if (typed.length > 0) {
  const seen = new Set(typed.flatMap(({ rows }) => rows.flatMap((r) => Object.keys(r.successByType ?? {}))));
  const declared: readonly string[] = getEnv('science-v0').taskTypes;
  const types = [...declared.filter((t) => seen.has(t)), ...[...seen].filter((t) => !declared.includes(t))]; // the env's order
  const typeRows = (rows: Row[], type: string) => rows.filter((r) => r.successByType?.[type] !== undefined)
    .map((r) => ({ iteration: r.iteration, share: r.successByType[type] }));
  const trailingOf = (xs: { share: number }[], i: number, w = 10) => mean(xs.slice(Math.max(0, i + 1 - w), i + 1).map((x) => x.share));
  const table = [
    '',
    `Per task type: 10-iteration mean of the type's own success over the last 10 iterations that trained it (first iteration where that mean reached ${TARGET})`,
    '',
    `| estimator | seed | ${types.join(' | ')} | types ≥ ${TARGET} at the end | types that reached ${TARGET} |`,
    `|---|---|${types.map(() => '---').join('|')}|---|---|`,
  ];
  for (const { est, seed, rows } of typed) {
    const cells = types.map((type) => {
      const xs = typeRows(rows, type);
      const end = trailingOf(xs, xs.length - 1);
      const first = xs.findIndex((_, i) => i >= 9 && trailingOf(xs, i) >= TARGET);
      return { end, first: first >= 0 ? xs[first].iteration : null };
    });
    table.push(`| ${est} | ${seed} | ${cells.map((c) => `${f2(c.end)} (${c.first ?? '–'})`).join(' | ')} | ${cells.filter((c) => c.end >= TARGET).length} of ${types.length} | ${cells.filter((c) => c.first !== null).length} of ${types.length} |`);
  }
  process.stdout.write(table.join('\n') + '\n');
  for (const type of types) {
    const typeSeries = typed.map(({ est, seed, rows }) => {
      const xs = typeRows(rows, type);
      return {
        id: est, label: `${est === 'grpo' ? 'GRPO' : 'PlanPO'} seed ${seed}`,
        points: xs.map((x, i) => ({ x: x.iteration, mean: trailingOf(xs, i), low: null, high: null })),
      };
    });
    const chart = layoutLineChart({
      title: `science-v0 ${type}: the type's training success, trailing mean of ≤ 10 iterations`,
      xLabel: 'iteration', yLabel: 'success', series: typeSeries, yDomain: [0, 1], format: 'percent',
    }, { width: 640, height: 320 });
    writeFileSync(join(dir, `success-${type}.svg`), chartSvg(chart) + '\n');
  }
}
