/**
 * Estimator parameters from their declarations (spec.ts): defaults, validation of anything a user
 * typed (a JSON config, a share link, CLI flags) and the per-iteration assembly with schedules.
 *
 *   paramDefaults(getEstimator('planpo'))                 // { alphaInit: 0.1, …, alpha: 0.1 }
 *   validateEstimatorParams('gigpo', { gamma: '2' })      // problems: ['gamma: expected … got 2; using 0.95']
 */
import { getEstimator, isEstimatorId } from './registry';
import { scheduleValue } from './alpha-schedule';
import type { ScheduleSpec } from './spec';
import type { ParamSpec, ParamValue } from '../params/spec';
import { validateParams } from '../params/validate';

interface Declared {
  params: readonly ParamSpec[];
  schedules: readonly ScheduleSpec[];
}

/** Declared defaults, plus each schedule's value before training (its init). */
export function paramDefaults(entry: Declared): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  for (const p of entry.params) if (p.default !== null) out[p.key] = p.default;
  for (const s of entry.schedules) out[s.key] = out[s.initKey];
  return out;
}

/**
 * The params of estimator `id` a user supplied, checked against its schema (core/params). Returns
 * the valid overrides (not the defaults) and one problem per rejected key, naming it, the bad
 * value and what is used instead. A schedule's key (`alpha`) may be fixed by hand: then it is not
 * scheduled.
 */
export function validateEstimatorParams(id: string, raw: Record<string, unknown>): { params: Record<string, ParamValue>; problems: string[] } {
  if (!isEstimatorId(id)) {
    return { params: {}, problems: Object.keys(raw).length > 0 ? [`estimatorParams: unknown estimator "${id}"; parameters ignored`] : [] };
  }
  const entry = getEstimator(id);
  const checked = validateParams(entry.params, raw, { owner: id, extra: (key) => scheduleAsParam(entry.schedules, entry.params, key) });
  return checked as { params: Record<string, ParamValue>; problems: string[] };
}

/** A schedule's output key accepts a fixed number in its init parameter's range. */
export function scheduleAsParam(schedules: readonly ScheduleSpec[], params: readonly ParamSpec[], key: string): ParamSpec | undefined {
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
