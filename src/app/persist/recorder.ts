/**
 * Saving as the runs train. run-client calls `labStarted` when it builds runs and
 * `iterationCompleted` with each report and its checkpoint that the page saves: the first one (it
 * creates the lab) and any a worker could not write. Once the lab exists, each trainer worker
 * writes its iterations itself (workers/lab-save.ts, at the place `saveTarget` names) and
 * run-client tells this module with `workerSaving` / `workerSaved`, so those count as saved too.
 * Writes are coalesced: one write at a time, and the next one takes everything that arrived
 * meanwhile, each run's iterations and its newest checkpoint in one transaction. So a checkpoint is
 * written every iteration while IndexedDB keeps up and never more often than it acknowledges, and
 * the main thread clones at most one checkpoint per run per write. A run counts as saved at an
 * iteration only once its transaction committed (`savedIterations`, "saved through iteration k").
 * `iterationCompleted` resolves when its iteration is acknowledged: run-client shows "finished"
 * only then, and the worker reports its next iteration only then (back-pressure: pacing.ts), so the
 * write queue never holds more than one iteration per run. A quota error is reported in plain words and stops nothing: the lab keeps training,
 * and the last saved checkpoint stays intact. A database that goes away (another tab deletes it,
 * the browser clears storage: db.ts's `onConnectionLost`) is announced; the next write reopens it
 * and saves the lab again from its newest checkpoint.
 */
import type { Checkpoint } from '../../core/train/checkpoint';
import type { SavedReport } from '../../core/train/run-file';
import type { IterationMetrics } from '../../core/train/metrics';
import { useRunStore } from '../../state/run-store';
import { savedRunsEvents, useSavedRunsStore } from '../../state/saved-runs-store';
import type { LabConfig } from '../../state/lab-config';
import { isQuotaError, labDb, type LabRecord } from './db';
import { estimatorLabel } from '../../core/advantage/registry';
import { createLab, listLabs, saveIterations, type IterationRecord } from './labs';
import { claimLab, announceSaved } from './tabs';
import { releaseWaiting } from './pacing';
import type { SaveTarget } from '../../../workers/lab-save';

let labId: string | null = null;
/** The current lab's record as created or opened: what is written again when the database was cleared. */
let record: LabRecord | null = null;
let queue: Promise<unknown> = Promise.resolve();
/** A write waiting to start (it takes whatever is pending when it starts); null when none waits. */
let queued: Promise<void> | null = null;
/** runId → iterations not yet written, in order. */
const rows = new Map<string, IterationRecord[]>();
/** runId → the newest checkpoint not yet written. */
const pending = new Map<string, Checkpoint>();
/** runId → the newest checkpoint written (written again when the database was cleared under the page). */
const written = new Map<string, Checkpoint>();

/**
 * What a failed save says. A full storage names every run on screen with what storage holds of it,
 * "nothing yet" for a run whose first save already failed.
 */
export function saveFailureText(
  error: unknown, runs: ReadonlyArray<{ id: string; estimator: string }>, savedIterations: Readonly<Record<string, number>>,
): string {
  if (!isQuotaError(error)) return `Saving failed: ${error instanceof Error ? error.message : String(error)}. Everything saved before is kept.`;
  const saved = runs.map((r) => `${estimatorLabel(r.estimator)} ${r.id in savedIterations ? `at iteration ${savedIterations[r.id]}` : 'nothing yet'}`).join(', ');
  return `Browser storage is full, so the latest iterations are not saved. Everything saved before is kept${saved ? ` (${saved})` : ''}. Delete old runs below to make room.`;
}

function reportFailure(error: unknown): void {
  savedRunsEvents.saveFailed(saveFailureText(error, useRunStore.getState().runs, useSavedRunsStore.getState().savedIterations));
}

export async function refreshList(): Promise<void> {
  savedRunsEvents.labsListed(await listLabs());
  const estimate = await navigator.storage?.estimate?.();
  if (estimate) savedRunsEvents.storageMeasured(estimate.usage ?? 0, estimate.quota ?? 0);
}

