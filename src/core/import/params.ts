/**
 * Per-estimator parameters of an import session: the registry defaults, with α fixed (an import has
 * no training clock, so the α(k) schedule keys do not apply), and user edits checked against the
 * default's type. The adjustable keys are every number and boolean of the defaults except the
 * schedule keys; strings (semantic forks such as `stats`) are kept at their defaults.
 */
import { ESTIMATOR_IDS, getEstimator } from '../advantage/registry';

export type ParamValue = number | boolean | string;
export type EstimatorParamsMap = Record<string, Record<string, ParamValue>>;

/** Keys of the trainer's α(k) schedule; the session passes α itself. */
const SCHEDULE_KEYS = new Set(['alphaInit', 'alphaFinal', 'alphaSchedule']);

export interface AdjustableParam {
  key: string;
  kind: 'number' | 'boolean';
  defaultValue: number | boolean;
}

export function defaultParams(): EstimatorParamsMap {
  const out: EstimatorParamsMap = {};
  for (const id of ESTIMATOR_IDS) out[id] = { ...(getEstimator(id).defaults as Record<string, ParamValue>) };
  return out;
}

export function adjustableParams(id: string): AdjustableParam[] {
  const defaults = getEstimator(id).defaults as Record<string, unknown>;
  const out: AdjustableParam[] = [];
  for (const [key, value] of Object.entries(defaults)) {
    if (SCHEDULE_KEYS.has(key)) continue;
    if (typeof value === 'number') out.push({ key, kind: 'number', defaultValue: value });
    else if (typeof value === 'boolean') out.push({ key, kind: 'boolean', defaultValue: value });
  }
  return out;
}

/** `current` with `patch` applied, or the reasons the patch is refused (unknown key, wrong type, not finite). */
export function applyParams(id: string, current: Record<string, ParamValue>, patch: Record<string, unknown>):
  { ok: true; params: Record<string, ParamValue> } | { ok: false; problems: string[] } {
  const adjustable = new Map(adjustableParams(id).map((p) => [p.key, p]));
  const problems: string[] = [];
  const params = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    const spec = adjustable.get(key);
    if (!spec) problems.push(`${key}: not an adjustable parameter of ${id}`);
    else if (spec.kind === 'number' && !(typeof value === 'number' && Number.isFinite(value))) problems.push(`${key}: must be a finite number`);
    else if (spec.kind === 'boolean' && typeof value !== 'boolean') problems.push(`${key}: must be true or false`);
    else params[key] = value as ParamValue;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, params };
}
