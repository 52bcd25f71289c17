/**
 * Open a file as an import session: stream its bytes through the importer, then group and score.
 * Progress (bytes read, trajectories and groups so far) is reported at most every
 * `progressEveryMs` (a few times a second), plus once at the end of reading and once scored.
 */
import { createRolloutImporter, type ColumnMapping } from './importer';
import { readBytes } from './read-bytes';
import { ImportSession } from './session';

export interface ImportProgress {
  phase: 'reading' | 'scoring' | 'done';
  bytesRead: number;
  totalBytes: number;
  trajectories: number;
  groups: number;
  /** Lines read so far (JSON Lines and arrays). */
  lines: number;
}

export interface OpenOptions {
  fileName: string;
  totalBytes: number;
  onProgress?(progress: ImportProgress): void;
  cancelled?(): boolean;
  /** Clock for throttling (ms); default Date.now. */
  now?(): number;
  progressEveryMs?: number;
  /** Read the rows through this column mapping (the mapping form's answer to an unknown table). */
  mapping?: ColumnMapping;
  /** The most bytes a gzip file may unpack to; past it the read stops (GzipLimitError, an ImportFormatError). */
  maxBytes?: number;
}

/** Throws ImportFormatError when no format reads the file, CancelledError when cancelled. */
export async function openImport(chunks: AsyncIterable<Uint8Array>, options: OpenOptions): Promise<{ session: ImportSession; gzip: boolean; seconds: number; readSeconds: number }> {
  const now = options.now ?? Date.now;
  const every = options.progressEveryMs ?? 250;
  const started = now();
  // the session estimates token counts group by group, when a group is first scored or shown
  const importer = createRolloutImporter({ fileName: options.fileName, maxBytes: options.maxBytes, deferEstimates: true, ...(options.mapping ? { mapping: options.mapping } : {}) });
  let last = -Infinity;
  const report = (phase: ImportProgress['phase'], bytesRead: number) => {
    const p = importer.progress();
    options.onProgress?.({ phase, bytesRead, totalBytes: options.totalBytes, trajectories: p.trajectories, groups: p.groups, lines: p.lines });
  };
  const read = await readBytes(chunks, importer, {
    totalBytes: options.totalBytes,
    cancelled: options.cancelled,
    onChunk: (p) => {
      const t = now();
      if (t - last >= every) {
        last = t;
        report('reading', p.bytesRead);
      }
    },
  });
  const result = await importer.finishAsync();
  const readSeconds = (now() - started) / 1000;
  report('scoring', read.bytesRead);
  const session = new ImportSession(options.fileName, result);
  report('done', read.bytesRead);
  return { session, gzip: importer.progress().gzip === true, seconds: (now() - started) / 1000, readSeconds };
}
