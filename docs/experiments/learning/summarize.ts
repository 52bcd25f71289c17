/**
 * Summarize the training logs in this folder (`{estimator}-seed{N}.jsonl`, the JSON Lines of
 * `npm run -s cli -- train ... --json`) into the Markdown tables of README.md.
 * Run: npx tsx docs/experiments/learning/summarize.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IterationMetrics } from '../../../src/core/train/metrics';

/** One line of a training log: the trainer's own metrics type, the fields these tables read. */
type Row = Pick<IterationMetrics, 'iteration' | 'successRate' | 'meanTurns' | 'meanSuccessTurns' | 'meanOracleTurns'
  | 'meanResponseTokens' | 'meanThinkTokens' | 'timing'>;

const dir = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir).filter((f) => /^[a-z-]+-seed\d+\.jsonl$/.test(f)).sort();
const at = [1, 50, 100, 150];
const f2 = (x: number | null | undefined, d = 2) => (x === null || x === undefined ? '–' : x.toFixed(d));
const window = (rows: Row[], i: number, w = 10) => rows.slice(Math.max(0, i - w), i);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

const lines: string[] = [];
lines.push('| estimator | seed | success @1 / 50 / 100 / 150 | success, 10-it mean @50 / 100 / 150 | first it. with 10-it mean ≥ 0.8 | succ. turns vs T* @1 / 50 / 100 / 150 | response tokens @1 / 50 / 100 / 150 | think tokens @150 |');
lines.push('|---|---|---|---|---|---|---|---|');
for (const file of files) {
  const [, est, seed] = /^([a-z-]+)-seed(\d+)\.jsonl$/.exec(file)!;
  const rows: Row[] = readFileSync(join(dir, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const get = (it: number) => rows.find((r) => r.iteration === it);
  const smooth = (it: number) => (get(it) ? mean(window(rows, it).map((r) => r.successRate)) : null);
  const first = rows.find((r) => r.iteration >= 10 && mean(window(rows, r.iteration).map((x) => x.successRate)) >= 0.8);
  lines.push(`| ${est} | ${seed} | ${at.map((i) => f2(get(i)?.successRate)).join(' / ')} | ${[50, 100, 150].map((i) => f2(smooth(i))).join(' / ')} | ${first ? first.iteration : `not reached (${rows.length} it.)`} | ${at.map((i) => `${f2(get(i)?.meanSuccessTurns, 1)} vs ${f2(get(i)?.meanOracleTurns, 1)}`).join(' / ')} | ${at.map((i) => f2(get(i)?.meanResponseTokens, 1)).join(' / ')} | ${f2(get(150)?.meanThinkTokens, 1)} |`);
}
process.stdout.write(lines.join('\n') + '\n');
