/**
 * The one module that drives training workers and writes their output into the stores.
 * One worker per run; every run gets the same shared RunConfig apart from its estimator, so the
 * runs start from the same weights and see the same tasks with the same sampling seeds.
 * Progress arrives once per iteration through a Comlink.proxy callback, as the lab's compact report
 * with the run's checkpoint. The first iteration (and any the worker could not save) is saved by
 * persist/recorder; after that the worker saves each iteration itself and says so
 * (workers/lab-save.ts). Either way the answer comes once it is saved, and the worker reports the
 * next iteration only then (persist/pacing.ts); a worker that fails (fault-watch.ts) is replaced by
 * a fresh one resumed from the latest checkpoint it sent.
 */
import type { DebugFault } from '../../workers/run-health';
import type { Checkpoint } from '../core/train/checkpoint';
import { runEvents, useRunStore, type IterationReport } from '../state/run-store';
import { useConfigStore } from '../state/config-store';
import { runConfigsOf, type LabConfig } from '../state/lab-config';
import { connectRun, type RunApi } from './run-api';
import { spawnTrainer, type TrainerHandle } from './workers';
import { debugStallMs, restartNotice, watchWorker, type Fault, type WorkerWatch } from './fault-watch';
import * as recorder from './persist/recorder';
import { frameBatch } from './frame-batch';
import { paced } from './persist/pacing';
import { savedRecord, type SaveAnswer } from '../../workers/lab-save';
import { releaseLab } from './persist/tabs';
import type { OpenedRuns } from './persist/restore';
import { useSavedRunsStore, savedRunsEvents } from '../state/saved-runs-store';
import { estimatorLabel } from '../core/advantage/registry';

interface RunHandle {
  id: string;
  index: number;
  worker: TrainerHandle;
  api: RunApi;
  ready: Promise<boolean>;
  watch: WorkerWatch;
  /** The newest checkpoint the worker sent (what a restart resumes from). */
  checkpoint: Checkpoint | null;
  /** Restarts since the last iteration that completed. */
  restarts: number;
  /** The report (and checkpoint) the worker is saving itself (answered once it says it is saved). */
  saving: { report: IterationReport; checkpoint: Checkpoint | undefined } | null;
}

/** Runs restored from storage or a recording, built into workers on the next Train or Step. */
export type PendingRuns = OpenedRuns;

let handles: RunHandle[] = [];
let generation = 0;
let pending: PendingRuns | null = null;
const MAX_RESTARTS = 2;

/** Reports wait for the next animation frame and land in the run store together (one render for both runs). */
const reports = frameBatch<{ gen: number; id: string; report: IterationReport; now: number }>((batch) => {
  runEvents.iterationsCompleted(batch.filter((x) => x.gen === generation)); // reports of runs reset meanwhile are dropped
});

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Shows one report. A report the worker is saving itself is answered by `onSaved`; any other is
 * saved here and answered once saved (the worker waits for that before its next report).
 */
function onReport(gen: number, h: RunHandle, config: LabConfig, report: IterationReport, checkpoint: Checkpoint | undefined, savingHere: boolean): Promise<SaveAnswer> | undefined {
  if (gen !== generation) return; // a report from runs that were reset meanwhile
  reports.push({ gen, id: h.id, report, now: performance.now() });
  h.watch.sawIteration(report.metrics.timing.totalMs);
  if (!savingHere) return settle(gen, h, config, report, checkpoint, null);
  if (checkpoint) [h.checkpoint, h.restarts] = [checkpoint, 0];
  recorder.workerSaving(h.id);
  h.saving = { report, checkpoint };
}

/** The worker committed the report it is saving (or could not: `failure`, and the page saves it). */
function onSaved(gen: number, h: RunHandle, config: LabConfig, iteration: number, failure: string | null): Promise<SaveAnswer> | undefined {
  if (gen !== generation || h.saving?.report.metrics.iteration !== iteration) return;
  const { report, checkpoint } = h.saving;
  h.saving = null;
  if (failure) recorder.workerDone(h.id);
  else recorder.workerSaved(h.id, checkpoint);
  return settle(gen, h, config, report, checkpoint, failure ? null : Promise.resolve());
}

/**
 * One report's save: `saved` when the worker wrote it, else written now. "finished" shows once the
 * final one is saved; the answer (once saved: pacing.ts) tells the worker where to save the next.
 */
