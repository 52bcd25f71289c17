/**
 * Share links: the page URL's query holds the whole lab configuration (every shared RunConfig
 * field, the estimators, backend and slack), so a link rebuilds the same runs even if defaults
 * change later. Each chosen estimator's parameters travel as `<id>.<linkKey>` (only those set away
 * from the declared defaults), validated against the entry's schema. Parsing never throws: unknown keys are ignored, and each bad value is replaced by
 * its default with a message that names it (RunConfig fields go through `validateConfig`).
 */
import { DEFAULT_CONFIG, validateConfig, type RunConfig } from '../core/train/config';
import { ESTIMATOR_IDS, getEstimator, isEstimatorId } from '../core/advantage/registry';
import { validateEstimatorParams, type ParamSpec, type ParamValue } from '../core/advantage/params';
import { backendFromSearch } from './backend-request';
import { DEFAULT_ESTIMATORS, DEFAULT_SLACK, MAX_RUNS, type LabConfig } from './lab-config';

export const LINK_VERSION = '1';
/** RunConfig fields a link carries (all but the per-run ones). */
export const LINK_RUN_KEYS = (Object.keys(DEFAULT_CONFIG) as Array<keyof RunConfig>).filter(
  (k) => k !== 'estimator' && k !== 'estimatorParams',
);
const NULL_WORDS = new Set(['null', 'any', 'default', '']);
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** A query value as the JSON value validateConfig expects (numbers as numbers, "any" as null). */
function coerce(key: keyof RunConfig, raw: string): unknown {
  const fallback = DEFAULT_CONFIG[key];
  const nullable = key === 'taskType' || key === 'envSize' || key === 'maxTurns' || key === 'scheduleHorizon';
  if (nullable && NULL_WORDS.has(raw.trim().toLowerCase())) return null;
  const numeric = typeof fallback === 'number' || key === 'envSize' || key === 'maxTurns' || key === 'scheduleHorizon';
  if (numeric) return NUMBER.test(raw.trim()) ? Number(raw) : raw;
  return raw;
}

function parseEstimators(raw: string | null, problems: string[]): string[] {
  if (raw === null) return DEFAULT_ESTIMATORS.slice();
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter((s) => s !== ''))];
  const unknown = ids.filter((id) => !isEstimatorId(id));
  const known = ids.filter((id) => isEstimatorId(id)).slice(0, MAX_RUNS);
  if (unknown.length > 0) problems.push(`estimators: unknown ${unknown.map((u) => `"${u}"`).join(', ')} ignored (known: ${ESTIMATOR_IDS.join(', ')})`);
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
  problems.push(`slack: expected an integer in 0..50, got "${raw}"; using ${DEFAULT_SLACK}`);
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

/** `location.search` → a usable LabConfig and the list of replaced values. */
export function parseShareLink(search: string): ParsedLink {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const raw: Record<string, unknown> = {};
  for (const key of LINK_RUN_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = coerce(key, value);
  }
  const validated = validateConfig(raw);
  problems.push(...validated.problems);
  const estimators = parseEstimators(params.get('estimators'), problems);
  const slack = parseSlack(params.get('slack'), problems);
  const run: RunConfig = { ...validated.config, estimator: estimators[0], estimatorParams: {} };
  const { request } = backendFromSearch(search); // an unknown backend is reported by the status bar
  const estimatorParams = parseEstimatorParams(params, estimators, problems);
  const fromLink = Object.keys(raw).length > 0 || params.has('estimators') || params.has('slack') || Object.keys(estimatorParams ?? {}).length > 0;
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
  params.set('slack', String(config.slack));
  params.set('backend', config.backend);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return `?${params.toString()}`;
}

/** The full link for `config`, on the page's own origin and path (hash kept: it names the view). */
export function shareUrl(config: LabConfig, location: { origin: string; pathname: string; hash: string }): string {
  return `${location.origin}${location.pathname}${shareSearch(config)}${location.hash}`;
}

