/**
 * The one module that drives training workers and writes their output into the stores.
 * One worker per run; every run gets the same shared RunConfig apart from its estimator, so the
 * runs start from the same weights and see the same tasks with the same sampling seeds.
 * Progress arrives once per iteration through a Comlink.proxy callback.
 */
import type { Checkpoint } from '../core/train/checkpoint';
import type { IterationResult } from '../core/train/metrics';
import { runEvents, useRunStore } from '../state/run-store';
import { useConfigStore } from '../state/config-store';
import { runConfigsOf, type LabConfig } from './lab-config';
import { compactGroups, divergenceSummary, metricsFingerprint, rolloutFingerprint } from './report';
import { connectRun, type RunApi } from './run-api';
import { createTrainerWorker, type TrainerHandle } from './trainer-worker';

interface RunHandle {
  id: string;
  worker: TrainerHandle;
  api: RunApi;
  ready: Promise<boolean>;
}

let handles: RunHandle[] = [];
let generation = 0;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function onReport(gen: number, id: string, config: LabConfig, result: IterationResult): void {
  if (gen !== generation) return; // a report from runs that were reset meanwhile
  const groups = compactGroups(result.groups);
  const [x, y] = config.estimators;
  const iteration = result.metrics.iteration;
  runEvents.iterationCompleted(id, {
    metrics: result.metrics,
    groups,
    divergence: divergenceSummary(iteration, groups, x, y),
    fingerprint: iteration === 1 ? rolloutFingerprint(groups) : null,
    metricsFingerprint: iteration === 1 ? metricsFingerprint(result.metrics) : null,
  }, performance.now());
  if (iteration >= config.run.iterations) {
    runEvents.runFinished(id);
    if (useRunStore.getState().runs.every((r) => r.status === 'finished' || r.status === 'failed')) runEvents.pauseRequested();
  }
}

async function startRun(gen: number, id: string, config: LabConfig, index: number): Promise<RunHandle> {
  const worker = createTrainerWorker();
  const api = connectRun(worker.api);
  const runConfig = runConfigsOf(config)[index];
  const ready = (async () => {
    try {
      const info = await api.init({ backend: config.backend });
      const problems = await api.create(
        runConfig,
        (result: IterationResult) => onReport(gen, id, config, result),
        (error: string) => {
          if (gen === generation) runEvents.runFailed(id, `training stopped: ${error}`);
        },
      );
      const notice = [info.notice, ...problems].filter(Boolean).join('; ') || null;
      if (gen === generation) runEvents.runReady(id, info.backend, notice);
      return true;
    } catch (error) {
      if (gen === generation) runEvents.runFailed(id, message(error));
      return false;
    }
  })();
  return { id, worker, api, ready };
}

/** Build the runs for the current configuration unless they exist. */
async function ensureRuns(): Promise<RunHandle[]> {
  if (handles.length > 0) return handles;
  const config = useConfigStore.getState().config;
  const gen = ++generation;
  const specs = config.estimators.map((estimator, i) => ({ id: `run-${i + 1}-${estimator}`, estimator }));
  runEvents.runsCreated(config, specs);
  handles = await Promise.all(specs.map((s, i) => startRun(gen, s.id, config, i)));
  return handles;
}

async function forEachReady(action: (h: RunHandle) => Promise<void>, event?: (id: string) => void): Promise<void> {
  const list = await ensureRuns();
  await Promise.all(list.map(async (h) => {
    if (!(await h.ready)) return;
    const status = useRunStore.getState().runs.find((r) => r.id === h.id)?.status;
    if (status === 'failed') return;
    try {
      await action(h);
      event?.(h.id);
    } catch (error) {
      runEvents.runFailed(h.id, message(error));
    }
  }));
}

/** Train every run until paused (or the iteration limit). */
export function train(): Promise<void> {
  runEvents.trainRequested();
  return forEachReady((h) => h.api.resume(), runEvents.runStarted);
}

/** Finish the iteration in flight, then wait. */
export function pause(): Promise<void> {
  runEvents.pauseRequested();
  return forEachReady((h) => h.api.pause(), runEvents.runPaused);
}

/** Exactly one more iteration in every run (pauses first when training). */
export async function step(): Promise<void> {
  if (isTraining()) await pause();
  return forEachReady((h) => h.api.step(), runEvents.runPaused);
}

export function toggleTraining(): Promise<void> {
  return isTraining() ? pause() : train();
}

/** The run's latest checkpoint from its worker (null: no such run, or it never started). */
export async function runCheckpoint(id: string): Promise<Checkpoint | null> {
  const h = handles.find((x) => x.id === id);
  if (!h || !(await h.ready)) return null;
  return h.api.checkpoint();
}

export function isTraining(): boolean {
  return useRunStore.getState().training;
}

/** Stop and discard every run; the next Train builds new runs from the current configuration. */
export function reset(): void {
  generation++;
  for (const h of handles) {
    h.api.stop().catch(() => undefined);
    h.worker.terminate();
  }
  handles = [];
  runEvents.runsReset();
}
