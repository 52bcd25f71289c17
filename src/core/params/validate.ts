/**
 * Validation of anything a user supplied (a JSON config, a share link, CLI flags, a form) against
 * declared ParamSpecs. Never throws: each rejected key gives one problem naming the key, the bad
 * value and what is used instead.
 *
 *   validateParams(specs, { gamma: '2' }, { owner: 'gigpo' })
 *     // { params: {}, problems: ['gamma: expected a number in 0..1, got "2"; using 0.95'] }
 */
import type { ParamSpec, ParamValue } from './spec';
import { quoteValue } from '../io/escape';

/** "a number in 0..1", "one of a, b", "an integer in 1..64, or null (the env's default)". */
export function describeParam(spec: ParamSpec): string {
  const base = describeType(spec);
  return spec.nullable === undefined ? base : `${base}, or null (${spec.nullable})`;
}

function describeType(spec: ParamSpec): string {
  const lo = spec.min ?? '−∞';
  const hi = spec.max ?? '∞';
  switch (spec.type) {
    case 'boolean': return 'true or false';
    case 'choice': return `one of ${(spec.choices ?? []).join(', ')}`;
    case 'integer': return `an integer in ${lo}..${hi}`;
    default: return spec.exclusiveMin ? `a number > ${lo} and ≤ ${hi}` : `a number in ${lo}..${hi}`;
  }
}

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;
const NULL_WORDS = new Set(['null', 'any', 'default', '']);

export interface CheckOptions {
  /**
   * Values typed as text (links, flags, form boxes): numbers and booleans may come as strings and
   * `null`/`default`/`any`/empty mean null. Off for JSON, where a string seed is an error.
   */
  text?: boolean;
}

/** A typed value, or undefined if `value` is not valid for `spec`. */
export function checkParam(spec: ParamSpec, value: unknown, options: CheckOptions = { text: true }): ParamValue | null | undefined {
  const text = options.text !== false;
  if (spec.nullable !== undefined && (value === null || (text && typeof value === 'string' && NULL_WORDS.has(value.trim().toLowerCase())))) return null;
  if (spec.type === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (text && (value === 'true' || value === 'false')) return value === 'true';
    return undefined;
  }
  if (spec.type === 'choice') {
    return typeof value === 'string' && (spec.choices ?? []).includes(value) ? value : undefined;
  }
  const n = typeof value === 'number' ? value : text && typeof value === 'string' && NUMBER.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n)) return undefined;
  if (spec.type === 'integer' && !Number.isInteger(n)) return undefined;
  if (spec.min !== undefined && (spec.exclusiveMin ? n <= spec.min : n < spec.min)) return undefined;
  if (spec.max !== undefined && n > spec.max) return undefined;
  return n;
}

export { quoteValue };

export interface ValidateOptions extends CheckOptions {
  /** Names the owner in "not a parameter of <owner>" (e.g. `gigpo`, `reward loop-penalty`). */
  owner: string;
  /** Keys accepted besides the specs' (their own spec), e.g. a schedule's output key. */
  extra?: (key: string) => ParamSpec | undefined;
  /** Keys the caller handles itself: skipped without a word. */
  skip?: (key: string) => boolean;
}

/**
 * The valid overrides in `raw` (not the defaults) and one problem per rejected key. Keys that are
 * no declared parameter are named with the owner's parameter list.
 */
export function validateParams(specs: readonly ParamSpec[], raw: Readonly<Record<string, unknown>>, options: ValidateOptions):
  { params: Record<string, ParamValue | null>; problems: string[] } {
  const params: Record<string, ParamValue | null> = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (options.skip?.(key)) continue;
    const spec = specs.find((p) => p.key === key) ?? options.extra?.(key);
    if (!spec) {
      const known = specs.map((p) => p.key).join(', ') || 'none';
      problems.push(`${key}: not a parameter of ${options.owner} (its parameters: ${known}); ignored`);
      continue;
    }
    const ok = checkParam(spec, value, options);
    if (ok === undefined) problems.push(`${key}: expected ${describeParam(spec)}, got ${quoteValue(value)}; using ${quoteValue(spec.default)}`);
    else params[key] = ok;
  }
  return { params, problems };
}
