/**
 * `train`'s run-setting flags and their `--help` lines, generated from the run's declarations
 * (core/train/run-params.ts): every RunConfig field has its flag (`--group-size`, `--tasks`,
 * `--task-type any`, …), typed and range-checked by its ParamSpec; the environment-specific checks
 * (size range, turn limit, task types) follow in `validateConfig`.
 */
import { CliError, type ParsedArgs } from './args';
import { flagHelpLine, readFlags, specFlags, type FlagTarget } from '../core/params/flags';
import type { ParamSpec } from '../core/params/spec';
import { runParams } from '../core/train/run-params';

/** Every run-setting flag target (of `specs`, by default the run's declarations). */
export function runFlagTargets(specs: readonly ParamSpec[] = runParams()): FlagTarget[] {
  return specs.flatMap(specFlags);
}

/** The RunConfig fields the flags set (only those given); a bad value is a CliError naming the flag. */
export function runFlagConfig(args: ParsedArgs, specs?: readonly ParamSpec[]): Record<string, unknown> {
  const { params, problems } = readFlags(args.flags, runFlagTargets(specs));
  if (problems.length > 0) throw new CliError(problems.join('; '));
  return params;
}

/** The generated usage section: one line per run setting, with its range and default. */
export function runFlagHelp(specs?: readonly ParamSpec[]): string {
  return ['Run settings (RunConfig fields; generated from core/train/run-params.ts):', ...runFlagTargets(specs).map((t) => flagHelpLine(t, t.spec.default, 2, 29))].join('\n');
}
