/**
 * The CLI's one error path. A `UserError` is a mistake in what the user gave (a flag, a value, a
 * file): main prints it as one plain line and exits 2. Anything else is a bug ("internal error",
 * exit 1). Everything echoed back from the user's input goes through `echo`, which escapes
 * control characters and cuts long values to a readable length with the total size given.
 */
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { escapeAndCut, escapeControl, QUOTE_LIMIT, quoteValue } from '../core/io/escape';

export { closest, didYouMean, editDistance } from '../core/math/edit-distance';
export { escapeControl };

export class UserError extends Error {
  /** An error meant for the user: printed as one line, no stack trace, non-zero exit. */
  constructor(message: string, readonly exitCode = 2) {
    super(message);
    this.name = 'UserError';
  }
}

/** Longest echoed value, in characters, before it is cut. */
export const ECHO_LIMIT = QUOTE_LIMIT;

/** A user-supplied value quoted for a message: control characters escaped, long ones cut with the size. */
export const echo = (value: unknown, limit = ECHO_LIMIT): string => quoteValue(value, limit);

/** A message made safe for one terminal line: control characters escaped, very long text cut. */
export function plainLine(message: string, limit = 2000): string {
  return escapeAndCut(message, limit);
}

function fsReason(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  return code ?? (error instanceof Error ? error.message : String(error));
}

/** A file's bytes, or a UserError naming what it is for, the path and why (missing, a directory, ...). */
export async function readBytesFile(path: string, what: string): Promise<Uint8Array> {
  try {
    if ((await stat(path)).isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    return new Uint8Array(await readFile(path));
  } catch (error) {
    throw new UserError(`cannot read ${what} ${echo(path)}: ${fsReason(error)}`);
  }
}

/** A text file's contents, or a UserError naming the flag, the path and why. */
export async function readTextFile(path: string, what: string): Promise<string> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UserError(`cannot read ${what} ${echo(path)}: ${fsReason(error)}`);
  }
}

/** A JSON file parsed, or a UserError: unreadable, empty, binary, or not JSON (with the parser's reason). */
export async function readJsonFile(path: string, what: string): Promise<unknown> {
  const text = await readTextFile(path, what);
  if (text.trim() === '') throw new UserError(`${what} ${echo(path)} is empty; expected JSON`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001a]/.test(text) || text.includes('\ufffd')) {
    throw new UserError(`${what} ${echo(path)} is not text (binary data); expected JSON`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UserError(`${what} ${echo(path)} is not valid JSON: ${plainLine(error instanceof Error ? error.message : String(error), 200)}`);
  }
}

/** A JSON file that must hold an object (a config, a checkpoint): `5`, `null`, `[]` are named. */
export async function readJsonObject(path: string, what: string): Promise<Record<string, unknown>> {
  const value = await readJsonFile(path, what);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value} (${echo(value)})`;
    throw new UserError(`${what} ${echo(path)} holds ${kind}; expected a JSON object`);
  }
  return value as Record<string, unknown>;
}

/**
 * An output file the command will write later: refused now (before any work) when the path is a
 * directory or its folder does not exist. `folder` true means the path is a directory to create.
 */
export async function checkOutputPath(path: string, flag: string, folder = false): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (info !== null) {
    if (folder && !info.isDirectory()) throw new UserError(`${flag} ${echo(path)} is a file; expected a directory`);
    if (!folder && info.isDirectory()) throw new UserError(`${flag} ${echo(path)} is a directory; give a file name`);
    return;
  }
  if (folder) return; // created with mkdir -p
  const parent = dirname(resolve(path));
  const parentInfo = await stat(parent).catch(() => null);
  if (parentInfo === null) throw new UserError(`${flag} ${echo(path)}: folder ${echo(parent)} does not exist`);
  if (!parentInfo.isDirectory()) throw new UserError(`${flag} ${echo(path)}: ${echo(parent)} is not a directory`);
}

/**
 * An output file the command will write later, opened for writing now (before any work) so that a
 * path the system refuses (`/proc/x`, a read-only folder, no permission) is named up front. An
 * existing file is opened without truncating it; a file this check creates is removed again.
 */
export async function checkWritable(path: string, flag: string): Promise<void> {
  const existed = (await stat(path).catch(() => null)) !== null;
  try {
    const handle = await open(path, 'a');
    await handle.close();
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason = code === 'ENOENT' ? 'its folder does not accept new files' : fsReason(error);
    throw new UserError(`${flag} ${echo(path)} cannot be written: ${reason}`);
  }
  if (!existed) await unlink(path).catch(() => undefined);
}
