/**
 * The import worker's run-folder calls (kept beside import.worker.ts): a step's files opened as one
 * import session, and the run's overview streamed one step's files at a time, each step's row
 * posted as soon as it is done. Only the summary state (O(steps × estimators)) outlives a step.
 *
 * A step being opened comes first: while one is read (`opening`), the overview waits before its
 * next chunk (`gatedChunks`), so a step opened during the overview takes as long as one opened
 * after it, not twice as long.
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

/** Step opens in flight, and what waits for them to end. */
let opening = 0;
let waiting: Array<() => void> = [];

/** Run `open` (a step's read) ahead of the background work that awaits `openingDone()`. */
export async function firstOpening<T>(open: () => Promise<T>): Promise<T> {
  opening++;
  try {
    return await open();
  } finally {
    if (--opening === 0) {
      const wake = waiting;
      waiting = [];
      for (const w of wake) w();
    }
  }
}

/** Resolves once no step is being opened (at once when none is). */
export function openingDone(): Promise<void> {
  return opening === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
}

/** A blob's chunks, each one taken only when no step is being opened. */
async function* gatedChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunksOf(blob)) {
    await openingDone();
    yield chunk;
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface ReadOptions {
  maxBytes: number;
  cancelled(): boolean;
  onBytes?(bytes: number): void;
  mapping?: ColumnMapping;
  /** Token estimates left to the import session (a step opened), not made while reading (the overview needs them). */
  deferEstimates?: boolean;
  /** Each chunk waits until no step is being opened (the overview's reads). */
  gated?: boolean;
}

/** Each file read (in order); a file no reader knows is returned in `unread` with its reason. */
export async function readStepFiles(files: readonly RunFileBlob[], o: ReadOptions) {
  const read: Array<{ path: string; result: ImportResult }> = [];
  const unread: Array<{ path: string; reason: string }> = [];
  let firstError: ImportFormatError | null = null;
  let done = 0;
  for (const f of files) {
    try {
      const chunks = o.gated ? gatedChunks(f.file) : chunksOf(f.file);
      const result = await readImportResult(chunks, {
        fileName: f.path, totalBytes: f.file.size, maxBytes: o.maxBytes, mapping: o.mapping, deferEstimates: o.deferEstimates, cancelled: o.cancelled, onBytes: (b) => o.onBytes?.(done + b),
      });
      read.push({ path: f.path, result });
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
  const { read, unread, firstError } = await readStepFiles(files, { maxBytes, cancelled, onBytes, mapping, deferEstimates: true });
  if (read.length === 0) throw firstError ?? new ImportFormatError('no file in this step');
  const joined = joinStepResults(read);
  if (unread.length === 0) return joined;
  return { ...joined, notes: [...joined.notes, ...unread.map((u) => `${u.path}: not read: ${u.reason}`)] };
}

/** One training step's files, as the overview reads them. */
export interface RunStepFiles { step: number | null; files: RunFileBlob[] }

/**
 * A run's steps fetched from the page a batch at a time (`stepsAt(from, to)`), so the page never
 * sends every file at once: posting a File makes the page's thread ask the browser for its size
 * and date, and a run's hundreds of files in one message took one long task.
 */
export async function* stepsInBatches(count: number, stepsAt: (from: number, to: number) => RunStepFiles[] | Promise<RunStepFiles[]>, batch = 4): AsyncGenerator<RunStepFiles> {
  for (let from = 0; from < count; from += batch) yield* await stepsAt(from, Math.min(count, from + batch));
}

/**
 * The run's overview: per step (in the order given), its files read, summarised, dropped; `onRow`
 * gets the step's row at once. Resolves with every row (a group naming another step lands there),
 * or null when `stopped()` turned true between steps.
 */
export async function summarizeSteps(
  steps: Iterable<RunStepFiles> | AsyncIterable<RunStepFiles>, maxBytes: number, stopped: () => boolean, onRow: (row: StepSummaryRow) => unknown,
): Promise<StepSummaryRow[] | null> {
  const state = emptySummary();
  for await (const s of steps) {
    if (stopped()) return null;
    await openingDone();
    const { read, unread } = await readStepFiles(s.files, { maxBytes, cancelled: stopped, gated: true });
    addStepFiles(state, s.step, read);
    for (const u of unread) addUnreadFile(state, s.step, u.path, u.reason);
    const acc = state.get(s.step);
    if (acc) await onRow(finishStep(acc));
  }
  return finishSummary(state).steps;
}
