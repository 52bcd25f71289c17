/**
 * The link codec: a URL's query as key/value pairs, and declared parameters to and from those
 * pairs. Decoding never throws: `?x=%ZZ` or a link cut inside a UTF-8 sequence (`%E0%A4%A`, as
 * chat apps and mail clients produce) is named ("`x`: not a valid URL escape, ignored") and the
 * pair is left out. `+` reads as a space (application/x-www-form-urlencoded); a hash part
 * (`#lab`) is not part of the query.
 *
 *   decodeQuery('?seed=2&x=%ZZ#lab')  // { pairs: [['seed', '2']], problems: ['"x": not a valid URL escape, ignored'] }
 */
import { checkParam, describeParam, quoteValue } from './validate';
import type { ParamSpec, ParamValue } from './spec';

/** `decodeURIComponent` that answers null instead of throwing (and reads `+` as a space). */
export function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The query part of `search` (a `location.search`, or anything with `?…#…`): without `?` and hash. */
function queryPart(search: string): string {
  const hash = search.indexOf('#');
  const body = hash >= 0 ? search.slice(0, hash) : search;
  const q = body.indexOf('?');
  return q >= 0 ? body.slice(q + 1) : body;
}

export interface DecodedQuery {
  /** The pairs in link order (a key may repeat). */
  pairs: Array<[string, string]>;
  /** One message per pair left out, naming its key. */
  problems: string[];
}

/** Every key/value pair of the query, each decoded defensively. */
export function decodeQuery(search: string): DecodedQuery {
  const pairs: Array<[string, string]> = [];
  const problems: string[] = [];
  for (const part of queryPart(search).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq >= 0 ? part.slice(0, eq) : part;
    const key = safeDecode(rawKey);
    const value = safeDecode(eq >= 0 ? part.slice(eq + 1) : '');
    if (key === null || value === null) {
      problems.push(`${quoteValue(key ?? rawKey)}: not a valid URL escape, ignored`);
      continue;
    }
    pairs.push([key, value]);
  }
  return { pairs, problems };
}

/**
 * `search` with every pair that does not decode re-escaped (`%ZZ` → `%25ZZ`), so that libraries
 * which decode the page's query themselves (tfjs-core reads `?tfjsflags` with
 * `decodeURIComponent` on every key at import) see only valid escapes. Pairs that decode are
 * kept byte for byte; the hash is kept.
 */
export function safeSearch(search: string): string {
  const hash = search.indexOf('#');
  const body = hash >= 0 ? search.slice(0, hash) : search;
  const tail = hash >= 0 ? search.slice(hash) : '';
  const fixed = body.replace(/[^?&]+/g, (part) => {
    const eq = part.indexOf('=');
    const ok = safeDecode(eq >= 0 ? part.slice(0, eq) : part) !== null && safeDecode(eq >= 0 ? part.slice(eq + 1) : '') !== null;
    return ok ? part : part.replace(/%/g, '%25');
  });
  return fixed + tail;
}

/**
 * Values of declared parameters in `query` under `prefix` (`gigpo.`, `reward.`, or '' for the
 * run's fields), typed and validated by their specs. A key under the prefix that names no
 * parameter is named (when `prefix` is not empty) and ignored; a bad value is named with the
 * value used instead.
 */
export function readLinkParams(
  query: ReadonlyMap<string, string>, prefix: string, specs: readonly ParamSpec[], owner: string,
): { params: Record<string, ParamValue | null>; problems: string[] } {
  const params: Record<string, ParamValue | null> = {};
  const problems: string[] = [];
  for (const [key, value] of query) {
    if (!key.startsWith(prefix)) continue;
    const spec = specs.find((p) => `${prefix}${p.linkKey}` === key);
    if (!spec) {
      if (prefix !== '') problems.push(`${key}: not a parameter of ${owner} (its parameters: ${specs.map((p) => p.linkKey).join(', ') || 'none'}); ignored`);
      continue;
    }
    const ok = checkParam(spec, value, { text: true });
    if (ok === undefined) problems.push(`${key}: expected ${describeParam(spec)}, got ${quoteValue(value)}; using ${quoteValue(spec.default)}`);
    else params[spec.key] = ok;
  }
  return { params, problems };
}

/** A value as a link writes it: null as the spec's `nullWord` (`default`). */
export function linkText(spec: ParamSpec, value: ParamValue | null): string {
  return value === null ? (spec.nullWord ?? 'default') : String(value);
}

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;
const NULL_WORDS = new Set(['null', 'any', 'default', '']);

/**
 * A link's or flag's text as the JSON value a config holds: numbers as numbers, `any`/`default`/
 * `null`/empty as null for a nullable parameter, `true`/`false` as booleans. Text that is none of
 * these stays text, so validation names it as written (`1e999`, `abc`).
 */
export function textValue(spec: ParamSpec, text: string): unknown {
  if (spec.nullable !== undefined && NULL_WORDS.has(text.trim().toLowerCase())) return null;
  if (spec.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (spec.type === 'number' || spec.type === 'integer') return NUMBER.test(text) && Number.isFinite(Number(text)) ? Number(text) : text;
  return text;
}

/** Sets `<prefix><linkKey>` for each spec whose key `values` has (`all`: every spec, defaults filled in). */
export function writeLinkParams(
  out: { set(key: string, value: string): void }, prefix: string, specs: readonly ParamSpec[], values: Readonly<Record<string, unknown>>, all = false,
): void {
  for (const spec of specs) {
    const has = Object.prototype.hasOwnProperty.call(values, spec.key);
    if (!has && !all) continue;
    out.set(`${prefix}${spec.linkKey}`, linkText(spec, (has ? values[spec.key] : spec.default) as ParamValue | null));
  }
}
