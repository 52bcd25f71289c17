/**
 * Summarize the shop-v0 training logs in this folder (`{estimator}-seed{N}.jsonl`, the JSON Lines of
 * `npm run -s cli -- train --env shop-v0 ... --json`) into README.md's tables, and draw the learning
 * curves (10-iteration moving mean of training success, one line per seed) into
 * `learning-curves-{estimator}.svg` with the experiment chart code.
 * Run: npx tsx docs/experiments/learning/shop-v0/summarize.ts [subfolder]   (e.g. full-length)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { layoutLineChart } from '../../../../src/core/experiments/charts/layout';
import { chartSvg } from '../../../../src/core/experiments/charts/svg';
import { movingAverage } from '../../../../src/core/experiments/summarize';
import type { IterationMetrics } from '../../../../src/core/train/metrics';

type Row = Pick<IterationMetrics, 'iteration' | 'successRate' | 'meanSuccessTurns' | 'meanOracleTurns' | 'meanResponseTokens' | 'meanThinkTokens'>;

const TARGET = 0.7;
const dir = join(dirname(fileURLToPath(import.meta.url)), process.argv[2] ?? '.');
const runs = readdirSync(dir).filter((f) => /^[a-z-]+-seed\d+\.jsonl$/.test(f)).sort().map((file) => {
  const [, estimator, seed] = /^([a-z-]+)-seed(\d+)\.jsonl$/.exec(file)!;
  const rows: Row[] = readFileSync(join(dir, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  return { estimator, seed: Number(seed), rows };
});

const f = (x: number | null | undefined, d = 2) => (x === null || x === undefined ? '–' : x.toFixed(d));
const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
const lastTen = (rows: Row[], key: keyof Row) => mean(rows.slice(-10).map((r) => r[key] as number | null).filter((v): v is number => v !== null));

const at = [1, 10, 20, 30, 40, 50, 100, 150];
const lines = [
  `| estimator | seed | iterations run | success @${at.join(' / ')} | first it. with 10-it mean ≥ ${TARGET} | last-10 success | last-10 successful turns vs T* | last-10 response tokens (thoughts) |`,
  '|---|---|---|---|---|---|---|---|',
];
for (const { estimator, seed, rows } of runs) {
  const smooth = movingAverage(rows.map((r) => r.successRate), 10);
  const first = rows.find((r, i) => i >= 9 && (smooth[i] ?? 0) >= TARGET);
  const get = (it: number) => rows.find((r) => r.iteration === it)?.successRate;
  lines.push(`| ${estimator} | ${seed} | ${rows.length} | ${at.map((i) => f(get(i))).join(' / ')} | ${first ? first.iteration : 'not reached'} | `
    + `${f(lastTen(rows, 'successRate'), 3)} | ${f(lastTen(rows, 'meanSuccessTurns'), 1)} vs ${f(lastTen(rows, 'meanOracleTurns'), 1)} | `
    + `${f(lastTen(rows, 'meanResponseTokens'), 1)} (${f(lastTen(rows, 'meanThinkTokens'), 1)}) |`);
}
process.stdout.write(lines.join('\n') + '\n');

for (const estimator of [...new Set(runs.map((r) => r.estimator))]) {
  const series = runs.filter((r) => r.estimator === estimator).map(({ seed, rows }) => {
    const smooth = movingAverage(rows.map((r) => r.successRate), 10);
    return { id: `seed${seed}`, label: `seed ${seed}`, points: rows.map((r, i) => ({ x: r.iteration, mean: smooth[i] ?? 0, low: null, high: null })) };
  });
  const layout = layoutLineChart({
    title: `shop-v0, ${estimator}: training success (10-iteration mean)`, xLabel: 'iteration', yLabel: 'success',
    series, yDomain: [0, 1], format: 'percent',
  });
  writeFileSync(join(dir, `learning-curves-${estimator}.svg`), chartSvg(layout));
}