interface StartingLab {
  config: LabConfig;
  runs: Array<{ id: string; estimator: string }>;
  created?: string;
}

/** Runs just built: saved as a new lab on their first report, so a refused size saves nothing. */
let starting: StartingLab | null = null;

function clearPending(): void {
  rows.clear();
  pending.clear();
}

function forgetLab(): void {
  clearPending();
  written.clear();
  inWorker.clear();
}

/** New runs were built: they are saved as a new lab, owned by this tab, from their first iteration on. */
export function labStarted(config: LabConfig, runs: Array<{ id: string; estimator: string }>): void {
  forgetLab();
  [labId, record] = [null, null];
  starting = { config, runs };
}

/** The saved lab's id for `target`, creating it on first use (null: those runs were reset meanwhile). */
async function ensureLab(target: string | StartingLab): Promise<string | null> {
  if (typeof target === 'string') return target;
  if (target.created) return target.created;
  if (target !== starting) return null;
  const lab = await createLab(target.config, target.runs);
  target.created = lab.id;
  if (starting === target) {
    [labId, starting, record] = [lab.id, null, lab];
    sessionStorage.setItem(CURRENT_KEY, lab.id);
    savedRunsEvents.labOpened(lab.id, false);
    await claimLab(lab.id);
  }
  return lab.id;
}

/** A saved lab was opened in this tab (restored, from the Runs panel, from a run file); null: none. */
export function labAttached(id: string | null, lab: LabRecord | null = null): void {
  [labId, record] = [id, lab];
  starting = null;
  forgetLab();
  if (id) sessionStorage.setItem(CURRENT_KEY, id);
  else sessionStorage.removeItem(CURRENT_KEY);
}

export const CURRENT_KEY = 'rollout-lab.current-lab';

/**
 * Run `runId` completed an iteration: its metrics, report and (when the worker sent one) checkpoint
 * are written with the next write. Resolves once they are acknowledged (or nothing is saved: a
 * read-only tab, runs reset meanwhile, a failed write, which is reported).
 */
export function iterationCompleted(
  runId: string, metrics: IterationMetrics, report: SavedReport, fingerprints: IterationRecord['fingerprints'],
  checkpoint: Checkpoint | undefined,
): Promise<void> {
  if (!(labId ?? starting) || useSavedRunsStore.getState().readOnly) return Promise.resolve();
  rows.set(runId, [...(rows.get(runId) ?? []), { metrics, report, fingerprints }]);
  if (checkpoint) pending.set(runId, checkpoint);
  return writeSoon();
}

/**
 * The next write, which takes what is pending when it starts. Resolves once its transactions are
 * committed (or it failed, which is reported), before the Saved runs list is read again.
 */
function writeSoon(): Promise<void> {
  if (queued) return queued;
  let committed: () => void = () => undefined;
  queued = new Promise<void>((resolve) => (committed = resolve));
  queue = queue.then(() => {
    queued = null;
    return writePending(committed);
  }).catch(reportFailure).finally(committed);
  return queued;
}

async function writePending(committed: () => void): Promise<void> {
  const target = labId ?? starting;
  const todo = new Map([...rows.keys(), ...pending.keys()].map((runId) => [runId, { recs: rows.get(runId) ?? [], cp: pending.get(runId) }]));
  clearPending();
  if (todo.size === 0 || !target) return;
  const id = await ensureLab(target);
  if (!id) return;
  for (const [runId, { recs, cp }] of todo) {
    const stored = (await saveIterations(id, runId, recs, cp)) ?? (await saveAgain(id, runId, recs, cp));
    if (stored === null) return;
    if (cp) {
      // a newer checkpoint than cp is stored when the worker's own write committed first (saveIterations)
      if (stored === cp.iteration) written.set(runId, cp);
      savedRunsEvents.checkpointSaved(runId, stored);
    }
  }
  if (useSavedRunsStore.getState().savingStopped) savedRunsEvents.savingResumed();
  committed();
  announceSaved(id);
  await refreshList();
}

