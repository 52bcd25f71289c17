/**
 * Share links: the page URL's query holds the whole lab configuration (every shared RunConfig
 * field, the estimators, backend and slack), so a link rebuilds the same runs even if defaults
 * change later. Parsing never throws, and everything it does not take as given is named on load
 * with what was used instead: an unknown key (with a "did you mean"), a key given twice (the first
 * wins), an unknown version, more than MAX_RUNS estimators, and each bad value (replaced by its
 * default; RunConfig fields, sizes included, go through `validateConfig`). Each chosen estimator's
 * parameters travel as `<id>.<linkKey>` (only those set away from the declared defaults), validated
 * against the entry's schema; a parameter of an estimator the link does not run is named too. The
 * run's reward travels as `reward=<id>` and its parameters as `reward.<linkKey>` (reward-link.ts).
 */
import { DEFAULT_CONFIG, quoteValue, validateConfig, type RunConfig } from '../core/train/config';
import { ESTIMATOR_IDS, getEstimator, isEstimatorId } from '../core/advantage/registry';
import { validateEstimatorParams, type ParamSpec, type ParamValue } from '../core/advantage/params';
import { closest } from '../core/math/edit-distance';
import { parseRewardParams, REWARD_PARAM_PREFIX, writeRewardParams } from './reward-link';
import { BACKEND_REQUESTS } from '../../workers/backend-request';
import { backendFromSearch } from './backend-request';
import { CLASS_LINK_KEYS } from './class-link';
import { DEFAULT_ESTIMATORS, DEFAULT_SLACK, MAX_RUNS, type LabConfig } from '../state/lab-config';

export const LINK_VERSION = '1';
/** RunConfig fields a link carries (all but the per-run ones). */
export const LINK_RUN_KEYS = (Object.keys(DEFAULT_CONFIG) as Array<keyof RunConfig>).filter(
  (k) => k !== 'estimator' && k !== 'estimatorParams' && k !== 'rewardParams',
);
/** The link's own keys besides the RunConfig fields. */
const LAB_KEYS = ['v', 'estimators', 'slack', 'backend'];
export const LINK_KEYS: readonly string[] = [...LINK_RUN_KEYS, ...LAB_KEYS];
/** Keys read by the class-link parser (class-link.ts), which names its own bad values: known here, not checked. */
const CLASS_KEYS: readonly string[] = CLASS_LINK_KEYS;
/** Keys other sites add to a link (campaign tags): ignored without a word. */
const FOREIGN_KEY = /^(utm_[a-z_]+|fbclid|gclid)$/i;
const NULL_WORDS = new Set(['null', 'any', 'default', '']);
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** A query value as the JSON value validateConfig expects (numbers as numbers, "any" as null). */
function coerce(key: keyof RunConfig, raw: string): unknown {
  const fallback = DEFAULT_CONFIG[key];
  // Fields whose default is null (sizes, turn cap, schedule horizon) are nullable numbers; taskType a nullable string.
  const nullable = key === 'taskType' || fallback === null;
  if (nullable && NULL_WORDS.has(raw.trim().toLowerCase())) return null;
  const numeric = typeof fallback === 'number' || fallback === null;
  if (numeric) return NUMBER.test(raw.trim()) && Number.isFinite(Number(raw)) ? Number(raw) : raw; // 1e999 is named as written
  return raw;
}

function parseEstimators(raw: string | null, problems: string[]): string[] {
  if (raw === null) return DEFAULT_ESTIMATORS.slice();
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter((s) => s !== ''))];
  const unknown = ids.filter((id) => !isEstimatorId(id));
  const valid = ids.filter((id) => isEstimatorId(id));
  const known = valid.slice(0, MAX_RUNS);
  if (unknown.length > 0) problems.push(`estimators: unknown ${unknown.slice(0, 8).map((u) => quoteValue(u)).join(', ')}${unknown.length > 8 ? ` and ${unknown.length - 8} more` : ''} ignored (known: ${ESTIMATOR_IDS.join(', ')})`);
  if (valid.length > MAX_RUNS && known.length >= 2) problems.push(`estimators: ${valid.length} given, at most ${MAX_RUNS} run side by side; using ${known.join(', ')}`);
  if (known.length < 2) {
    problems.push(`estimators: need two or more to compare, got ${known.length}; using ${DEFAULT_ESTIMATORS.join(', ')}`);
    return DEFAULT_ESTIMATORS.slice();
  }
  return known;
}

function parseSlack(raw: string | null, problems: string[]): number {
  if (raw === null) return DEFAULT_SLACK;
  const value = NUMBER.test(raw.trim()) ? Number(raw) : NaN;
  if (Number.isInteger(value) && value >= 0 && value <= 50) return value;
  problems.push(`slack: expected an integer in 0..50, got ${quoteValue(raw)}; using ${DEFAULT_SLACK}`);
  return DEFAULT_SLACK;
}

/** The query key of one estimator parameter: `<estimator id>.<linkKey>` (`gigpo.gamma=0.9`). */
export function paramLinkKey(estimator: string, spec: ParamSpec): string {
  return `${estimator}.${spec.linkKey}`;
}

