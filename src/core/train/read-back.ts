/**
 * Reading back what was saved (run files, checkpoints, saved labs, recorded runs): one way to turn
 * a schema failure or a config problem into one line that names the place, the rule and the value,
 * e.g. `run file run.json: config.hidden: expected an integer in 4..1024, got "x"`.
 *
 * Configs go through `validateConfig`, the same validation as a new run, but strictly: a value it
 * would replace by its default is an error here, because weights and curves were made with the
 * stored value. A field the file does not have takes its default (that is how a file written
 * before a RunConfig field existed still opens).
 */
import { escapeControl } from '../io/escape';
import type { z } from '../io/zod';
import { quoteValue, validateConfig, type RunConfig } from './config';

/**
 * The error every reader throws for data it cannot use; `message` is one line. Text taken from a
 * damaged file (an entry name with a flipped byte, say) can hold a line break or another control
 * character, so the constructor escapes each (core/io/escape.ts): the message stays one line whatever
 * the file held.
 */
export class ReadBackError extends Error {
  override name = 'ReadBackError';

  constructor(message: string, options?: ErrorOptions) {
    super(escapeControl(message), options);
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/**
 * "where: prefix.path: message, got value" for the first issue of a failed zod parse (`prefix`:
 * where `input` sits in the file, e.g. "checkpoint.").
 */
export function schemaProblem(error: z.ZodError, input: unknown, where: string, prefix = ''): string {
  const issue = error.issues[0];
  const path = prefix + issue.path.map(String).join('.');
  const value = valueAt(input, issue.path);
  const got = value === undefined ? 'it is missing' : `got ${quoteValue(value)}`;
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return `${where}: ${path ? `${path.replace(/\.$/, '')}: ` : ''}${issue.message}, ${got}${more}`;
}

/** `schema.parse(input)`, or a ReadBackError naming the first problem. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, where: string, prefix = ''): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ReadBackError(schemaProblem(parsed.error, input, where, prefix));
  return parsed.data;
}

/** A problem of validateConfig without the default it would fall back to (for callers that refuse). */
export function withoutFallback(problem: string): string {
  return problem.replace(/; using .*$/s, '');
}

/**
 * A stored config through validateConfig; any problem is a ReadBackError, e.g.
 * `run file run.json: config.hidden: expected an integer in 4..1024, got "x"` (`field`: its path).
 */
export function storedConfig(raw: unknown, where: string, field = 'config'): RunConfig {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ReadBackError(`${where}: ${field}: expected a run configuration object, got ${raw === undefined ? 'nothing' : quoteValue(raw)}`);
  }
  const { config, problems } = validateConfig(raw);
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    throw new ReadBackError(`${where}: ${field}.${withoutFallback(problems[0])}${more}`);
  }
  return config;
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
