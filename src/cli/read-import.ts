/**
 * The CLI's way in to the importer: a file (any supported format, gzipped or not), `-` for stdin,
 * or a folder (a verl-agent `rollout_data_dir` of `{step}.jsonl`, an AgentGym-RL `rollout_log_dir`
 * of `step{N}/{rank}.json`), read file by file in natural order and concatenated.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { CliError } from './args';
import type { CliIo } from './command';
import { formatProblem, importBytes, ImportFormatError, type ImporterOptions, type ImportFormatId, type ImportResult } from '../core/io';

export interface CliImport {
  results: Array<{ file: string; result: ImportResult }>;
  /** Every problem as one line (`FILE line N: reason` for folders), first 100 per file. */
  problemLines: string[];
  problemCount: number;
}

const natural = new Intl.Collator('en', { numeric: true });

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (/\.(jsonl|json)(\.gz)?$/.test(entry.name)) out.push(path);
  }
  return out.sort((a, b) => natural.compare(a, b));
}

function cannotRead(path: string, error: unknown): CliError {
  const code = (error as { code?: string }).code;
  const why = code === 'ENOENT' ? 'no such file' : (code ?? 'unreadable');
  return new CliError(`cannot read --in "${path}": ${why}`);
}

async function stdinBytes(io: CliIo): Promise<Uint8Array> {
  if (io.isTty) throw new CliError('--in - reads stdin, but stdin is a terminal; pipe a file in or pass --in FILE');
  return new TextEncoder().encode(await io.readStdin());
}

/** The file's import, or null when it is empty. */
function importOne(bytes: Uint8Array, fileName: string, options: ImporterOptions): ImportResult | null {
  try {
    return importBytes(bytes, { ...options, fileName });
  } catch (error) {
    if (error instanceof ImportFormatError && error.empty) return null;
    if (error instanceof ImportFormatError) throw new CliError(`${fileName === '-' ? 'stdin' : fileName}: ${error.message}`);
    throw error;
  }
}

export async function readImport(path: string, io: CliIo, formats?: readonly ImportFormatId[], estimateTokens: ImporterOptions['estimateTokens'] = true): Promise<CliImport> {
  const options: ImporterOptions = { formats, estimateTokens };
  const results: CliImport['results'] = [];
  const skipped: string[] = [];
  const add = (file: string, result: ImportResult | null) => {
    if (result) results.push({ file, result });
  };
  if (path === '-') add('-', importOne(await stdinBytes(io), '-', options));
  else {
    let isDir: boolean;
    try {
      isDir = (await stat(path)).isDirectory();
    } catch (error) {
      throw cannotRead(path, error);
    }
    const files = isDir ? await filesUnder(path) : [path];
    if (isDir && files.length === 0) throw new CliError(`--in "${path}" is a folder with no .jsonl / .json files`);
    for (const file of files) {
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await readFile(file));
      } catch (error) {
        throw cannotRead(file, error);
      }
      const name = isDir ? relative(path, file) : file;
      try {
        add(name, importOne(bytes, name, options));
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