/** Each chosen estimator's parameters from the link, validated against its declared schema. */
function parseEstimatorParams(params: URLSearchParams, estimators: readonly string[], problems: string[]): LabConfig['estimatorParams'] {
  const out: Record<string, Record<string, ParamValue>> = {};
  for (const id of estimators) {
    const specs = getEstimator(id).params;
    const raw: Record<string, unknown> = {};
    const linkKeys: Record<string, string> = {};
    for (const [key, value] of params) {
      if (!key.startsWith(`${id}.`)) continue;
      const spec = specs.find((p) => paramLinkKey(id, p) === key);
      if (!spec) problems.push(`${key}: not a parameter of ${id} (its parameters: ${specs.map((p) => p.linkKey).join(', ') || 'none'}); ignored`);
      else {
        raw[spec.key] = value;
        linkKeys[spec.key] = key;
      }
    }
    const checked = validateEstimatorParams(id, raw);
    problems.push(...checked.problems.map((p) => { const k = p.slice(0, p.indexOf(':')); return `${linkKeys[k] ?? k}${p.slice(k.length)}`; }));
    if (Object.keys(checked.params).length > 0) out[id] = checked.params;
  }
  return out;
}

export interface ParsedLink {
  config: LabConfig;
  /** One message per value that was replaced, naming it. */
  problems: string[];
  /** True when the query carried any configuration at all. */
  fromLink: boolean;
}

/** The estimator id of an `<id>.<linkKey>` parameter key, or null. */
function estimatorOfParamKey(key: string): string | null {
  const dot = key.indexOf('.');
  const id = dot > 0 ? key.slice(0, dot) : '';
  return isEstimatorId(id) ? id : null;
}

/** The query's values, one per key: unknown keys and repeats named (the first value of a repeated key wins). */
function readQuery(search: string, problems: string[]): Map<string, string> {
  const all = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(search)) all.set(key, [...(all.get(key) ?? []), value]);
  const query = new Map<string, string>();
  for (const [key, values] of all) {
    if (CLASS_KEYS.includes(key)) continue;
    if (!LINK_KEYS.includes(key) && estimatorOfParamKey(key) === null && !key.startsWith(REWARD_PARAM_PREFIX)) {
      const guess = closest(key, LINK_KEYS);
      if (!FOREIGN_KEY.test(key)) problems.push(`${quoteValue(key)}: not a link setting${guess === null ? '' : ` (did you mean ${guess}?)`}; ignored`);
      continue;
    }
    if (values.length > 1) {
      const shown = values.slice(0, 4).map((v) => quoteValue(v)).join(', ') + (values.length > 4 ? ', …' : '');
      problems.push(`${key}: given ${values.length} times (${shown}); using the first, ${quoteValue(values[0])}`);
    }
    query.set(key, values[0]);
  }
  return query;
}

/** `location.search` → a usable LabConfig and the list of replaced values. */
export function parseShareLink(search: string): ParsedLink {
  const problems: string[] = [];
  const query = readQuery(search, problems);
  const version = query.get('v');
  if (version !== undefined && version !== LINK_VERSION) {
    problems.push(`v: unknown link version ${quoteValue(version)}; read as version ${LINK_VERSION}`);
  }
  const raw: Record<string, unknown> = {};
  for (const key of LINK_RUN_KEYS) {
    const value = query.get(key);
    if (value !== undefined) raw[key] = coerce(key, value);
  }
  const validated = validateConfig(raw);
  problems.push(...validated.problems);
  const estimators = parseEstimators(query.get('estimators') ?? null, problems);
  const slack = parseSlack(query.get('slack') ?? null, problems);
  const run: RunConfig = { ...validated.config, estimator: estimators[0], estimatorParams: {} };
  run.rewardParams = parseRewardParams(query, run.reward, problems);
  const backendValue = query.get('backend');
  const { request, invalid } = backendFromSearch(backendValue === undefined ? '' : `?backend=${encodeURIComponent(backendValue)}`);
  if (invalid !== null) problems.push(`backend: unknown ${quoteValue(invalid)} (valid: ${BACKEND_REQUESTS.join(', ')}); using ${request}`);
  for (const key of query.keys()) {
    const id = estimatorOfParamKey(key);
    if (id !== null && !estimators.includes(id)) problems.push(`${quoteValue(key)}: ${id} is not one of this link's estimators (${estimators.join(', ')}); ignored`);
  }
  const estimatorParams = parseEstimatorParams(new URLSearchParams([...query]), estimators, problems);
  const fromLink = Object.keys(raw).length > 0 || query.size > 0;
  const config: LabConfig = { run, estimators, backend: request, slack, ...(Object.keys(estimatorParams ?? {}).length > 0 ? { estimatorParams } : {}) };
  return { config, problems, fromLink };
}

/** The query string (with `?`) that rebuilds `config`; every field is written out. */
export function shareSearch(config: LabConfig, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  params.set('v', LINK_VERSION);
  for (const key of LINK_RUN_KEYS) {
    const value = config.run[key];
    params.set(key, value === null ? (key === 'taskType' ? 'any' : 'default') : String(value));
  }
  params.set('estimators', config.estimators.join(','));
  for (const id of config.estimators) {
    const own = config.estimatorParams?.[id] ?? {};
    for (const spec of isEstimatorId(id) ? getEstimator(id).params : []) {
      if (Object.prototype.hasOwnProperty.call(own, spec.key)) params.set(paramLinkKey(id, spec), String(own[spec.key]));
    }
  }
  writeRewardParams(params, config.run);
  params.set('slack', String(config.slack));
  params.set('backend', config.backend);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return `?${params.toString()}`;
}

/** The full link for `config`, on the page's own origin and path (hash kept: it names the view). */
export function shareUrl(config: LabConfig, location: { origin: string; pathname: string; hash: string }): string {
  return `${location.origin}${location.pathname}${shareSearch(config)}${location.hash}`;
}

