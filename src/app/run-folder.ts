/**
 * A training run's folder in the lab: the picked or dropped folder's files indexed at once by
 * relative path (src/core/run/run-index.ts; sizes from File.size, nothing read), the steps listed
 * in the run store, the overview streamed by the import worker one step's files at a time, and a
 * step opened as the import (all its ranks) on demand. The Files stay here; stores get plain data.
 */
import { indexRun, type RunIndex } from '../core/run/run-index';
import { stepImportName } from '../core/run/step-import';
import { runEvents, useRunStore } from '../state/run-folder-store';
import { openRolloutFiles, stopRunOverview, summarizeRunFiles } from './import-client';

let index: RunIndex | null = null;
const files = new Map<string, File>();

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A folder is a run when its paths name at least two training steps. */
export function isRun(run: RunIndex): boolean {
  return run.steps.filter((s) => s.step !== null).length >= 2;
}

const stepFiles = (k: number) => (index?.steps[k]?.files ?? []).map((f) => ({ path: f.path, file: files.get(f.path)! }));

/**
 * Index the folder; when it is a run, list its steps, open its first step and stream the overview,
 * and answer true. Otherwise (a folder of unrelated files) clear the run and answer false.
 */
export function openRunFolder(entries: ReadonlyArray<{ path: string; file: File }>): boolean {
  const run = indexRun(entries.map((e) => ({ path: e.path, bytes: e.file.size })));
  if (!isRun(run)) {
    clearRun();
    return false;
  }
  stopRunOverview();
  index = run;
  files.clear();
  for (const e of entries) files.set(e.path, e.file);
  const name = entries[0]?.path.includes('/') ? entries[0].path.split('/')[0] : 'run';
  const steps = run.steps.map((s) => ({ step: s.step, files: s.files.length, ranks: new Set(s.files.map((f) => f.rank)).size, bytes: s.bytes }));
  runEvents.runListed(name, steps, run.files, run.bytes);
  void openRunStep(0).then(() => streamOverview(run));
  return true;
}

async function streamOverview(run: RunIndex): Promise<void> {
  if (index !== run) return;
  const steps = run.steps.map((_, k) => ({ step: run.steps[k].step, files: stepFiles(k) }));
  try {
    const rows = await summarizeRunFiles(steps, (row) => { if (index === run) runEvents.stepRowPosted(row); });
    if (index === run) runEvents.overviewFinished(rows);
  } catch (error) {
    if (index === run) runEvents.overviewFailed(message(error));
  }
}

/** The name the import of step position `k` goes by (its one file's path, or `ROOT step N (K files)`). */
export function runStepName(k: number): string | null {
  const entry = index?.steps[k];
  return entry ? stepImportName(entry.step, entry.files.map((f) => f.path)) : null;
}

/** Open the run's step at index position `k` (every file of it) as the import; replaces the open one. */
export async function openRunStep(k: number): Promise<void> {
  const name = runStepName(k);
  if (name === null) return;
  runEvents.stepOpened(k);
  await openRolloutFiles(stepFiles(k), name);
}

/** Forget the run (a single file or a non-run folder was opened). */
export function clearRun(): void {
  if (useRunStore.getState().name === null) return;
  stopRunOverview();
  index = null;
  files.clear();
  runEvents.runCleared();
}
