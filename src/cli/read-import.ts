/**
 * The CLI's way in to the importer: a file (any supported format: JSON, JSON Lines, CSV / TSV,
 * parquet; gzipped or not), `-` for stdin, or a folder (a verl-agent `rollout_data_dir` of
 * `{step}.jsonl`, an AgentGym-RL `rollout_log_dir` of `step{N}/{rank}.json`, TRL's
 * `completions/completions_{step}.parquet`), read file by file in natural order and concatenated.
 * `--map FILE` (a column mapping, docs/rollouts-v1.md) reads every file's rows through it.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { CliError, numberFlag, type ParsedArgs } from './args';
import type { CliIo } from './command';
import {
  DEFAULT_MAX_BYTES, formatBytes, formatProblem, GzipLimitError, importBytesAsync, ImportFormatError, MappingFileError, parseMappingFile,
  type ByteImporterOptions, type ColumnMapping, type ImporterOptions, type ImportFormatId, type ImportResult,
} from '../core/io';

/** The `--help` line of `--max-bytes`, for every command that reads rollouts. */
export const MAX_BYTES_HELP = `  --max-bytes N   refuse gzip input that unpacks to more than N bytes (default ${DEFAULT_MAX_BYTES}, ${formatBytes(DEFAULT_MAX_BYTES)});
                  checked while unpacking, so a gzip bomb is never unpacked whole`;

/** `--max-bytes N`: a positive whole number of bytes, default DEFAULT_MAX_BYTES. */
export function maxBytesFlag(args: ParsedArgs): number {
  const n = numberFlag(args, 'max-bytes', DEFAULT_MAX_BYTES)!;
  if (!Number.isSafeInteger(n) || n < 1) throw new CliError(`--max-bytes must be a whole number of bytes ≥ 1, got ${args.flags['max-bytes'] as string}`);
  return n;
}

export interface CliImport {
  results: Array<{ file: string; result: ImportResult }>;
  /** Every problem as one line (`FILE line N: reason` for folders), first 100 per file. */
  problemLines: string[];
  problemCount: number;
}

/**
 * Every import note (layout, dropped duplicates, unknown step, what a reader could not recover) as
 * `note: …` lines, `FILE: note: …` for folders; `frameworksOnly` leaves out rollouts.v1 files.
 */
export function noteLines(read: CliImport, frameworksOnly = false): string[] {
  const several = read.results.length > 1;
  return read.results
    .filter(({ result }) => !frameworksOnly || result.format !== 'rollouts-v1')
    .flatMap(({ file, result }) => result.notes.map((note) => `${several ? `${file}: ` : ''}note: ${note}`));
}

const natural = new Intl.Collator('en', { numeric: true });

export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (/\.(jsonl|json|csv|tsv)(\.gz)?$|\.parquet$/.test(entry.name)) out.push(path);
  }
  return out.sort((a, b) => natural.compare(a, b));
}

export function cannotRead(path: string, error: unknown): CliError {
  const code = (error as { code?: string }).code;
  const why = code === 'ENOENT' ? 'no such file' : (code ?? 'unreadable');
  return new CliError(`cannot read --in "${path}": ${why}`);
}

async function stdinBytes(io: CliIo): Promise<Uint8Array> {
  if (io.isTty) throw new CliError('--in - reads stdin, but stdin is a terminal; pipe a file in or pass --in FILE');
  return new TextEncoder().encode(await io.readStdin());
}

/** `--map FILE`: the column mapping it holds, or a CliError that names the file and every problem. */
export async function readMappingFile(path: string): Promise<ColumnMapping> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read --map "${path}": ${(error as { code?: string }).code === 'ENOENT' ? 'no such file' : 'unreadable'}`);
  }
  try {
    return parseMappingFile(text);
  } catch (error) {
    if (error instanceof MappingFileError) throw new CliError(`--map "${path}": ${error.message}`);
    throw error;
  }
}

/** The file's import, or null when it is empty. */
export async function importOne(bytes: Uint8Array, fileName: string, options: ByteImporterOptions): Promise<ImportResult | null> {
  try {
    return await importBytesAsync(bytes, { ...options, fileName });
  } catch (error) {
    if (error instanceof GzipLimitError) {
      throw new CliError(`${fileName === '-' ? 'stdin' : fileName}: ${error.message}; set --max-bytes to allow more (now ${error.limit})`);
    }
    if (error instanceof ImportFormatError && error.empty) return null;
    if (error instanceof ImportFormatError) {
      const guess = error.table ? `. A guessed mapping to correct, save as a file and pass with --map FILE: ${JSON.stringify(error.table.guess)}` : '';
      throw new CliError(`${fileName === '-' ? 'stdin' : fileName}: ${error.message}${guess}`);
    }
    throw error;
  }
}

export async function readImport(
  path: string,
  io: CliIo,
  formats?: readonly ImportFormatId[],
  estimateTokens: ImporterOptions['estimateTokens'] = true,
  mapping?: ColumnMapping,
  maxBytes: number = DEFAULT_MAX_BYTES,
): Promise<CliImport> {
  const options: ByteImporterOptions = { formats, estimateTokens, maxBytes, ...(mapping ? { mapping } : {}) };
  const results: CliImport['results'] = [];
  const skipped: string[] = [];
  const add = (file: string, result: ImportResult | null) => {
    if (result) results.push({ file, result });
  };
  if (path === '-') add('-', await importOne(await stdinBytes(io), '-', options));
  else {
    let isDir: boolean;
    try {
      isDir = (await stat(path)).isDirectory();
    } catch (error) {
      throw cannotRead(path, error);
    }
    const files = isDir ? await filesUnder(path) : [path];
    if (isDir && files.length === 0) throw new CliError(`--in "${path}" is a folder with no .jsonl / .json / .csv / .tsv / .parquet files`);
    for (const file of files) {
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await readFile(file));
      } catch (error) {
        throw cannotRead(file, error);
      }
      const name = isDir ? relative(path, file) : file;
      try {
        add(name, await importOne(bytes, name, options));
      } catch (error) {
        if (!isDir || !(error instanceof CliError)) throw error;
        skipped.push(`${error.message}; file skipped`);
      }
    }
    if (isDir && results.length === 0 && skipped.length > 0) throw new CliError(`no file under --in "${path}" could be read: ${skipped[0]}`);
  }
  const several = results.length + skipped.length > 1;
  return {
    results,
    problemLines: [
      ...skipped,
      ...results.flatMap(({ file, result }) => result.problems.map((p) => `${several ? `${file} ` : ''}${formatProblem(p)}`)),
    ],
    problemCount: skipped.length + results.reduce((n, { result }) => n + result.problemCount, 0),
  };
}
