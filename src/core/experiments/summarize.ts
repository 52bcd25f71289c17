/**
 * From results.json to numbers: per run a final value of each metric, per arm × env the mean and
 * 95% Student-t CI over seeds, and per-iteration curves averaged over seeds.
 *
 * - "Final" = mean over the last ⌈K/4⌉ training iterations (training-batch statistics, sampled at
 *   the training temperature), not a separate evaluation, except in the evaluation table.
 * - Curves are smoothed per seed with a trailing moving average of `smooth` iterations, then
 *   averaged over seeds with the same Student-t CI at each iteration.
 * - Timing skips the first iteration when there are more (it includes one-off warm-up work).
 */
import { meanCi, type MeanCi } from './stats';
import type { ExperimentResults, IterationRecord, RunResult } from './results';
import type { CurveMetric, RunValueKey, Split } from './types';

export type FinalMetric = CurveMetric | 'meanOracleTurns';
export type TimingPart = 'rolloutMs' | 'advantageMs' | 'updateMs' | 'totalMs';
export const TIMING_PARTS: readonly TimingPart[] = ['rolloutMs', 'advantageMs', 'updateMs', 'totalMs'];
const FINAL_METRICS: readonly FinalMetric[] = ['successRate', 'meanTurns', 'meanSuccessTurns', 'meanOracleTurns', 'meanResponseTokens', 'meanThinkTokens', 'zeroStdGroupFraction'];

export interface ArmEnvSummary {
  arm: string;
  armLabel: string;
  env: string;
  seeds: number;
  final: Record<FinalMetric, MeanCi>;
  /** Post-training evaluation per split (empty when the experiment does not evaluate). */
  evaluation: Partial<Record<Split, MeanCi>>;
  /** Mean ms per iteration of each phase (over seeds of per-run means). */
  timing: Record<TimingPart, MeanCi>;
  /** advantageMs / totalMs per run, over seeds. */
  advantageShare: MeanCi;
}

const avg = (xs: readonly number[]): number | null => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** ⌈K/4⌉, at least 1: how many last iterations make a run's final value. */
export function finalWindow(iterations: number): number {
  return Math.max(1, Math.ceil(iterations / 4));
}

/** Mean of `metric` over the run's last ⌈K/4⌉ iterations (nulls skipped); null when none. */
export function runFinal(run: Pick<RunResult, 'metrics'>, metric: FinalMetric): number | null {
  const tail = run.metrics.slice(-finalWindow(run.metrics.length));
  return avg(tail.map((m) => m[metric]).filter((v): v is number => typeof v === 'number'));
}

function runTiming(run: Pick<RunResult, 'metrics'>, part: TimingPart): number | null {
  const ms = run.metrics.length > 1 ? run.metrics.slice(1) : run.metrics;
  return avg(ms.map((m) => m.timing[part]));
}

/** One number per run for `key` (final metric, evaluation success, timing); null when absent. */
export function runValue(run: Pick<RunResult, 'metrics' | 'evaluation'>, key: RunValueKey | 'meanOracleTurns'): number | null {
  if (key === 'eval:seen' || key === 'eval:unseen') {
    const split = key === 'eval:seen' ? 'seen' : 'unseen';
    return run.evaluation.find((e) => e.split === split)?.successRate ?? null;
  }
  if (key.startsWith('timing:')) return runTiming(run, key.slice('timing:'.length) as TimingPart);
  if (key === 'advantageShare') {
    const a = runTiming(run, 'advantageMs');
    const t = runTiming(run, 'totalMs');
    return a !== null && t !== null && t > 0 ? a / t : null;
  }
  return runFinal(run, key as FinalMetric);
}

/** Arms in definition order (first appearance), then envs in plan order. */
export function groupRuns(results: ExperimentResults): RunResult[][] {
  const groups = new Map<string, RunResult[]>();
  for (const run of results.runs) {
    const key = `${run.arm}\u0000${run.env}`;
    const list = groups.get(key) ?? [];
    list.push(run);
    groups.set(key, list);
  }
  const envOrder = (env: string): number => results.envs.indexOf(env);
  const armOrder = [...new Set(results.runs.map((r) => r.arm))];
  return [...groups.values()].sort((a, b) => armOrder.indexOf(a[0].arm) - armOrder.indexOf(b[0].arm) || envOrder(a[0].env) - envOrder(b[0].env));
}

export function summarizeRuns(results: ExperimentResults): ArmEnvSummary[] {
  return groupRuns(results).map((runs) => {
    const final = Object.fromEntries(FINAL_METRICS.map((m) => [m, meanCi(runs.map((r) => runValue(r, m)))])) as Record<FinalMetric, MeanCi>;
    const evaluation: Partial<Record<Split, MeanCi>> = {};
    for (const split of ['seen', 'unseen'] as const) {
      const values = runs.map((r) => runValue(r, `eval:${split}`));
      if (values.some((v) => v !== null)) evaluation[split] = meanCi(values);
    }
    const timing = Object.fromEntries(TIMING_PARTS.map((p) => [p, meanCi(runs.map((r) => runValue(r, `timing:${p}`)))])) as Record<TimingPart, MeanCi>;
    const advantageShare = meanCi(runs.map((r) => runValue(r, 'advantageShare')));
    return { arm: runs[0].arm, armLabel: runs[0].armLabel, env: runs[0].env, seeds: runs.length, final, evaluation, timing, advantageShare };
  });
}

export interface CurvePoint {
  x: number;
  mean: number;
  low: number | null;
  high: number | null;
}

export interface CurveSeries {
  id: string;
  label: string;
  points: CurvePoint[];
}

/** Trailing moving average over `window` values; nulls are skipped (null when the window has none). */
export function movingAverage(xs: ReadonlyArray<number | null>, window: number): Array<number | null> {
  return xs.map((_, i) => avg(xs.slice(Math.max(0, i - window + 1), i + 1).filter((v): v is number => v !== null)));
}

/** Smoothing window for curves: ⌈K/10⌉ iterations, at least 1. */
export function curveSmoothing(iterations: number): number {
  return Math.max(1, Math.ceil(iterations / 10));
}

/** One series per arm for `env`: per-iteration mean ± CI over seeds of the smoothed metric. */
export function curveSeries(results: ExperimentResults, env: string, metric: CurveMetric, smooth = curveSmoothing(results.sizes.iterations)): CurveSeries[] {
  return groupRuns(results).filter((runs) => runs[0].env === env).map((runs) => {
    const smoothed = runs.map((r) => movingAverage(r.metrics.map((m: IterationRecord) => m[metric]), smooth));
    const length = Math.max(0, ...runs.map((r) => r.metrics.length));
    const points: CurvePoint[] = [];
    for (let i = 0; i < length; i++) {
      const ci = meanCi(smoothed.map((s) => s[i] ?? null));
      if (ci.mean === null) continue;
      const x = runs.find((r) => r.metrics[i])?.metrics[i].iteration ?? i + 1;
      points.push({ x, mean: ci.mean, low: ci.low, high: ci.high });
    }
    return { id: runs[0].arm, label: runs[0].armLabel, points };
  });
}
