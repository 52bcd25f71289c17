import { median } from '../src/bench/timing';

/**
 * One row per (where, backend) of `npm run bench`; every part of the benchmark (Node now, the
 * headless-Chromium part later) produces BenchRows and `printRows` formats them alike.
 */
export interface BenchRow {
  /** 'node' | 'chromium' | ... */
  where: string;
  backend: string;
  /** Iterations timed (medians below). */
  iterations: number;
  totalMs: number;
  rolloutMs: number;
  advantageMs: number;
  /** Every other estimator on the same groups (UI comparisons; not needed to train). */
  compareMs: number;
  updateMs: number;
  /** Response tokens generated per second of rollout. */
  tokensPerSecond: number;
  /** PlanPO and GRPO advantage time for one iteration's groups (same groups). */
  planpoMs: number;
  grpoMs: number;
  /** (planpoMs − grpoMs) / totalMs */
  planpoOverheadShare: number;
  numTensors: number[];
  tfjs: string;
}

/** The timing fields of one iteration's metrics that a row summarises. */
export interface TimedMetrics {
  timing: { totalMs: number; rolloutMs: number; advantageMs: number; compareMs: number; updateMs: number };
  tokensPerSecond: number;
  numTensors: number;
}

/** Medians over `timed`; numTensors over `all` (every iteration run, to show it stays flat). */
export function rowFromMetrics(
  head: { where: string; backend: string; tfjs: string; planpoMs: number; grpoMs: number },
  timed: readonly TimedMetrics[],
  all: readonly TimedMetrics[] = timed,
): BenchRow {
  const pick = (f: (m: TimedMetrics) => number) => median(timed.map(f));
  const totalMs = pick((m) => m.timing.totalMs);
  return {
    ...head,
    iterations: timed.length,
    totalMs,
    rolloutMs: pick((m) => m.timing.rolloutMs),
    advantageMs: pick((m) => m.timing.advantageMs),
    compareMs: pick((m) => m.timing.compareMs),
    updateMs: pick((m) => m.timing.updateMs),
    tokensPerSecond: pick((m) => m.tokensPerSecond),
    planpoOverheadShare: (head.planpoMs - head.grpoMs) / totalMs,
    numTensors: all.map((m) => m.numTensors),
  };
}

const f = (x: number, d = 0) => x.toFixed(d).padStart(8);

export function formatRows(rows: readonly BenchRow[]): string {
  const head = 'where     backend  iters   total ms rollout ms  adv ms compare ms update ms  tokens/s  PlanPO-GRPO ms  overhead';
  const lines = rows.map((r) =>
    `${r.where.padEnd(9)} ${r.backend.padEnd(8)} ${String(r.iterations).padStart(5)} ${f(r.totalMs)}   ${f(r.rolloutMs)} ${f(r.advantageMs, 1)}   ${f(r.compareMs, 1)}  ${f(r.updateMs)} ${f(r.tokensPerSecond)}  ${f(r.planpoMs - r.grpoMs, 3)}        ${(100 * r.planpoOverheadShare).toFixed(3)}%`);
  return [head, ...lines].join('\n');
}
