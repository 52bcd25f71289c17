/**
 * CLI flags generated from ParamSpecs: each spec's `cliFlag` (and declared aliases) sets that
 * parameter, values are validated by the spec, and `--help` lines list the range and default.
 * Core stays free of the CLI: bad input comes back as problems that name the flag; the CLI turns
 * them into its usage error.
 */
import { checkParam, describeParam, quoteValue } from './validate';
import type { ParamSpec, ParamValue } from './spec';

export interface FlagTarget {
  flag: string;
  key: string;
  /** Set for value-less switches (`--no-std` → false). */
  value?: ParamValue;
  spec: ParamSpec;
}

/** A spec's flag plus its aliases. */
export function specFlags(spec: ParamSpec): FlagTarget[] {
  return [
    { flag: spec.cliFlag, key: spec.key, spec },
    ...(spec.cliAliases ?? []).map((a) => ({ flag: a.flag, key: spec.key, value: a.value, spec })),
  ];
}

/** Whether the arg parser must not take the next argument as the flag's value. */
export function isSwitch(t: FlagTarget): boolean {
  return t.value !== undefined || t.spec.type === 'boolean';
}

/**
 * The values the given `flags` set through `targets`, typed and validated. Flags that no target
 * names are not looked at (the caller rejects unknown flags).
 */
export function readFlags(flags: Readonly<Record<string, string | true>>, targets: readonly FlagTarget[]):
  { params: Record<string, ParamValue | null>; problems: string[] } {
  const params: Record<string, ParamValue | null> = {};
  const problems: string[] = [];
  for (const t of targets) {
    const given = flags[t.flag];
    if (given === undefined) continue;
    if (t.value !== undefined) {
      if (given !== true) problems.push(`--${t.flag} takes no value`);
      else params[t.key] = t.value;
      continue;
    }
    if (given === true && t.spec.type !== 'boolean') {
      problems.push(`--${t.flag} needs a value`);
      continue;
    }
    const value = given === true ? true : given;
    const ok = checkParam(t.spec, value, { text: true });
    if (ok === undefined) problems.push(`--${t.flag}: expected ${describeParam(t.spec)}, got ${quoteValue(value)}`);
    else params[t.key] = ok;
  }
  return { params, problems };
}

/** One `--help` line: `    --gamma X   γ (discount): … (a number in 0..1, default 0.95)`. */
export function flagHelpLine(t: FlagTarget, def: ParamValue | null = t.spec.default, indent = 4, width = 33): string {
  const arg = t.value !== undefined ? '' : t.spec.type === 'boolean' ? '[=true|false]' : t.spec.type === 'choice' ? ' C' : ' X';
  const what = t.value !== undefined ? `sets ${t.key} = ${String(t.value)}` : `${describeParam(t.spec)}, default ${def === null ? 'null' : String(def)}`;
  const head = `${' '.repeat(indent)}--${t.flag}${arg}`;
  return `${head.padEnd(width)} ${t.spec.label}: ${t.spec.help} (${what})`;
}
