/**
 * A training run's folder in the lab: the picked or dropped folder's files indexed at once by
 * relative path (src/core/run/run-index.ts; sizes from File.size, nothing read), the steps listed
 * in the run store, the overview streamed by the import worker one step's files at a time, and a
 * step opened as the import (all its ranks) on demand. The Files stay here; stores get plain data.
 * A run restored after a reload without its folder (src/app/reopen-import.ts) has its index and the
 * open step's kept files only: the other steps wait for the folder to be opened again.
 */
import type { ColumnMapping } from '../core/io/import/session/importer';
import { indexRun, type RunIndex } from '../core/run/run-index';
import { stepImportName } from '../core/run/step-import';
import type { StepSummaryRow } from '../core/run/step-summary';
import { runEvents, useRunStore } from '../state/run-folder-store';
import { openRolloutFiles, stopRunOverview, summarizeRunFiles, type KeptView } from './import-client';
import type { KeptDirectoryHandle } from './persist/last-import';

let index: RunIndex | null = null;
const files = new Map<string, Blob>();
/** The directory picker's handle of the open run (null: picked by webkitdirectory, dropped, or restored without one). */
let handle: KeptDirectoryHandle | null = null;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A folder is a run when its paths name at least two training steps. */
export function isRun(run: RunIndex): boolean {
  return run.steps.filter((s) => s.step !== null).length >= 2;
}

const stepFiles = (k: number) => (index?.steps[k]?.files ?? []).map((f) => ({ path: f.path, file: files.get(f.path)! }));

/** Whether the files of the step at position `k` are at hand (all of them, unless the run was restored without its folder). */
export const hasStepFiles = (k: number) => (index?.steps[k]?.files ?? []).every((f) => files.has(f.path));

const runName = (paths: ReadonlyArray<{ path: string }>) => (paths[0]?.path.includes('/') ? paths[0].path.split('/')[0] : 'run');
const stepEntries = (run: RunIndex, sized = true) => run.steps.map((s) => ({ step: s.step, files: s.files.length, ranks: new Set(s.files.map((f) => f.rank)).size, bytes: sized ? s.bytes : null }));

/** The open run as kept for a reload: its name, listing (paths and sizes) and directory handle; null when none is open. */
export function openRun(): { name: string; listing: Array<{ path: string; bytes: number }>; handle: KeptDirectoryHandle | null } | null {
  const name = useRunStore.getState().name;
  if (!index || name === null) return null;
  return { name, listing: index.steps.flatMap((s) => s.files.map((f) => ({ path: f.path, bytes: f.bytes }))), handle };
}

/**
 * Index the folder and, when it is a run, list its steps (nothing is opened) and answer its index;
 * otherwise (a folder of unrelated files) clear the run and answer null. `dir` is the directory
 * picker's handle, kept for a reload.
 */
export function listRunFolder(entries: ReadonlyArray<{ path: string; file: File }>, dir: KeptDirectoryHandle | null = null): RunIndex | null {
  const run = indexRun(entries.map((e) => ({ path: e.path }))); // sizes follow (measureSizes)
  if (!isRun(run)) {
    clearRun();
    return null;
  }
  stopRunOverview();
  index = run;
  handle = dir;
  files.clear();
  for (const e of entries) files.set(e.path, e.file);
  runEvents.runListed(runName(entries), stepEntries(run, false), run.files, null);
  void measureSizes(run);
  return run;
}

/** Files whose size is read between two tasks. */
const SIZE_SLICE = 16;

/**
 * The run's file sizes, read in slices with a task boundary between them: a picked folder's
 * `File.size` asks the disk, file by file, on the page's thread (hundreds of files took one long task).
 */
async function measureSizes(run: RunIndex): Promise<void> {
  const all = run.steps.flatMap((s) => s.files);
  for (let i = 0; i < all.length; i += SIZE_SLICE) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (index !== run) return;
    for (const f of all.slice(i, i + SIZE_SLICE)) f.bytes = files.get(f.path)?.size ?? 0;
  }
  for (const s of run.steps) s.bytes = s.files.reduce((n, f) => n + f.bytes, 0);
  run.bytes = run.steps.reduce((n, s) => n + s.bytes, 0);
  runEvents.sizesMeasured(stepEntries(run), run.bytes);
}

/** A run folder: its steps listed, its first step opened, then its overview streamed; answers false for a folder that is not a run. */
export function openRunFolder(entries: ReadonlyArray<{ path: string; file: File }>, dir: KeptDirectoryHandle | null = null): boolean {
  const run = listRunFolder(entries, dir);
  if (!run) return false;
  void openRunStep(0).then(() => streamRunOverview());
  return true;
}

/**
 * A run brought back after a reload without its folder: the kept index and overview rows, and the
 * kept files of the one step that was open (the other steps' Open buttons wait for the folder).
 */
export function restoreRunWithoutFolder(
  name: string, listing: ReadonlyArray<{ path: string; bytes: number }>, rows: StepSummaryRow[], kept: ReadonlyArray<{ path: string; file: Blob }>, dir: KeptDirectoryHandle | null,
): void {
  stopRunOverview();
  const run = indexRun(listing);
  index = run;
  handle = dir;
  files.clear();
  for (const f of kept) files.set(f.path, f.file);
  runEvents.runRestored(name, stepEntries(run), run.files, run.bytes, rows, dir ? dir.name : null);
}

/** Stream the open run's overview in the import worker (after its first step has opened). */
export async function streamRunOverview(): Promise<void> {
  const run = index;
  if (!run) return;
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

/** Open the run's step at index position `k` (every file of it, through `mapping` when given) as the import; answers whether it opened. */
export async function openRunStep(k: number, mapping?: ColumnMapping, view?: KeptView): Promise<boolean> {
  const name = runStepName(k);
  if (name === null || !hasStepFiles(k)) return false;
  runEvents.stepOpened(k);
  return openRolloutFiles(stepFiles(k), name, mapping, view);
}

/** Forget the run (a single file or a non-run folder was opened). */
export function clearRun(): void {
  if (useRunStore.getState().name === null) return;
  stopRunOverview();
  index = null;
  handle = null;
  files.clear();
  runEvents.runCleared();
}