/**
 * The lab's record is gone (the database was deleted and opened again empty): write the record
 * again, and this write with it, so saving goes on from the newest checkpoint. Earlier iterations'
 * curves are not in storage any more; the notice says so. Resolves as saveIterations does; null
 * when there is nothing to write the record from.
 */
async function saveAgain(id: string, runId: string, recs: IterationRecord[], cp: Checkpoint | undefined): Promise<number | null> {
  if (!record || record.id !== id) return null;
  await (await labDb()).put('labs', { ...record, updatedAt: Date.now(), checkpointIterations: {} });
  savedRunsEvents.noticeAdded('The saved runs were deleted from this browser while these runs were open. Saving started again from '
    + `iteration ${cp?.iteration ?? recs.at(-1)?.metrics.iteration ?? 0}; the curves before it are not saved (download the runs as run files to keep them).`);
  return saveIterations(id, runId, recs, cp);
}

/**
 * Where run `runId`'s worker may write its next iterations itself (worker-save.ts): this tab's saved
 * lab, once it exists, while this tab owns it and saving works; null: the worker hands its
 * iterations to the page (the first one, which creates the lab; a read-only tab; saving stopped).
 */
export function saveTarget(runId: string): SaveTarget | null {
  const saved = useSavedRunsStore.getState();
  if (!labId || saved.readOnly || saved.savingStopped || rows.has(runId) || pending.has(runId)) return null;
  return { labId, runId };
}

/** Iterations a worker announced and is writing itself (runId → how many), for `hasUnsaved`. */
const inWorker = new Map<string, number>();

/** Run `runId`'s worker reported an iteration it is writing itself. */
export function workerSaving(runId: string): void {
  inWorker.set(runId, (inWorker.get(runId) ?? 0) + 1);
}

/**
 * Run `runId`'s worker committed iteration `iteration` (and `checkpoint`, when it had one) to
 * this tab's lab: it counts as saved, as if this page had written it. A failed write comes back to
 * the page as `iterationCompleted` instead (which says what went wrong).
 */
export function workerSaved(runId: string, checkpoint: Checkpoint | undefined): void {
  workerDone(runId);
  if (!labId) return;
  if (checkpoint) {
    written.set(runId, checkpoint);
    savedRunsEvents.checkpointSaved(runId, checkpoint.iteration);
  }
  announceSaved(labId);
  listSoon();
}

/** A worker's announced iteration is settled (saved, or handed back to the page). */
export function workerDone(runId: string): void {
  const n = (inWorker.get(runId) ?? 0) - 1;
  if (n > 0) inWorker.set(runId, n);
  else inWorker.delete(runId);
}

let listing: ReturnType<typeof setTimeout> | null = null;

/** The Saved runs list read again, at most once a second while workers save (it reads every lab's record). */
function listSoon(): void {
  listing ??= setTimeout(() => {
    listing = null;
    void refreshList().catch(() => undefined);
  }, 1000);
}

/** Write everything not yet saved; resolves when the writes are acknowledged. */
export function flush(): Promise<void> {
  if (listing) {
    clearTimeout(listing);
    listing = null;
    void refreshList().catch(() => undefined);
  }
  return rows.size + pending.size > 0 ? writeSoon() : queue.then(() => undefined);
}

/** Trained iterations that a reload would lose. */
export function hasUnsaved(): boolean {
  return rows.size + pending.size > 0 || queued !== null || inWorker.size > 0;
}

/**
 * The database was closed under the page (db.ts's `onConnectionLost`): say so, and write the
 * newest saved checkpoints again (the write reopens the database and, when the lab's record is
 * gone, writes it again); `retryMs` later.
 */
export function connectionLost(reason: string, retryMs: number): void {
  if (!labId && !starting) return;
  savedRunsEvents.savingStopped(reason);
  releaseWaiting(); // the runs train on; saving starts again from their newest checkpoints
  setTimeout(() => {
    for (const [runId, cp] of written) if (!pending.has(runId)) pending.set(runId, cp);
    void writeSoon();
  }, retryMs);
}
