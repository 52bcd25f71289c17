/** Tiny argv parser for the CLI: `--key value`, `--flag`, `--key=value`, positionals. */
import { didYouMean, echo, UserError as CliError } from './errors';

export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string | true>;
}

/** The CLI's user-error type under its older name (see errors.ts). */
export { UserError as CliError } from './errors';

/** Refuses flags outside `known`, naming the first with a "did you mean", and stray positionals when none are taken. */
export function rejectUnknownFlags(args: ParsedArgs, known: Iterable<string>, positionals = true): void {
  const names = [...known];
  const unknown = Object.keys(args.flags).find((f) => !names.includes(f));
  if (unknown !== undefined) {
    throw new CliError(`unknown option ${echo(`--${unknown}`).slice(1, -1)}${didYouMean(unknown, names, '--')}; see --help`);
  }
  if (!positionals && args.positionals.length > 0) throw new CliError(`unexpected argument ${echo(args.positionals[0])}; see --help`);
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
  const n = v.trim() === '' ? NaN : Number(v); // `--seed=` is not 0
  if (!Number.isFinite(n)) throw new CliError(`--${name} must be a number, got ${echo(v)}`);
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
    throw new CliError(`unknown --${name} ${echo(v)}${didYouMean(v, choices)}; valid values: ${choices.join(', ')}`);
  }
  return v as T;
}

/** `--seed`: an integer in 0..4294967295 (the range `train` accepts), or the fallback. */
export function seedFlag(args: ParsedArgs, name = 'seed', fallback?: number): number | undefined {
  const seed = intFlag(args, name, fallback);
  if (seed !== undefined && (seed < 0 || seed > 0xffffffff)) throw new CliError(`--${name} must be an integer in 0..4294967295, got ${echo(args.flags[name])}`);
  return seed;
}
