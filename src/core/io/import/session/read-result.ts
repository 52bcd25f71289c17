/**
 * A file's bytes read into an ImportResult (no grouping, no scoring): what a run's overview and a
 * step of several files need per file. Throws ImportFormatError when no format reads the file,
 * CancelledError when `cancelled` says so between chunks. `deferEstimates`: the token estimates are
 * left to the import session (`ImporterOptions.deferEstimates`); a run's overview needs them at once.
 */
import { createRolloutImporter, type ColumnMapping, type ImportResult } from './importer';
import { readBytes } from './read-bytes';

export async function readImportResult(
  chunks: AsyncIterable<Uint8Array>,
  options: { fileName: string; totalBytes: number; maxBytes?: number; mapping?: ColumnMapping; deferEstimates?: boolean; cancelled?(): boolean; onBytes?(bytesRead: number): void },
): Promise<ImportResult> {
  const importer = createRolloutImporter({ fileName: options.fileName, maxBytes: options.maxBytes, deferEstimates: options.deferEstimates, ...(options.mapping ? { mapping: options.mapping } : {}) });
  await readBytes(chunks, importer, { totalBytes: options.totalBytes, cancelled: options.cancelled, onChunk: (p) => options.onBytes?.(p.bytesRead) });
  return importer.finishAsync();
}
