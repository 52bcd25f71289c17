/**
 * CLI flags of estimator parameters, generated from the registry's declarations: each entry's
 * `params[].cliFlag` (and declared aliases) sets that parameter, the declared schedule keys
 * (`--alpha`) fix the scheduled value, and `--help` lists them all with ranges and defaults.
 */
import { CliError, type ParsedArgs } from './args';
import { ESTIMATOR_IDS, getEstimator } from '../core/advantage/registry';
import { describeParam, paramDefaults, validateEstimatorParams } from '../core/advantage/params';
import { kebab, type ParamSpec, type ParamValue } from '../core/advantage/spec';

interface FlagTarget {
  flag: string;
  key: string;
  /** Set for value-less switches (`--no-std` → false). */
  value?: ParamValue;
  spec: ParamSpec;
}

/** Every flag estimator `id` takes. */
export function flagTargets(id: string): FlagTarget[] {
  const entry = getEstimator(id);
  const out: FlagTarget[] = [];
  for (const spec of entry.params) {
    out.push({ flag: spec.cliFlag, key: spec.key, spec });
    for (const alias of spec.cliAliases ?? []) out.push({ flag: alias.flag, key: spec.key, value: alias.value, spec });
  }
  for (const s of entry.schedules) {
    const init = entry.params.find((p) => p.key === s.initKey);
    if (init) out.push({ flag: kebab(s.key), key: s.key, spec: { ...init, key: s.key, label: s.label, help: `fix ${s.label} instead of scheduling it` } });
  }
  return out;
}

/** All estimator-parameter flags of the registry (for a command's known-flag list). */
export function allEstimatorFlags(): string[] {
  return [...new Set(ESTIMATOR_IDS.flatMap((id) => flagTargets(id).map((t) => t.flag)))];
}

/** Value-less switches among them (the arg parser must not eat the next argument). */
export function switchFlags(): string[] {
  return [...new Set(ESTIMATOR_IDS.flatMap((id) => flagTargets(id).filter((t) => t.value !== undefined || t.spec.type === 'boolean').map((t) => t.flag)))];
}

/**
 * The params the flags set for estimator `id`, validated against its schema. A flag of another
 * estimator, or a bad value, is a CliError that names the flag, the value and the valid range.
 */
export function estimatorFlagParams(args: ParsedArgs, id: string): Record<string, ParamValue> {
  const targets = flagTargets(id);
  const raw: Record<string, unknown> = {};
  const flags: Record<string, string> = {};
  for (const flag of allEstimatorFlags()) {
    const given = args.flags[flag];
    if (given === undefined) continue;
    const target = targets.find((t) => t.flag === flag);
    if (!target) {
      const own = getEstimator(id).params.map((p) => p.key);
      throw new CliError(`--${flag} does not apply to estimator ${id} (its parameters: ${own.join(', ') || 'none'})`);
    }
    if (target.value !== undefined && given !== true) throw new CliError(`--${flag} takes no value`);
    if (given === true && target.value === undefined && target.spec.type !== 'boolean') throw new CliError(`--${flag} needs a value`);
    raw[target.key] = target.value ?? (given === true ? true : given);
    flags[target.key] = flag;
  }
  const { params, problems } = validateEstimatorParams(id, raw);
  if (problems.length > 0) {
    throw new CliError(problems.map((p) => { const key = p.slice(0, p.indexOf(':')); return `--${flags[key] ?? key}${p.slice(key.length)}`; }).join('; '));
  }
  return params;
}

function flagLine(t: FlagTarget, def: ParamValue | undefined): string {
  const arg = t.value !== undefined ? '' : t.spec.type === 'boolean' ? '[=true|false]' : t.spec.type === 'choice' ? ' C' : ' X';
  const what = t.value !== undefined ? `sets ${t.key} = ${String(t.value)}` : `${describeParam(t.spec)}, default ${String(def)}`;
  const head = `    --${t.flag}${arg}`;
  return `${head.padEnd(33)} ${t.spec.label}: ${t.spec.help} (${what})`;
}

/** The generated `--help` section: every estimator and its flags. */
export function estimatorFlagHelp(): string {
  const lines = ['Estimator parameters (apply to the chosen --estimator; generated from the registry):'];
  for (const id of ESTIMATOR_IDS) {
    const defaults = paramDefaults(getEstimator(id));
    const targets = flagTargets(id);
    lines.push(`  ${id}${targets.length === 0 ? ': no parameters' : ''}`);
    for (const t of targets) lines.push(flagLine(t, defaults[t.key]));
  }
  return lines.join('\n');
}
