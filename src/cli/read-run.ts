/**
 * A folder read one training step at a time (the CLI at a run's scale): the folder is indexed from
 * its relative paths (`src/core/run/run-index.ts`), then each step's files (all its ranks) are read,
 * handed to the caller, and dropped before the next step is read. Memory: the largest step, not the
 * run. A single file or stdin is one batch (`readImport`). Notes and problems are worded exactly as
 * `readImport`'s (`FILE line N: …`, `FILE: note: …`).
 */
import { readFile, stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { CliError } from './args';
import type { CliIo } from './command';
import { cannotRead, filesUnder, importOne, readImport } from './read-import';
import { formatProblem, type ByteImporterOptions, type ColumnMapping, type ImporterOptions, type ImportFormatId, type ImportResult } from '../core/io';
import { indexRun, partOfRun, type RunIndex } from '../core/run/run-index';

export interface ImportBatch {
  /** The index's step for a folder's batch (null for a step-less file, stdin or a single file). */
  step: number | null;
  results: Array<{ file: string; result: ImportResult }>;
  problemLines: string[];
  problemCount: number;
  /** File names prefix its problem and note lines (a folder of more than one file). */
  several: boolean;
}

/** Lines skipped in the batch's files, each once however many problems it holds (a file not read is a problem, not a line). */
export function skippedLinesOf(batch: Pick<ImportBatch, 'results'>): number {
  return batch.results.reduce((n, { result }) => n + result.skippedLines, 0);
}

/** The batch's `note: …` lines (`FILE: note: …` in a folder); `frameworksOnly` leaves out rollouts.v1 files. */
export function batchNotes(batch: ImportBatch, frameworksOnly = false): string[] {
  return batch.results
    .filter(({ result }) => !frameworksOnly || result.format !== 'rollouts-v1')
    .flatMap(({ file, result }) => result.notes.map((note) => `${batch.several ? `${file}: ` : ''}note: ${note}`));
}

export interface RunReadOptions {
  formats?: readonly ImportFormatId[];
  estimateTokens?: ImporterOptions['estimateTokens'];
  mapping?: ColumnMapping;
  /** `--max-bytes`: what gzip input may unpack to (default DEFAULT_MAX_BYTES). */
  maxBytes?: number;
  /** `--part K/N`: only the steps at positions ≡ K−1 (mod N). */
  part?: { part: number; parts: number };
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    throw cannotRead(path, error);
  }
}

/** The folder's index (sizes from the file system). */
export async function indexFolder(dir: string): Promise<RunIndex> {
  const paths = await filesUnder(dir);
  const listing = await Promise.all(paths.map(async (p) => ({ path: relative(dir, p).split('\\').join('/'), bytes: (await stat(p)).size })));
  return indexRun(listing);
}

/** Batches of a file, stdin or a folder (one per step, in step order). */
export async function* readRunBatches(path: string, io: CliIo, options: RunReadOptions = {}): AsyncGenerator<ImportBatch> {
  const estimate = options.estimateTokens ?? true;
  if (path === '-' || !(await isFolder(path))) {
    const read = await readImport(path, io, options.formats, estimate, options.mapping, options.maxBytes);
    yield { step: null, results: read.results, problemLines: read.problemLines, problemCount: read.problemCount, several: read.results.length > 1 };
    return;
  }
  let index = await indexFolder(path);
  const several = index.files > 1;
  const named = (file: string) => (several ? `${file} ` : '');
  if (index.files === 0) throw new CliError(`--in "${path}" is a folder with no .jsonl / .json / .csv / .tsv / .parquet files`);
  if (options.part) index = partOfRun(index, options.part.part, options.part.parts);
  const importerOptions: ByteImporterOptions = { formats: options.formats, estimateTokens: estimate, ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}), ...(options.mapping ? { mapping: options.mapping } : {}) };
  let read = 0;
  let firstSkip: string | null = null;
  for (const step of index.steps) {
    const batch: ImportBatch = { step: step.step, results: [], problemLines: [], problemCount: 0, several };
    for (const file of step.files) {
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await readFile(`${path}/${file.path}`));
      } catch (error) {
        throw cannotRead(file.path, error);
      }
      try {
        const result = await importOne(bytes, file.path, importerOptions);
        if (result) batch.results.push({ file: file.path, result });
      } catch (error) {
        if (!(error instanceof CliError)) throw error;
        firstSkip ??= error.message;
        batch.problemLines.push(`${error.message}; file skipped`);
        batch.problemCount++;
      }
    }
    for (const { file, result } of batch.results) {
      batch.problemLines.push(...result.problems.map((p) => `${named(file)}${formatProblem(p)}`));
      batch.problemCount += result.problemCount;
    }
    read += batch.results.length;
    yield batch;
  }
  if (read === 0 && firstSkip !== null) throw new CliError(`no file under --in "${path}" could be read: ${firstSkip}`);
}

/** `--part K/N` → { part, parts } (1 ≤ K ≤ N). */
export function parsePart(value: string | undefined): { part: number; parts: number } | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(value);
  const part = m ? Number(m[1]) : NaN;
  const parts = m ? Number(m[2]) : NaN;
  if (!(part >= 1 && parts >= 1 && part <= parts)) throw new CliError(`--part "${value}": expected K/N with 1 ≤ K ≤ N, e.g. --part 2/4`);
  return { part, parts };
}
