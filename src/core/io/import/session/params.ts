/**
 * Per-estimator parameters of an import session, from the registry's declarations: the declared
 * defaults, with each schedule's output (α) a fixed number (an import has no training clock, so
 * the schedule's init/final/kind keys do not apply), and user edits checked by
 * `validateEstimatorParams` (the same rules as share links, configs and CLI flags).
 */
import { paramDefaults, validateEstimatorParams } from '../../../advantage/params';
import type { ParamSpec, ParamValue } from '../../../params/spec';
import { ESTIMATOR_IDS, getEstimator } from '../../../advantage/registry';

export type { ParamValue };
export type EstimatorParamsMap = Record<string, Record<string, ParamValue>>;

export function defaultParams(): EstimatorParamsMap {
  const out: EstimatorParamsMap = {};
  for (const id of ESTIMATOR_IDS) out[id] = paramDefaults(getEstimator(id));
  return out;
}

/** The parameters a person can set on an import: the declared ones minus schedule keys, plus each schedule's value, fixed. */
export function adjustableParams(id: string): ParamSpec[] {
  const entry = getEstimator(id);
  const scheduleKeys = new Set(entry.schedules.flatMap((s) => [s.initKey, s.finalKey, s.kindKey]));
  const fixed = entry.schedules.flatMap((s) => {
    const init = entry.params.find((p) => p.key === s.initKey);
    return init ? [{ ...init, key: s.key, label: s.label, help: `${s.label}, fixed for an import (no training clock)` }] : [];
  });
  return [...fixed, ...entry.params.filter((p) => !scheduleKeys.has(p.key))];
}

/** `current` with `patch` applied, or the reasons the patch is refused. */
export function applyParams(id: string, current: Record<string, ParamValue>, patch: Record<string, unknown>):
  { ok: true; params: Record<string, ParamValue> } | { ok: false; problems: string[] } {
  const adjustable = new Set(adjustableParams(id).map((p) => p.key));
  const unknown = Object.keys(patch).filter((k) => !adjustable.has(k)).map((k) => `${k}: not adjustable on an import of ${id}`);
  const { params, problems } = validateEstimatorParams(id, patch);
  if (unknown.length + problems.length > 0) return { ok: false, problems: [...unknown, ...problems] };
  return { ok: true, params: { ...current, ...params } };
}
