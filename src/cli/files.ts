/**
 * A RunConfig JSON file the CLI reads (`--config`), refused with one plain line naming the flag,
 * the path and the problem: missing, a directory, empty, binary, not JSON, not an object, or
 * unknown keys (with a "did you mean"). Checkpoints and run files: run-file-io.ts.
 */
import { DEFAULT_CONFIG } from '../core/train';
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
