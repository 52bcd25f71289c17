/**
 * The one seam between the import session and the rollouts readers of `src/core/io/import`: a
 * byte importer (gzip by magic bytes, UTF-8 across chunk edges, format detected from content) whose
 * result names the format, the adapter that read it, the trajectories, the problems (first 100
 * listed, all counted) and where the token counts L_{i,t} came from. Switching readers is this file.
 */
import { createByteImporter, type ByteImporter } from '../io/import/bytes';
import { ImportFormatError } from '../io/import/importer';
import type { ColumnMapping, TableShape } from '../io/import/mapping';
import { ProblemLog } from '../io/import/problems';

export type { ImportProblem, ImportResult } from '../io/import/types';
export { ImportFormatError, ProblemLog };
export type { ColumnMapping, TableShape };

export type RolloutImporter = ByteImporter;

/** `mapping`: read a table with these columns (the answer to an ImportFormatError that carried a table). */
export function createRolloutImporter(options: { fileName: string; mapping?: ColumnMapping }): RolloutImporter {
  const byteOptions = { fileName: options.fileName, ...(options.mapping ? { mapping: options.mapping } : {}) };
  return createByteImporter(byteOptions);
}

/** The table of a format error (its columns, samples and the guessed mapping), when the reader saw one. */
export function tableOf(error: unknown): TableShape | null {
  if (!(error instanceof ImportFormatError)) return null;
  return (error as ImportFormatError & { table?: TableShape }).table ?? null;
}

/** A problem log holding an earlier one's listed problems and count (the session adds its own). */
export function continueProblems(listed: ReadonlyArray<{ line: number | null; reason: string }>, count: number): ProblemLog {
  const log = new ProblemLog();
  for (const p of listed) log.add(p.line, p.reason);
  log.count = count;
  return log;
}