function settle(gen: number, h: RunHandle, config: LabConfig, report: IterationReport, checkpoint: Checkpoint | undefined, saved: Promise<void> | null): Promise<SaveAnswer> | undefined {
  const id = h.id;
  if (checkpoint) [h.checkpoint, h.restarts] = [checkpoint, 0];
  const rec = savedRecord(report);
  const done = saved ?? recorder.iterationCompleted(id, rec.metrics, rec.report, rec.fingerprints, checkpoint);
  if (report.metrics.iteration >= config.run.iterations) {
    // "finished" once the final checkpoint is saved (or saving failed, which is reported)
    void done.then(() => {
      if (gen !== generation) return;
      reports.flush();
      runEvents.runFinished(id);
      if (useRunStore.getState().runs.every((r) => r.status === 'finished' || r.status === 'failed')) runEvents.pauseRequested();
    });
  }
  return paced(done)?.then(() => ({ saveTo: gen === generation ? recorder.saveTarget(id) : null }));
}

function startRun(gen: number, id: string, config: LabConfig, index: number, checkpoint: Checkpoint | null, restarts = 0): RunHandle {
  const worker = spawnTrainer();
  const api = connectRun(worker.api);
  const runConfig = runConfigsOf(config)[index];
  const busy = () => gen === generation && useRunStore.getState().runs.find((r) => r.id === id)?.status === 'running';
  const h: RunHandle = {
    id, index, worker, api, ready: Promise.resolve(false), checkpoint, restarts, saving: null,
    watch: watchWorker(api, worker, busy, (fault) => void restartRun(gen, h, config, fault)),
  };
  h.ready = (async () => {
    try {
      const info = await api.init({ backend: config.backend, threads: runConfig.threads ?? undefined });
      const problems = await api.create(
        runConfig, config.estimators,
        (report, cp, savingHere) => onReport(gen, h, config, report, cp, savingHere),
        (iteration, failure) => onSaved(gen, h, config, iteration, failure),
        (error: string) => h.watch.fail(error),
        { checkpoint: checkpoint ?? undefined, checkpointEvery: 1 },
      );
      const notice = [info.notice, ...problems].filter(Boolean).join('; ') || null;
      if (gen === generation) runEvents.runReady(id, info.backend, notice);
      return true;
    } catch (error) {
      h.watch.stop();
      worker.terminate(); // a refused or failed worker frees whatever it allocated
      if (gen === generation) runEvents.runFailed(id, message(error));
      return false;
    }
  })();
  return h;
}

/** A worker failed: free it, and resume its run in a fresh worker from the newest checkpoint. */
async function restartRun(gen: number, old: RunHandle, config: LabConfig, fault: Fault): Promise<void> {
  old.worker.terminate();
  const unsaved = old.saving;
  old.saving = null;
  if (unsaved) recorder.workerDone(old.id);
  if (gen !== generation) return;
  if (unsaved) {
    // the worker died with its own write in flight (a closed or hung worker's transaction is lost):
    // the page writes that iteration and checkpoint, which the restart resumes from
    const rec = savedRecord(unsaved.report);
    void recorder.iterationCompleted(old.id, rec.metrics, rec.report, rec.fingerprints, unsaved.checkpoint);
  }
  const wasTraining = isTraining();
  const kept = old.checkpoint?.iteration ?? 0;
  const label = estimatorLabel(runConfigsOf(config)[old.index].estimator);
  reports.flush(); // the reports it sent land before its telemetry is rewound to the checkpoint
  if (old.restarts >= MAX_RESTARTS) {
    runEvents.runFailed(old.id, `${restartNotice(fault, label, kept, null).split(';')[0]} again; not restarted (${old.restarts} restarts made no progress). Its checkpoint at iteration ${kept} is saved.`);
    return;
  }
  const backend = fault.kind === 'device-lost' ? 'wasm' : null;
  const notice = restartNotice(fault, label, kept, backend);
  runEvents.runRestarting(old.id, kept, notice);
  savedRunsEvents.noticeAdded(notice);
  const h = startRun(gen, old.id, backend ? { ...config, backend } : config, old.index, old.checkpoint, old.restarts + 1);
  handles = handles.map((x) => (x === old ? h : x));
  if (await h.ready && wasTraining && gen === generation) {
    await h.api.resume();
    runEvents.runStarted(h.id);
  }
}

