/**
 * Run telemetry: one entry per run (one worker each), updated once per iteration, never per
 * token (reports arriving within one animation frame land in one update: `iterationsCompleted`). Holds plain data only, bounded (history-bounds.ts): metrics and the advantage-divergence
 * summary for the latest iterations plus a thinned older part, rollout groups for the latest
 * `KEEP_GROUP_ITERATIONS` iterations plus iteration 1 and a few older ones. Memory stays flat
 * however long a run trains.
 */
import { create } from 'zustand';
import type { IterationMetrics } from '../core/train/metrics';
import type { LabConfig } from './lab-config';
import { appendBounded, boundRecord, GROUP_BOUNDS, METRIC_BOUNDS } from './history-bounds';

export const KEEP_GROUP_ITERATIONS = GROUP_BOUNDS.recent;

import type { DivergenceSummary, GroupRecords, IterationReport } from '../core/train/lab-report';

export type RunStatus = 'starting' | 'ready' | 'running' | 'paused' | 'finished' | 'failed';

/** One task's G trajectories (compacted), the divergence bands and one iteration's report: src/core/train/lab-report.ts. */
export type { GroupRecords, DivergenceSummary, IterationReport } from '../core/train/lab-report';

export interface RunTelemetry {
  id: string;
  estimator: string;
  status: RunStatus;
  backend: string | null;
  notice: string | null;
  error: string | null;
  /** Iterations completed. */
  iteration: number;
  itersPerSecond: number | null;
  lastReportAt: number | null;
  metrics: IterationMetrics[];
  /** iteration → its groups (only kept iterations). */
  groups: Record<number, GroupRecords[]>;
  divergence: DivergenceSummary[];
  /** Short digest of iteration 1's rollout groups: the same link on the same backend gives the same one. */
  fingerprint: string | null;
  /** Short digest of iteration 1's metrics (timings left out). */
  metricsFingerprint: string | null;
}

export interface RunsState {
  runs: RunTelemetry[];
  /** The configuration the current runs were built from (null: no runs). */
  startedWith: LabConfig | null;
  /** The person asked the runs to train (until Pause); they may still be starting. */
  training: boolean;
  /** The constructed worked-example group and the estimators it was scored with (null: not loaded). */
  example: { group: GroupRecords; estimators: string[] } | null;
}

export const useRunStore = create<RunsState>(() => ({ runs: [], startedWith: null, training: false, example: null }));

function newRun(id: string, estimator: string): RunTelemetry {
  return {
    id, estimator, status: 'starting', backend: null, notice: null, error: null, iteration: 0, itersPerSecond: null,
    lastReportAt: null, metrics: [], groups: {}, divergence: [], fingerprint: null, metricsFingerprint: null,
  };
}

const patchRun = (id: string, patch: (r: RunTelemetry) => Partial<RunTelemetry>) =>
  useRunStore.setState((s) => ({ runs: s.runs.map((r) => (r.id === id ? { ...r, ...patch(r) } : r)) }));

/** Iterations per second, smoothed (EMA over report intervals). */
export function nextRate(previous: number | null, lastAt: number | null, now: number): number | null {
  if (lastAt === null || now <= lastAt) return previous;
  const rate = 1000 / (now - lastAt);
  return previous === null ? rate : 0.7 * previous + 0.3 * rate;
}

/** Keep iteration 1, the latest KEEP_GROUP_ITERATIONS iterations and a few older ones (GROUP_BOUNDS). */
export function keptGroups(groups: Record<number, GroupRecords[]>, iteration: number, latest: GroupRecords[]): Record<number, GroupRecords[]> {
  return boundRecord({ ...groups, [iteration]: latest }, iteration, GROUP_BOUNDS);
}

/** A run as restored from storage (paused at its checkpoint) or rewound after a worker fault. */
export interface RestoredRun {
  id: string;
  estimator: string;
  iteration: number;
  metrics: IterationMetrics[];
  groups: Record<number, GroupRecords[]>;
  divergence: DivergenceSummary[];
  fingerprint: string | null;
  metricsFingerprint: string | null;
}

const byIteration = (x: { iteration: number }) => x.iteration;

