/**
 * Saving as the runs train. run-client calls `labStarted` when it builds runs and
 * `iterationCompleted` with each report and its checkpoint. Metrics and the bounded reports are
 * written every iteration (small); a checkpoint is written at most every CHECKPOINT_SAVE_MS while
 * training, and at once when not training (Step, Pause) or when `flush()` is called (pause, the
 * page going hidden). Writes for a lab are queued in order. A quota error is reported in plain
 * words and stops nothing: the lab keeps training, and the last saved checkpoint stays intact.
 */
import type { Checkpoint } from '../../core/train/checkpoint';
import type { SavedReport } from '../../core/train/run-file';
import type { IterationMetrics } from '../../core/train/metrics';
import { useRunStore } from '../../state/run-store';
import { savedRunsEvents, useSavedRunsStore } from '../../state/saved-runs-store';
import type { LabConfig } from '../../state/lab-config';
import { isQuotaError } from './db';
import { createLab, estimatorLabel, listLabs, saveCheckpoint, saveIteration, type IterationRecord } from './labs';
import { claimLab, announceSaved } from './tabs';

export const CHECKPOINT_SAVE_MS = 5_000;

let labId: string | null = null;
let queue: Promise<unknown> = Promise.resolve();
/** runId → the newest checkpoint not yet written. */
const pending = new Map<string, Checkpoint>();
const lastSavedAt = new Map<string, number>();

function enqueue(task: () => Promise<void>): Promise<void> {
  const next = queue.then(task).catch(reportFailure);
  queue = next;
  return next;
}

function reportFailure(error: unknown): void {
  const runs = useRunStore.getState().runs;
  const saved = Object.entries(useSavedRunsStore.getState().savedIterations)
    .map(([id, k]) => `${estimatorLabel(runs.find((r) => r.id === id)?.estimator ?? id)} at iteration ${k}`).join(', ');
  savedRunsEvents.saveFailed(isQuotaError(error)
    ? `Browser storage is full, so the latest iterations are not saved. Everything saved before is kept${saved ? ` (${saved})` : ''}. Delete old runs below to make room.`
    : `Saving failed: ${error instanceof Error ? error.message : String(error)}. Everything saved before is kept.`);
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

/** New runs were built: they are saved as a new lab, owned by this tab, from their first iteration on. */
export function labStarted(config: LabConfig, runs: Array<{ id: string; estimator: string }>): void {
  pending.clear();
  labId = null;
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
    [labId, starting] = [lab.id, null];
    sessionStorage.setItem(CURRENT_KEY, lab.id);
    savedRunsEvents.labOpened(lab.id, false);
    await claimLab(lab.id);
  }
  return lab.id;
}

/** A saved lab was opened in this tab (restored or from the Runs panel). */
export function labAttached(id: string | null): void {
  labId = id;
  starting = null;
  pending.clear();
  if (id) sessionStorage.setItem(CURRENT_KEY, id);
  else sessionStorage.removeItem(CURRENT_KEY);
}

export const CURRENT_KEY = 'rollout-lab.current-lab';

export function iterationCompleted(
  runId: string, metrics: IterationMetrics, report: SavedReport, fingerprints: IterationRecord['fingerprints'],
  checkpoint: Checkpoint | undefined, training: boolean,
): void {
  const target = labId ?? starting;
  if (!target || useSavedRunsStore.getState().readOnly) return;
  if (checkpoint) pending.set(runId, checkpoint);
  const due = !training || Date.now() - (lastSavedAt.get(runId) ?? 0) >= CHECKPOINT_SAVE_MS;
  const cp = due ? pending.get(runId) : undefined;
  if (cp) pending.delete(runId);
  void enqueue(async () => {
    const id = await ensureLab(target);
    if (!id) return;
    await saveIteration(id, runId, { metrics, report, fingerprints, checkpoint: cp });
    if (cp) await saved(id, runId, cp.iteration);
  });
}

async function saved(id: string, runId: string, iteration: number): Promise<void> {
  lastSavedAt.set(runId, Date.now());
  savedRunsEvents.checkpointSaved(runId, iteration);
  announceSaved(id);
  await refreshList();
}

/** Write every checkpoint not yet saved; resolves when the writes are done. */
export function flush(): Promise<void> {
  const target = labId ?? starting;
  const todo = [...pending.entries()];
  pending.clear();
  for (const [runId, cp] of todo) {
    void enqueue(async () => {
      const id = target && (await ensureLab(target));
      if (!id) return;
      await saveCheckpoint(id, runId, cp);
      await saved(id, runId, cp.iteration);
    });
  }
  return queue.then(() => undefined);
}

/** Trained iterations that a reload would lose. */
export function hasUnsaved(): boolean {
  return pending.size > 0;
}
