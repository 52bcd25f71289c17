/**
 * The one seam between the import session and the rollouts readers of `src/core/io/import`: a
 * byte importer (gzip by magic bytes, UTF-8 across chunk edges, format detected from content) whose
 * result names the format, the adapter that read it, the trajectories, the problems (first 100
 * listed, all counted) and where the token counts L_{i,t} came from. Switching readers is this file.
 */
import { createByteImporter, type ByteImporter } from '../bytes';
import type { ColumnMapping } from '../mapping';
import { ProblemLog } from '../problems';

export type { ImportProblem, ImportResult } from '../types';
export { ImportFormatError, type ImportFormatErrorData, type UnknownTable } from '../importer';
export { DEFAULT_MAX_BYTES, GzipLimitError } from '../gunzip';
export type { ColumnMapping } from '../mapping';
export { ProblemLog };

export type RolloutImporter = ByteImporter;

/**
 * `mapping`: read the file's rows through this column mapping instead of detecting its format;
 * `maxBytes`: the most a gzip file may unpack to (GzipLimitError past it; default DEFAULT_MAX_BYTES);
 * `deferEstimates`: leave the token estimates to the import session (`ImporterOptions.deferEstimates`).
 */
export function createRolloutImporter(options: { fileName: string; mapping?: ColumnMapping; maxBytes?: number; deferEstimates?: boolean }): RolloutImporter {
  return createByteImporter({ fileName: options.fileName, maxBytes: options.maxBytes, deferEstimates: options.deferEstimates, ...(options.mapping ? { mapping: options.mapping } : {}) });
}

/** A problem log holding an earlier one's listed problems and count (the session adds its own). */
export function continueProblems(listed: ReadonlyArray<{ line: number | null; reason: string }>, count: number): ProblemLog {
  const log = new ProblemLog();
  for (const p of listed) log.add(p.line, p.reason);
  log.count = count;
  return log;
}
