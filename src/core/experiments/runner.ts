/**
 * Runs an experiment plan with an injected `runOne` (the CLI trains in-process; the app asks a
 * worker per run), reports progress with an ETA, and assembles results.json.
 *
 *   const runs = await runPlan(plan, runOne, { onProgress: (p) => log(p), now: () => Date.now() });
 *   const results = assembleResults(plan, runs, provenance, wallMs);
 *
 * ETA = elapsed / done · (total − done) in work units (one per training iteration, one per 8
 * evaluation episodes); null until the first unit completes. Runs are kept in plan order
 * whatever the concurrency.
 */
import { planUnits, runUnits } from './plan';
import { getExperiment } from './registry';
import type { EvalRecord, ExperimentResults, IterationRecord, Provenance, RunResult } from './results';
import { RESULTS_FORMAT } from './results';
import type { ExperimentPlan, RunSpec } from './types';

export interface RunHooks {
  onIteration(record: IterationRecord): void;
  onEvaluation?(record: EvalRecord): void;
}

export interface RunOutcome {
  resolvedConfig: Record<string, unknown>;
  backend: string;
  metrics: IterationRecord[];
  evaluation: EvalRecord[];
}

export type RunOne = (spec: RunSpec, hooks: RunHooks) => Promise<RunOutcome>;

export interface Progress {
  doneUnits: number;
  totalUnits: number;
  /** doneUnits / totalUnits in [0, 1]. */
  fraction: number;
  runsDone: number;
  runsTotal: number;
  /** Runs in flight. */
  active: string[];
  elapsedMs: number;
  etaMs: number | null;
  /** The event that caused this report. */
  event: { runId: string; kind: 'start' | 'iteration' | 'evaluation' | 'done'; iteration?: number; successRate?: number };
}

export interface RunPlanOptions {
  onProgress?(progress: Progress): void;
  /** Clock in ms (core has no process or DOM; callers pass Date.now or performance.now). */
  now?: () => number;
  /** Runs in flight at once (default 1). */
  concurrency?: number;
  /** Checked before each run starts; true = start no more runs (the runs in flight finish or fail). */
  shouldStop?: () => boolean;
}

/** Executes every run of the plan; resolves with the results in plan order, rejects if a run fails or it was stopped. */
export async function runPlan(plan: ExperimentPlan, runOne: RunOne, options: RunPlanOptions = {}): Promise<RunResult[]> {
  const now = options.now ?? (() => Date.now());
  const start = now();
  const totalUnits = Math.max(1, planUnits(plan));
  const results: RunResult[] = new Array(plan.runs.length);
  const active = new Set<string>();
  let doneUnits = 0;
  let runsDone = 0;
  let next = 0;
  const report = (event: Progress['event']): void => {
    const elapsedMs = now() - start;
    options.onProgress?.({
      doneUnits, totalUnits, fraction: Math.min(1, doneUnits / totalUnits), runsDone, runsTotal: plan.runs.length,
      active: [...active], elapsedMs, etaMs: doneUnits > 0 ? (elapsedMs / doneUnits) * Math.max(0, totalUnits - doneUnits) : null, event,
    });
  };
  const runAt = async (index: number): Promise<void> => {
    const spec = plan.runs[index];
    const t0 = now();
    let credited = 0;
    active.add(spec.runId);
    report({ runId: spec.runId, kind: 'start' });
    const outcome = await runOne(spec, {
      onIteration: (m) => {
        doneUnits++;
        credited++;
        report({ runId: spec.runId, kind: 'iteration', iteration: m.iteration, successRate: m.successRate });
      },
      onEvaluation: (e) => {
        const units = Math.ceil(e.episodes / 8);
        doneUnits += units;
        credited += units;
        report({ runId: spec.runId, kind: 'evaluation', successRate: e.successRate });
      },
    });
    doneUnits += Math.max(0, runUnits(spec) - credited); // a run that reported less still counts in full
    active.delete(spec.runId);
    runsDone++;
    results[index] = { ...spec, ...outcome, wallMs: Math.round(now() - t0) };
    report({ runId: spec.runId, kind: 'done' });
  };
  let failed = false;
  const lane = async (): Promise<void> => {
    while (!failed && !options.shouldStop?.() && next < plan.runs.length) {
      try {
        await runAt(next++);
      } catch (error) {
        failed = true; // the other lanes start nothing new
        throw error;
      }
    }
  };
  const lanes = Math.max(1, Math.min(options.concurrency ?? 1, plan.runs.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  if (results.filter(Boolean).length < plan.runs.length) throw new Error('experiment stopped before every run finished');
  return results;
}

/** The results.json object for a finished plan. */
export function assembleResults(plan: ExperimentPlan, runs: RunResult[], provenance: Provenance, wallMs: number): ExperimentResults {
  return {
    format: RESULTS_FORMAT,
    experiment: plan.experiment,
    title: getExperiment(plan.experiment).title,
    size: plan.size,
    sizes: plan.sizes,
    envs: plan.envs,
    skippedEnvs: plan.skippedEnvs,
    provenance,
    wallMs: Math.round(wallMs),
    runs,
  };
}

/** "12m 05s", "45s": durations for progress lines and reports. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '?';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** One progress line: "[ 37%] 12/30 runs · planpo/household-v0/seed2 it 14 success 0.62 · 3m 10s elapsed, ETA 5m 20s". */
export function formatProgress(p: Progress): string {
  const pct = `${Math.round(p.fraction * 100)}%`.padStart(4);
  const e = p.event;
  const detail = e.kind === 'iteration' ? `it ${e.iteration} success ${e.successRate?.toFixed(2)}`
    : e.kind === 'evaluation' ? `eval success ${e.successRate?.toFixed(2)}` : e.kind;
  return `[${pct}] ${p.runsDone}/${p.runsTotal} runs · ${e.runId} ${detail} · ${formatDuration(p.elapsedMs)} elapsed, ETA ${formatDuration(p.etaMs)}`;
}
