/**
 * CLI flags of estimator parameters, generated from the registry's declarations through
 * core/params/flags.ts: each entry's `params[].cliFlag` (and declared aliases) sets that
 * parameter, the declared schedule keys (`--alpha`) fix the scheduled value, and `--help` lists
 * them all with ranges and defaults.
 */
import { CliError, type ParsedArgs } from './args';
import { ESTIMATOR_IDS, getEstimator } from '../core/advantage/registry';
import { paramDefaults, scheduleAsParam, validateEstimatorParams } from '../core/advantage/params';
import { flagHelpLine, isSwitch, readFlags, specFlags, type FlagTarget } from '../core/params/flags';
import { kebab, type ParamValue } from '../core/params/spec';

/** Every flag estimator `id` takes. */
export function flagTargets(id: string): FlagTarget[] {
  const entry = getEstimator(id);
  const out = entry.params.flatMap(specFlags);
  for (const s of entry.schedules) {
    const spec = scheduleAsParam(entry.schedules, entry.params, s.key);
    if (spec) out.push({ flag: kebab(s.key), key: s.key, spec: { ...spec, help: `fix ${s.label} instead of scheduling it` } });
  }
  return out;
}

/** All estimator-parameter flags of the registry (for a command's known-flag list). */
export function allEstimatorFlags(): string[] {
  return [...new Set(ESTIMATOR_IDS.flatMap((id) => flagTargets(id).map((t) => t.flag)))];
}

/** Value-less switches among them (the arg parser must not eat the next argument). */
export function switchFlags(): string[] {
  return [...new Set(ESTIMATOR_IDS.flatMap((id) => flagTargets(id).filter(isSwitch).map((t) => t.flag)))];
}

/**
 * The params the flags set for estimator `id`, validated against its schema. A flag of another
 * estimator, or a bad value, is a CliError that names the flag, the value and the valid range.
 */
export function estimatorFlagParams(args: ParsedArgs, id: string): Record<string, ParamValue> {
  const targets = flagTargets(id);
  const foreign = allEstimatorFlags().find((flag) => args.flags[flag] !== undefined && !targets.some((t) => t.flag === flag));
  if (foreign !== undefined) {
    const own = getEstimator(id).params.map((p) => p.key);
    throw new CliError(`--${foreign} does not apply to estimator ${id} (its parameters: ${own.join(', ') || 'none'})`);
  }
  const { params, problems } = readFlags(args.flags, targets);
  if (problems.length > 0) throw new CliError(problems.join('; '));
  const checked = validateEstimatorParams(id, params);
  if (checked.problems.length > 0) throw new CliError(checked.problems.join('; '));
  return checked.params;
}

/** The generated `--help` section: every estimator and its flags. */
export function estimatorFlagHelp(): string {
  const lines = ['Estimator parameters (apply to the chosen --estimator; generated from the registry):'];
  for (const id of ESTIMATOR_IDS) {
    const defaults = paramDefaults(getEstimator(id));
    const targets = flagTargets(id);
    lines.push(`  ${id}${targets.length === 0 ? ': no parameters' : ''}`);
    for (const t of targets) lines.push(flagHelpLine(t, defaults[t.key]));
  }
  return lines.join('\n');
}
