/**
 * The import worker's run-folder calls (kept beside import.worker.ts): a step's files opened as one
 * import session, and the run's overview streamed one step's files at a time, each step's row
 * posted as soon as it is done. Only the summary state (O(steps × estimators)) outlives a step.
 */
import { ImportFormatError, type ColumnMapping } from '../src/core/io/import/session/importer';
import { readImportResult } from '../src/core/io/import/session/read-result';
import type { ImportResult } from '../src/core/io/import/types';
import { addStepFiles, addUnreadFile, emptySummary, finishSummary } from '../src/core/run/run-summary';
import { finishStep, type StepSummaryRow } from '../src/core/run/step-summary';
import { joinStepResults } from '../src/core/run/step-import';

export interface RunFileBlob {
  path: string;
  file: Blob;
}

/** A Blob's bytes as it streams (the import worker reads single files the same way). */
export async function* chunksOf(blob: Blob): AsyncGenerator<Uint8Array> {
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Each file read (in order); a file no reader knows is returned in `unread` with its reason. */
export async function readStepFiles(files: readonly RunFileBlob[], maxBytes: number, cancelled: () => boolean, onBytes?: (bytes: number) => void, mapping?: ColumnMapping) {
  const read: Array<{ path: string; result: ImportResult }> = [];
  const unread: Array<{ path: string; reason: string }> = [];
  let firstError: ImportFormatError | null = null;
  let done = 0;
  for (const f of files) {
    try {
      read.push({ path: f.path, result: await readImportResult(chunksOf(f.file), { fileName: f.path, totalBytes: f.file.size, maxBytes, mapping, cancelled, onBytes: (b) => onBytes?.(done + b) }) });
    } catch (error) {
      if (!(error instanceof ImportFormatError)) throw error;
      firstError ??= error;
      unread.push({ path: f.path, reason: reason(error) });
    }
    done += f.file.size;
  }
  return { read, unread, firstError };
}

/**
 * The step's files as one result (through `mapping` when given). When none could be read, the first
 * file's ImportFormatError is thrown again (with its table, so the mapping form can open).
 */
export async function readStep(files: readonly RunFileBlob[], maxBytes: number, cancelled: () => boolean, onBytes?: (bytes: number) => void, mapping?: ColumnMapping): Promise<ImportResult> {
  const { read, unread, firstError } = await readStepFiles(files, maxBytes, cancelled, onBytes, mapping);
  if (read.length === 0) throw firstError ?? new ImportFormatError('no file in this step');
  const joined = joinStepResults(read);
  if (unread.length === 0) return joined;
  return { ...joined, notes: [...joined.notes, ...unread.map((u) => `${u.path}: not read: ${u.reason}`)] };
}

/**
 * The run's overview: per step (in the order given), its files read, summarised, dropped; `onRow`
 * gets the step's row at once. Resolves with every row (a group naming another step lands there),
 * or null when `stopped()` turned true between steps.
 */
export async function summarizeSteps(
  steps: ReadonlyArray<{ step: number | null; files: RunFileBlob[] }>, maxBytes: number, stopped: () => boolean, onRow: (row: StepSummaryRow) => unknown,
): Promise<StepSummaryRow[] | null> {
  const state = emptySummary();
  for (const s of steps) {
    if (stopped()) return null;
    const { read, unread } = await readStepFiles(s.files, maxBytes, stopped);
    addStepFiles(state, s.step, read);
    for (const u of unread) addUnreadFile(state, s.step, u.path, u.reason);
    const acc = state.get(s.step);
    if (acc) await onRow(finishStep(acc));
  }
  return finishSummary(state).steps;
}
