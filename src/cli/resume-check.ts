/**
 * `train --resume`: the run file's config is the run. A run setting given beside it (a flag or a
 * `--config` key) that differs from the stored one would be silently ignored, so it is refused,
 * naming the flag, both values and the way out. `--iterations` may extend the run, never cut
 * below the iterations already done. Values equal to the stored ones are accepted.
 */
import { CliError, type ParsedArgs } from './args';
import { echo } from './errors';
import { runFlagTargets } from './run-flags';
import type { Checkpoint, RunConfig } from '../core/train';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Where a config key came from: its flag when one was given, else the `--config` file. */
function source(args: ParsedArgs, key: string): string {
  const target = runFlagTargets().find((t) => t.key === key && args.flags[t.flag] !== undefined);
  return target ? `--${target.flag}` : `--config ${key}`;
}

/**
 * The first setting in `raw` (what the flags and --config gave, before validation; `given` is it
 * validated) that differs from the checkpoint's config, as a CliError; `iterations` is checked
 * against the iterations done.
 */
export function checkResumeConflicts(args: ParsedArgs, raw: Record<string, unknown>, given: RunConfig, checkpoint: Checkpoint, path: string): void {
  const stored = checkpoint.config;
  const hint = `the run file's config is the run's; drop the flag to continue it, or start a new run without --resume`;
  for (const key of Object.keys(raw) as Array<keyof RunConfig>) {
    if (key === 'iterations') continue;
    if (key === 'estimatorParams' || key === 'rewardParams') {
      const givenParams = (given[key] ?? {}) as Record<string, unknown>;
      const storedParams = (stored[key] ?? {}) as Record<string, unknown>;
      for (const param of Object.keys((raw[key] ?? {}) as object)) {
        if (!same(givenParams[param], storedParams[param])) {
          throw new CliError(`--resume ${echo(path)}: ${key}.${param} ${echo(givenParams[param])} conflicts with the run file's ${echo(storedParams[param] ?? null)}; ${hint}`);
        }
      }
      continue;
    }
    if (!same(given[key], stored[key])) {
      throw new CliError(`--resume ${echo(path)}: ${source(args, key)} ${echo(given[key])} conflicts with the run file's ${key} ${echo(stored[key])}; ${hint}`);
    }
  }
  const iterations = raw.iterations === undefined ? undefined : given.iterations;
  if (iterations !== undefined && iterations < checkpoint.iteration) {
    throw new CliError(`--resume ${echo(path)}: --iterations ${iterations} is fewer than the ${checkpoint.iteration} iterations the run file has already done; give ${checkpoint.iteration} or more`);
  }
}
