/**
 * The files the CLI reads as input (a RunConfig JSON, a checkpoint), each refused with one plain
 * line naming the flag, the path and the problem: missing, a directory, empty, binary, not JSON,
 * not an object, unknown keys (with a "did you mean"), or not a checkpoint.
 */
import { checkpointFromJson, DEFAULT_CONFIG, validateConfig, type Checkpoint } from '../core/train';
import { didYouMean, echo, plainLine, readJsonObject, UserError } from './errors';

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

/** `--resume FILE` / `--checkpoint FILE` (eval): a Rollout Lab checkpoint with a valid config. */
export async function readCheckpointFile(path: string, flag: string): Promise<Checkpoint> {
  const raw = await readJsonObject(path, `${flag} file`);
  let checkpoint: Checkpoint;
  try {
    checkpoint = checkpointFromJson(raw);
  } catch (error) {
    throw new UserError(`${flag} ${echo(path)}: ${plainLine(error instanceof Error ? error.message : String(error), 200)}`);
  }
  const { problems } = validateConfig(checkpoint.config);
  if (problems.length > 0 || !Number.isInteger(checkpoint.iteration) || checkpoint.iteration < 0) {
    const why = problems.length > 0 ? problems.join('; ') : `iteration ${echo(checkpoint.iteration)} is not a count`;
    throw new UserError(`${flag} ${echo(path)}: the checkpoint is damaged: ${why}`);
  }
  return checkpoint;
}
