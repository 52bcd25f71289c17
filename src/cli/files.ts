/**
 * A RunConfig JSON file the CLI reads (`--config`), refused with one plain line naming the flag,
 * the path and the problem: missing, a directory, empty, binary, not JSON, not an object, or
 * unknown keys (with a "did you mean"). Checkpoints and run files: run-file-io.ts.
 */
import { DEFAULT_CONFIG } from '../core/train';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { didYouMean, echo, readJsonObject, UserError } from './errors';

const CONFIG_KEYS = Object.keys(DEFAULT_CONFIG);

/** Unknown keys of a RunConfig-shaped object, each named with the closest real key. */
export function unknownConfigKeys(raw: Record<string, unknown>): string[] {
  return Object.keys(raw)
    .filter((key) => !CONFIG_KEYS.includes(key))
    .map((key) => `unknown config key ${echo(key)}${didYouMean(key, CONFIG_KEYS)}`);
}

/** `--config FILE`: a JSON object whose keys are all RunConfig fields (values are checked later). */
export async function readConfigFile(path: string, flag = '--config'): Promise<Record<string, unknown>> {
  const raw = await readJsonObject(path, `${flag} file`);
  const unknown = unknownConfigKeys(raw);
  if (unknown.length > 0) throw new UserError(`${flag} ${echo(path)}: ${unknown.join('; ')}`);
  return raw;
}

/**
 * Refuses an output path that is the input (the same path, or a link to the same file): writing
 * it would overwrite what is being read. `-` (stdin / stdout) never clashes.
 */
export async function refuseSameFile(output: string, input: string, outFlag = '--out', inFlag = '--in'): Promise<void> {
  if (output === '-' || input === '-') return;
  const same = resolve(output) === resolve(input) || await Promise.all([stat(output), stat(input)])
    .then(([a, b]) => a.dev === b.dev && a.ino === b.ino)
    .catch(() => false);
  if (same) throw new UserError(`${outFlag} ${echo(output)} is the ${inFlag} file; writing it would overwrite the input. Choose another output file`);
}