/** Build the runs for the current configuration unless they exist. */
async function ensureRuns(): Promise<RunHandle[]> {
  if (handles.length > 0) return handles;
  const gen = ++generation;
  const restored = pending;
  pending = null;
  if (restored) {
    handles = restored.runs.map((r, i) => startRun(gen, r.id, { ...restored.config, estimators: restored.runs.map((x) => x.estimator) }, i, r.checkpoint));
    return handles;
  }
  const config = useConfigStore.getState().config;
  const specs = config.estimators.map((estimator, i) => ({ id: `run-${i + 1}-${estimator}`, estimator }));
  runEvents.runsCreated(config, specs);
  recorder.labStarted(config, specs);
  handles = specs.map((s, i) => startRun(gen, s.id, config, i, null));
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
  if (useSavedRunsStore.getState().readOnly) return Promise.resolve();
  runEvents.trainRequested();
  return forEachReady((h) => h.api.resume(), runEvents.runStarted).then(() => {
    if (useRunStore.getState().runs.every((r) => r.status === 'failed')) runEvents.pauseRequested(); // nothing can train
  });
}

/**
 * A run's worker stopped after its iteration in flight: that iteration's report reached the page
 * before this answer, but may still wait in the frame batch (a hidden tab gets no animation frames
 * and slow timers), so it is shown first and "paused" never shows an iteration below the last one.
 */
function runStopped(id: string): void {
  reports.flush();
  runEvents.runPaused(id);
}

/** Finish the iteration in flight, then wait. */
export function pause(): Promise<void> {
  runEvents.pauseRequested();
  return forEachReady((h) => h.api.pause(), runStopped).then(() => recorder.flush());
}

/** Exactly one more iteration in every run (pauses first when training). */
export async function step(): Promise<void> {
  if (useSavedRunsStore.getState().readOnly) return;
  if (isTraining()) await pause();
  return forEachReady((h) => h.api.step(), runStopped);
}

export function toggleTraining(): Promise<void> {
  return isTraining() ? pause() : train();
}

/**
 * The run's latest checkpoint from its worker (null: no such run, or it never started). Once it
 * resolves, the run store holds every report up to the checkpoint's iteration: a checkpoint comes
 * with its report, and reports wait for the next animation frame, so the batch is flushed here (an
 * export taken while training is one moment, not a checkpoint one iteration ahead of its metrics).
 */
export async function runCheckpoint(id: string): Promise<Checkpoint | null> {
  const restored = pending?.runs.find((r) => r.id === id);
  if (restored) return restored.checkpoint; // reopened from storage, no worker yet
  const h = handles.find((x) => x.id === id);
  if (!h) return null;
  // sent with the latest report; else asked of the worker once it has started
  const checkpoint = h.checkpoint ?? ((await h.ready) ? await h.api.checkpoint() : null);
  reports.flush();
  return checkpoint;
}

export function isTraining(): boolean {
  return useRunStore.getState().training;
}

/** Stop and discard every run; the next Train builds new runs from the current configuration. */
export function reset(): void {
  generation++;
  for (const h of handles) {
    h.watch.stop();
    h.api.stop().catch(() => undefined);
    h.worker.terminate();
  }
  handles = [];
  pending = null;
  runEvents.runsReset();
  releaseLab();
  recorder.labAttached(null);
  savedRunsEvents.labOpened(null, false);
}

/** Show runs restored from storage (paused); the next Train or Step builds their workers from the checkpoints. */
export function runsRestored(runs: PendingRuns): void {
  reset();
  pending = runs;
}

/** Debug hook (?debug=faults): make run `index`'s real worker fault after iteration `after`. */
export async function debugFault(index: number, kind: DebugFault, after: number): Promise<void> {
  const h = (await ensureRuns())[index];
  if (h && (await h.ready)) await h.api.debugFault(kind, after);
}

declare global {
  interface Window {
    /**
     * Only with ?debug=faults: make run `index`'s worker fault after iteration `after`; notice a hung
     * worker after `ms` (at least ten times the slowest iteration) instead of a minute.
     */
    rolloutLabDebug?: { fault(index: number, kind: DebugFault, after: number): Promise<void>; stallMs(ms: number): void };
  }
}

/** With `?debug=faults` in `search`, expose `window.rolloutLabDebug` (the persist and faults browser tests' hooks). */
export function installDebugFaults(search: string): void {
  if (new URLSearchParams(search).get('debug') === 'faults') window.rolloutLabDebug = { fault: debugFault, stallMs: debugStallMs };
}