/** What one iteration's report changes in its run. */
function withReport(r: RunTelemetry, report: IterationReport, now: number): Partial<RunTelemetry> {
  return {
    iteration: report.metrics.iteration,
    itersPerSecond: r.status === 'running' ? nextRate(r.itersPerSecond, r.lastReportAt, now) : r.itersPerSecond,
    lastReportAt: now,
    metrics: appendBounded(r.metrics, report.metrics, byIteration, METRIC_BOUNDS),
    groups: keptGroups(r.groups, report.metrics.iteration, report.groups),
    divergence: report.divergence ? appendBounded(r.divergence, report.divergence, byIteration, METRIC_BOUNDS) : r.divergence,
    fingerprint: r.fingerprint ?? report.fingerprint,
    metricsFingerprint: r.metricsFingerprint ?? report.metricsFingerprint,
  };
}

export const runEvents = {
  runsCreated: (startedWith: LabConfig, runs: Array<{ id: string; estimator: string }>) =>
    useRunStore.setState({ startedWith, runs: runs.map((r) => newRun(r.id, r.estimator)) }),
  runReady: (id: string, backend: string, notice: string | null) => patchRun(id, (r) => ({
    status: 'ready', backend, notice: [r.status === 'starting' ? r.notice : null, notice].filter(Boolean).join('; ') || null,
  })),
  runStarted: (id: string) => patchRun(id, (r) => (r.status === 'failed' ? {} : { status: 'running' })),
  runPaused: (id: string) => patchRun(id, (r) => (r.status === 'failed' ? {} : { status: 'paused', itersPerSecond: null, lastReportAt: null })),
  iterationCompleted: (id: string, report: IterationReport, now: number) => patchRun(id, (r) => withReport(r, report, now)),
  /** Reports that arrived within one animation frame (app/frame-batch.ts), in arrival order: one store update for all. */
  iterationsCompleted: (reports: ReadonlyArray<{ id: string; report: IterationReport; now: number }>) => {
    if (reports.length === 0) return;
    useRunStore.setState((s) => ({
      runs: s.runs.map((r) => reports.reduce((run, x) => (x.id === run.id ? { ...run, ...withReport(run, x.report, x.now) } : run), r)),
    }));
  },
  runsRestored: (startedWith: LabConfig, runs: RestoredRun[]) =>
    useRunStore.setState({ startedWith, training: false, runs: runs.map((r) => ({ ...newRun(r.id, r.estimator), ...r, status: 'paused' })) }),
  /** A fault: the run goes back to its checkpoint at `iteration` (later telemetry dropped) and restarts. */
  runRestarting: (id: string, iteration: number, notice: string) => patchRun(id, (r) => ({
    status: 'starting', notice, error: null, iteration, itersPerSecond: null, lastReportAt: null,
    metrics: r.metrics.filter((m) => m.iteration <= iteration),
    divergence: r.divergence.filter((d) => d.iteration <= iteration),
    groups: Object.fromEntries(Object.entries(r.groups).filter(([k]) => Number(k) <= iteration)),
  })),
  runFinished: (id: string) => patchRun(id, () => ({ status: 'finished', itersPerSecond: null })),
  runFailed: (id: string, error: string) => patchRun(id, () => ({ status: 'failed', error })),
  runsReset: () => useRunStore.setState({ runs: [], startedWith: null, training: false }),
  /** Finished runs read from a recording (no workers behind them); Train builds live ones. */
  recordedLoaded: (startedWith: LabConfig, runs: RunTelemetry[]) => useRunStore.setState({ startedWith, runs, training: false }),
  /** More iterations' groups for a run (a recording's earlier iterations); a run no longer shown is left alone. */
  groupsMerged: (id: string, groups: Record<number, GroupRecords[]>) => patchRun(id, (r) => ({ groups: { ...groups, ...r.groups } })),
  trainRequested: () => useRunStore.setState({ training: true }),
  pauseRequested: () => useRunStore.setState({ training: false }),
  exampleLoaded: (group: GroupRecords, estimators: string[]) => useRunStore.setState({ example: { group, estimators } }),
};
