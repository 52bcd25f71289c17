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
 *
 * Keys, values and their encoding all come from the declarations through the one link codec
 * (core/params/link.ts): a pair whose escape does not decode (`x=%ZZ`, a link cut inside a UTF-8
 * sequence) is named and left out. Older links' `alphaInit=` / `alphaFinal=` (α was a run setting)
 * are read as the chosen PlanPO estimators' own `<id>.alphaInit`, and the page says so; when both
 * are given and disagree, the estimator's own key wins and the conflict is named.
 */
import { quoteValue, validateConfig, type RunConfig } from '../core/train/config';
import { runParams } from '../core/train/run-params';
import { mapLegacyAlpha } from '../core/train/legacy-alpha';
import { ESTIMATOR_IDS, getEstimator, isEstimatorId } from '../core/advantage/registry';
import type { ParamSpec, ParamValue } from '../core/params/spec';
import { decodeQuery, readLinkParams, textValue, writeLinkParams } from '../core/params/link';
import { closest } from '../core/math/edit-distance';
import { parseRewardParams, REWARD_PARAM_PREFIX, writeRewardParams } from './reward-link';
import { BACKEND_REQUESTS } from '../../workers/backend-request';
import { backendFromSearch } from './backend-request';
import { CLASS_LINK_KEYS } from './class-link';
import { DEFAULT_ESTIMATORS, DEFAULT_SLACK, MAX_RUNS, type LabConfig } from '../state/lab-config';

export const LINK_VERSION = '1';
/** The run settings a link carries: every declared one with a link key (all but the per-run estimator; run-params.ts). */
const linkRunSpecs = (): ParamSpec[] => runParams().filter((p) => p.linkKey !== '');
/** RunConfig fields a link carries (all but the per-run ones). */
export const LINK_RUN_KEYS = linkRunSpecs().map((p) => p.linkKey) as Array<keyof RunConfig>;
/** The link's own keys besides the RunConfig fields. */
const LAB_KEYS = ['v', 'estimators', 'slack', 'backend'];
/** Keys older links carry (α was a run setting): read by legacy-alpha.ts, never written. */
const LEGACY_KEYS = ['alphaInit', 'alphaFinal'];
export const LINK_KEYS: readonly string[] = [...LINK_RUN_KEYS, ...LAB_KEYS];
/** The keys a link may carry now (a setting registered later included). */
const linkKeys = (): string[] => [...linkRunSpecs().map((p) => p.linkKey), ...LAB_KEYS];
/** Keys read by the class-link parser (class-link.ts), which names its own bad values: known here, not checked. */
const CLASS_KEYS: readonly string[] = CLASS_LINK_KEYS;
/** Keys other sites add to a link (campaign tags): ignored without a word. */
const FOREIGN_KEY = /^(utm_[a-z_]+|fbclid|gclid)$/i;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

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
function parseEstimatorParams(query: ReadonlyMap<string, string>, estimators: readonly string[], problems: string[]): Record<string, Record<string, ParamValue>> {
  const out: Record<string, Record<string, ParamValue>> = {};
  for (const id of estimators) {
    const checked = readLinkParams(query, `${id}.`, getEstimator(id).params, id);
    problems.push(...checked.problems);
    if (Object.keys(checked.params).length > 0) out[id] = checked.params as Record<string, ParamValue>;
  }
  return out;
}

/**
 * Older links' `alphaInit=` / `alphaFinal=` onto the chosen estimators that declare α (their own
 * `<id>.alphaInit` wins when both are given; the page names what was mapped and every conflict).
 */
function mapLinkAlpha(query: ReadonlyMap<string, string>, estimators: readonly string[], own: Record<string, Record<string, ParamValue>>, problems: string[]): Record<string, Record<string, ParamValue>> {
  const raw: Record<string, unknown> = {};
  for (const key of LEGACY_KEYS) {
    const text = query.get(key);
    if (text !== undefined) raw[key] = NUMBER.test(text.trim()) ? Number(text) : text;
  }
  if (Object.keys(raw).length === 0) return own;
  const mapped = mapLegacyAlpha(raw, estimators, own, (id, key) => `${id}.${key}`);
  problems.push(...mapped.notes);
  const out: Record<string, Record<string, ParamValue>> = {};
  for (const [id, params] of Object.entries(mapped.params)) if (Object.keys(params).length > 0) out[id] = params as Record<string, ParamValue>;
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

/**
 * The query's values, one per key, decoded defensively (a bad escape is named and its pair left
 * out): unknown keys and repeats named (the first value of a repeated key wins).
 */
function readQuery(search: string, problems: string[]): Map<string, string> {
  const decoded = decodeQuery(search);
  problems.push(...decoded.problems);
  const all = new Map<string, string[]>();
  for (const [key, value] of decoded.pairs) all.set(key, [...(all.get(key) ?? []), value]);
  const query = new Map<string, string>();
  for (const [key, values] of all) {
    if (CLASS_KEYS.includes(key)) continue;
    if (!linkKeys().includes(key) && !LEGACY_KEYS.includes(key) && estimatorOfParamKey(key) === null && !key.startsWith(REWARD_PARAM_PREFIX)) {
      const guess = closest(key, linkKeys());
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
  for (const spec of linkRunSpecs()) {
    const value = query.get(spec.linkKey);
    if (value !== undefined) raw[spec.key] = textValue(spec, value);
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
  const estimatorParams = mapLinkAlpha(query, estimators, parseEstimatorParams(query, estimators, problems), problems);
  const fromLink = Object.keys(raw).length > 0 || query.size > 0;
  const config: LabConfig = { run, estimators, backend: request, slack, ...(Object.keys(estimatorParams ?? {}).length > 0 ? { estimatorParams } : {}) };
  return { config, problems, fromLink };
}

/** The query string (with `?`) that rebuilds `config`; every field is written out. */
export function shareSearch(config: LabConfig, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  params.set('v', LINK_VERSION);
  writeLinkParams(params, '', linkRunSpecs(), config.run as unknown as Record<string, unknown>, true);
  params.set('estimators', config.estimators.join(','));
  for (const id of config.estimators) {
    if (isEstimatorId(id)) writeLinkParams(params, `${id}.`, getEstimator(id).params, config.estimatorParams?.[id] ?? {});
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

