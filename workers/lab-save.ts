/**
 * Saving a lab's iterations, from the page (src/app/persist/recorder.ts) or from the trainer worker
 * (trainer.worker.ts); no DOM, no stores, so both write each iteration's rows through this one
 * `saveIterations`. The worker builds each iteration's report itself (src/core/train/lab-report.ts:
 * compact groups, the divergence bands, iteration 1's fingerprints), so the page receives only what
 * it shows, and once the page has named the saved lab (`SaveTarget`, in its answer to a report)
 * the worker writes the iteration's rows and checkpoint to IndexedDB itself: the page's thread
 * never structured-clones a report or a checkpoint into the database.
 *
 * The protocol, per iteration k (the worker reports k + 1 only once k's answer came):
 *   no target yet   report(k, checkpoint, false) → the page saves it (recorder.ts) and answers,
 *                   with the target, once saved (the first iteration creates the lab this way)
 *   a target        the worker writes k; report(k, checkpoint, true) once the rows are cloned;
 *                   saved(k, failure) once committed (failure: why not, and the page saves it); the page
 *                   answers saved(k) with the target to use next (null: hand iterations back)
 * So the page still shows k + 1 only after k is stored, whoever wrote it.
 */
import type { Checkpoint } from '../src/core/train/checkpoint';
import type { IterationReport } from '../src/core/train/lab-report';
import type { IterationMetrics } from '../src/core/train/metrics';
import { keepReport, REPORT_KEEP, type SavedReport } from '../src/core/train/run-file';
import { labDb, runRange } from './lab-db';

export interface IterationRecord {
  metrics: IterationMetrics;
  report: SavedReport;
  fingerprints?: { rollouts: string | null; metrics: string | null };
  checkpoint?: Checkpoint;
}

/**
 * Save a run's iterations (in order) and optionally its checkpoint in one transaction: either all of
 * it is stored or none. Resolves once IndexedDB acknowledged the commit, to the iteration of the
 * run's checkpoint now stored (0: none yet); null when the lab's record is gone (the database was
 * cleared meanwhile): nothing is written. `issued` is called once every row is handed to IndexedDB
 * (each value is cloned by then), before the commit.
 *
 * A checkpoint older than the run's stored one is not written (its rows are): a run's stored
 * checkpoint never goes back. After the database was closed under the page, the page writes the
 * newest checkpoints it saved again (src/app/persist/recorder.ts, `connectionLost`); the worker may
 * have written a newer one meanwhile, and IndexedDB commits whichever transaction began first.
 */
export async function saveIterations(
  labId: string, runId: string, recs: IterationRecord[], checkpoint?: Checkpoint, issued?: () => void,
): Promise<number | null> {
  const db = await labDb();
  const tx = db.transaction(['labs', 'metrics', 'divergence', 'reports', 'checkpoints'], 'readwrite');
  const lab = await tx.objectStore('labs').get(labId);
  if (!lab) {
    await tx.done;
    return null;
  }
  const reports = tx.objectStore('reports');
  for (const rec of recs) {
    const k = rec.metrics.iteration;
    // anything retrained past k goes first (a run reopened at an earlier checkpoint)
    void reports.delete(runRange(labId, runId, k));
    void tx.objectStore('metrics').delete(runRange(labId, runId, k));
    void tx.objectStore('divergence').delete(runRange(labId, runId, k));
    void tx.objectStore('metrics').put(rec.metrics, [labId, runId, k]);
    if (rec.report.divergence) void tx.objectStore('divergence').put(rec.report.divergence, [labId, runId, k]);
    if (keepReport(k, k)) void reports.put(rec.report, [labId, runId, k]);
    // the one report that keepReport drops at k (it kept it at k − 1)
    const dropped = k - REPORT_KEEP.last;
    if (dropped >= 1 && !keepReport(dropped, k)) void reports.delete([labId, runId, dropped]);
    const fp = rec.fingerprints;
    if (fp) lab.runs = lab.runs.map((r) => (r.id === runId ? { ...r, fingerprint: fp.rollouts, metricsFingerprint: fp.metrics } : r));
  }
  lab.updatedAt = Date.now();
  if (checkpoint && checkpoint.iteration >= (lab.checkpointIterations[runId] ?? 0)) {
    void tx.objectStore('checkpoints').put(checkpoint, [labId, runId]);
    lab.checkpointIterations[runId] = checkpoint.iteration;
  }
  void tx.objectStore('labs').put(lab);
  issued?.();
  await tx.done;
  return lab.checkpointIterations[runId] ?? 0;
}

/** Where a worker writes its run's iterations: the saved lab and the run's id in it. */
export interface SaveTarget {
  labId: string;
  runId: string;
}

/** What the page answers to a report or a save: where to write the next iteration (null: the page saves). */
export interface SaveAnswer {
  saveTo: SaveTarget | null;
}

/** The target in a page's answer; undefined when the answer names none (a page that is not the lab). */
export function saveTargetOf(answer: unknown): SaveTarget | null | undefined {
  if (!answer || typeof answer !== 'object' || !('saveTo' in answer)) return undefined;
  const to = (answer as SaveAnswer).saveTo;
  return to && typeof to.labId === 'string' && typeof to.runId === 'string' ? { labId: to.labId, runId: to.runId } : null;
}

/** The rows one report is saved as (without its checkpoint). */
export function savedRecord(report: IterationReport): IterationRecord {
  const iteration = report.metrics.iteration;
  return {
    metrics: report.metrics,
    report: { iteration, groups: report.groups, divergence: report.divergence },
    fingerprints: iteration === 1 ? { rollouts: report.fingerprint, metrics: report.metricsFingerprint } : undefined,
  };
}

/** Why a write failed, in words the page can show (a quota error keeps its name: isQuotaError). */
function failureText(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  const text = error instanceof Error ? error.message : String(error);
  return name && !text.includes(name) ? `${name}: ${text}` : text;
}

/**
 * Write one report (and its checkpoint) into `target`. `written` resolves once every row is handed
 * to IndexedDB (the values are cloned by then, so the checkpoint's buffers may be transferred and
 * training may go on while the commit completes); the result resolves once committed: null, or why
 * nothing was written (the lab's record is gone, storage is full, the database was closed).
 */
export function saveReport(
  target: SaveTarget, report: IterationReport, checkpoint: Checkpoint | undefined,
): { written: Promise<void>; committed: Promise<string | null> } {
  let handed: () => void = () => undefined;
  const written = new Promise<void>((resolve) => (handed = resolve));
  const committed = saveIterations(target.labId, target.runId, [savedRecord(report)], checkpoint, handed)
    .then((stored) => (stored === null ? 'the saved lab is gone from this browser' : null), failureText)
    .finally(handed);
  return { written, committed };
}
