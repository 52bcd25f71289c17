/** Tiny argv parser for the CLI: `--key value`, `--flag`, `--key=value`, positionals. */

export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string | true>;
}

export class CliError extends Error {
  /** An error meant for the user: printed as one line, no stack trace, non-zero exit. */
  constructor(message: string, readonly exitCode = 2) {
    super(message);
  }
}

export function parseArgs(argv: string[], booleanFlags: readonly string[] = []): ParsedArgs {
  const positionals: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const body = arg.slice(2);
    const eq = body.indexOf('=');
    if (eq >= 0) {
      flags[body.slice(0, eq)] = body.slice(eq + 1);
    } else if (booleanFlags.includes(body) || i + 1 >= argv.length || argv[i + 1].startsWith('--')) {
      flags[body] = true;
    } else {
      flags[body] = argv[++i];
    }
  }
  return { positionals, flags };
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags[name];
  if (v === undefined) return undefined;
  if (v === true) throw new CliError(`--${name} needs a value`);
  return v;
}

export function numberFlag(args: ParsedArgs, name: string, fallback?: number): number | undefined {
  const v = stringFlag(args, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new CliError(`--${name} must be a number, got "${v}"`);
  return n;
}

export function intFlag(args: ParsedArgs, name: string, fallback?: number): number | undefined {
  const n = numberFlag(args, name, fallback);
  if (n !== undefined && !Number.isInteger(n)) throw new CliError(`--${name} must be an integer, got ${n}`);
  return n;
}

export function choiceFlag<T extends string>(args: ParsedArgs, name: string, choices: readonly T[], fallback?: T): T | undefined {
  const v = stringFlag(args, name);
  if (v === undefined) return fallback;
  if (!(choices as readonly string[]).includes(v)) {
    throw new CliError(`unknown --${name} "${v}"; valid values: ${choices.join(', ')}`);
  }
  return v as T;
}
