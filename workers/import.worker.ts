/**
 * The import worker: a thin comlink adapter over src/core/io/import/session. The file is streamed here
 * (File.stream()), parsed, grouped and scored; the session stays in the worker and the page asks
 * for what it shows (the summary, a filtered group list, one group, the overview). Exports come
 * back as a Blob (cloned by reference, not copied into the page's heap).
 */
import * as Comlink from 'comlink';
import { openImport, type ImportProgress } from '../src/core/io/import/session/open';
import { CancelledError } from '../src/core/io/import/session/read-bytes';
import { DEFAULT_MAX_BYTES, ImportFormatError, type ColumnMapping } from '../src/core/io/import/session/importer';
import { ImportSession } from '../src/core/io/import/session/session';
import type { GroupFilters } from '../src/core/io/import/session/groups';
import type { StepSummaryRow } from '../src/core/run/step-summary';
import { chunksOf, firstOpening, openingDone, readStep, stepsInBatches, summarizeSteps, type RunFileBlob, type RunStepFiles } from './run-folder';

/** The most a gzip file may unpack to in the lab (checked while unpacking; past it the file is refused). */
const IMPORT_MAX_BYTES = DEFAULT_MAX_BYTES;

let session: ImportSession | null = null;
let cancelRequested = false;
/** The run overview in progress: a newer run (or stopRun) bumps it and the older one stops between steps. */
let runGeneration = 0;

/** Scoring runs in slices this long, so the page's calls (a group picked, a new step opened) answer between them. */
const SCORE_SLICE_MS = 30;

/** Every group of `s` scored, a slice at a time (none while a step is being opened); false when another import replaced `s` meanwhile. */
async function scoredInSlices(s: ImportSession): Promise<boolean> {
  for (;;) {
    await openingDone();
    if (session !== s) return false;
    const until = performance.now() + SCORE_SLICE_MS;
    if (s.scoreSome(() => performance.now() >= until)) return true;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

const api = {
  /**
   * Parse and score `file` (the session before it stays until this one has opened) (through `mapping` when given); resolves with the summary, `{ cancelled: true }`
   * after cancel(), or `{ unreadable }` when no format reads it: plain data (comlink keeps only an
   * Error's message), with the table's columns and a guessed mapping when it is a table of flat rows.
   */
  async open(file: Blob, fileName: string, onProgress: (p: ImportProgress) => void, mapping?: ColumnMapping) {
    // The open session stays until this file has opened: a failed or cancelled import leaves it in place.
    cancelRequested = false;
    try {
      const opened = await firstOpening(() => openImport(chunksOf(file), { fileName, totalBytes: file.size, onProgress, cancelled: () => cancelRequested, maxBytes: IMPORT_MAX_BYTES, ...(mapping ? { mapping } : {}) }));
      session = opened.session;
      return { cancelled: false as const, summary: session.summary(), gzip: opened.gzip, seconds: opened.seconds, readSeconds: opened.readSeconds };
    } catch (error) {
      if (error instanceof CancelledError) return { cancelled: true as const };
      if (error instanceof ImportFormatError) return { cancelled: false as const, unreadable: error.toData() };
      throw error;
    }
  },
  /**
   * One training step of a run folder (all its files, through `mapping` when given) as the open session,
   * named `name`; answers as open() does. Progress counts the step's bytes.
   */
  async openStep(files: RunFileBlob[], name: string, onProgress: (p: ImportProgress) => void, mapping?: ColumnMapping) {
    cancelRequested = false;
    const started = Date.now();
    const totalBytes = files.reduce((n, f) => n + f.file.size, 0);
    const base = { trajectories: 0, groups: 0, lines: 0, totalBytes };
    let last = 0;
    try {
      // the run's overview and the last step's scoring wait while this step is read and grouped
      return await firstOpening(async () => {
        const result = await readStep(files, IMPORT_MAX_BYTES, () => cancelRequested, (bytesRead) => {
          if (Date.now() - last < 250) return;
          last = Date.now();
          onProgress({ ...base, phase: 'reading', bytesRead });
        }, mapping);
        const readSeconds = (Date.now() - started) / 1000;
        onProgress({ ...base, phase: 'scoring', bytesRead: totalBytes, trajectories: result.trajectories.length });
        session = new ImportSession(name, result);
        return { cancelled: false as const, summary: session.summary(), gzip: false, seconds: (Date.now() - started) / 1000, readSeconds };
      });
    } catch (error) {
      if (error instanceof CancelledError) return { cancelled: true as const };
      if (error instanceof ImportFormatError) return { cancelled: false as const, unreadable: error.toData() };
      throw error;
    }
  },
  /**
   * Stream the run's overview (one step's files at a time), posting each step's row; stops a run overview already
   * going. The `count` steps' files are asked of the page a few steps at a time (`stepsAt`).
   */
  async summarizeRun(count: number, stepsAt: (from: number, to: number) => RunStepFiles[] | Promise<RunStepFiles[]>, onRow: (row: StepSummaryRow) => void) {
    const generation = ++runGeneration;
    return summarizeSteps(stepsInBatches(count, stepsAt), IMPORT_MAX_BYTES, () => generation !== runGeneration, onRow);
  },
  stopRun() {
    runGeneration++;
  },
  /** Resolves once the worker's module has loaded (the page warms it when the import view opens). */
  ready: () => true,
  cancel() {
    cancelRequested = true;
  },
  summary: () => current().summary(),
  groupList: (filters: GroupFilters) => current().groupList(filters),
  group: (index: number) => current().groupRecords(index),
  /** The overview by step once every group is scored (in slices); null when another import opened meanwhile. */
  async overview(filters: Omit<GroupFilters, 'step'>) {
    const s = current();
    return (await scoredInSlices(s)) ? { rows: s.overview(filters), summary: s.summary() } : null;
  },
  setParams: (id: string, patch: Record<string, unknown>) => current().setParams(id, patch),
  exportBlob: (indices: number[] | null) => new Blob(current().exportLines(indices), { type: 'application/x-ndjson' }),
  problemReport: () => current().problemReport(),
};

function current(): ImportSession {
  if (!session) throw new Error('no import open');
  return session;
}

export type ImportApi = typeof api;
Comlink.expose(api);
