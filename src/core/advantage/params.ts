/**
 * Estimator parameters from their declarations (spec.ts): defaults, validation of anything a user
 * typed (a JSON config, a share link, CLI flags) and the per-iteration assembly with schedules.
 *
 *   paramDefaults(getEstimator('planpo'))                 // { alphaInit: 0.1, …, alpha: 0.1 }
 *   validateEstimatorParams('gigpo', { gamma: '2' })      // problems: ['gamma: expected … got 2; using 0.95']
 */
import { getEstimator, isEstimatorId } from './registry';
import { scheduleValue } from './alpha-schedule';
import type { ParamSpec, ParamValue, ScheduleSpec } from './spec';

export type { ParamSpec, ParamType, ParamValue, ScheduleSpec } from './spec';

interface Declared {
  params: readonly ParamSpec[];
  schedules: readonly ScheduleSpec[];
}

/** Declared defaults, plus each schedule's value before training (its init). */
export function paramDefaults(entry: Declared): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  for (const p of entry.params) out[p.key] = p.default;
  for (const s of entry.schedules) out[s.key] = out[s.initKey];
  return out;
}

/** "a number in 0..1", "one of a, b", … */
export function describeParam(spec: ParamSpec): string {
  switch (spec.type) {
    case 'boolean': return 'true or false';
    case 'choice': return `one of ${(spec.choices ?? []).join(', ')}`;
    case 'integer': return `an integer in ${spec.min ?? '−∞'}..${spec.max ?? '∞'}`;
    default: return `a number in ${spec.min ?? '−∞'}..${spec.max ?? '∞'}`;
  }
}

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/** A typed value (strings from links and flags are read as their type), or undefined if invalid. */
export function checkParam(spec: ParamSpec, value: unknown): ParamValue | undefined {
  if (spec.type === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    return undefined;
  }
  if (spec.type === 'choice') {
    return typeof value === 'string' && (spec.choices ?? []).includes(value) ? value : undefined;
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && NUMBER.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n)) return undefined;
  if (spec.type === 'integer' && !Number.isInteger(n)) return undefined;
  if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) return undefined;
  return n;
}

const show = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? String(v));

/**
 * The params of estimator `id` a user supplied, checked against its schema. Returns the valid
 * overrides (not the defaults) and one problem per rejected key, naming it, the bad value and
 * what is used instead. A schedule's key (`alpha`) may be fixed by hand: then it is not scheduled.
 */
export function validateEstimatorParams(id: string, raw: Record<string, unknown>): { params: Record<string, ParamValue>; problems: string[] } {
  const params: Record<string, ParamValue> = {};
  const problems: string[] = [];
  if (!isEstimatorId(id)) {
    if (Object.keys(raw).length > 0) problems.push(`estimatorParams: unknown estimator "${id}"; parameters ignored`);
    return { params, problems };
  }
  const entry = getEstimator(id);
  const defaults = paramDefaults(entry);
  for (const [key, value] of Object.entries(raw)) {
    const spec = entry.params.find((p) => p.key === key) ?? scheduleAsParam(entry.schedules, entry.params, key);
    if (!spec) {
      const known = entry.params.map((p) => p.key).join(', ') || 'none';
      problems.push(`${key}: not a parameter of ${id} (its parameters: ${known}); ignored`);
      continue;
    }
    const ok = checkParam(spec, value);
    if (ok === undefined) problems.push(`${key}: expected ${describeParam(spec)}, got ${show(value)}; using ${show(defaults[key])}`);
    else params[key] = ok;
  }
  return { params, problems };
}

/** A schedule's output key accepts a fixed number in its init parameter's range. */
function scheduleAsParam(schedules: readonly ScheduleSpec[], params: readonly ParamSpec[], key: string): ParamSpec | undefined {
  const s = schedules.find((x) => x.key === key);
  const init = s && params.find((p) => p.key === s.initKey);
  return init ? { ...init, key, label: s.label } : undefined;
}

export interface AssemblyContext {
  /** k: the iteration being trained, 1..K (0 = before training). */
  k: number;
  /** K: the schedule horizon. */
  K: number;
  /** Free decoding: the value for parameters declared `formatPenalty`. */
  formatPenalty?: number;
}

/**
 * Defaults ⊕ (format penalty) ⊕ overrides ⊕ schedules at k of K: the params object `estimate`
 * gets. A schedule key given in `overrides` stays fixed.
 */
export function assembleParams(id: string, overrides: Readonly<Record<string, unknown>>, ctx: AssemblyContext): Record<string, unknown> {
  const entry = getEstimator(id);
  const params: Record<string, unknown> = paramDefaults(entry);
  if (ctx.formatPenalty !== undefined) {
    for (const p of entry.params) if (p.formatPenalty) params[p.key] = ctx.formatPenalty;
  }
  Object.assign(params, overrides);
  for (const s of entry.schedules) {
    if (!Object.prototype.hasOwnProperty.call(overrides, s.key)) params[s.key] = scheduleValue(s, params, ctx.k, ctx.K);
  }
  return params;
}
