/**
 * What the lab's estimator picker and parameter section show, read from the registry's
 * declarations only: id, label, colour, combination rule, whether it trains a critic, and the
 * parameter fields (schema + the value in use). Pure, so tests check a new entry shows up.
 */
import { ESTIMATOR_IDS, getEstimator } from '../../core/advantage/registry';
import { paramDefaults } from '../../core/advantage/params';
import type { ParamSpec, ParamValue } from '../../core/params/spec';
import { seriesVar } from '../palette';

export interface EstimatorOption {
  id: string;
  label: string;
  /** `var(--series-<id>, <palette colour>)`. */
  color: string;
  combination: string;
  trainsCritic: boolean;
}

export interface ParamField {
  spec: ParamSpec;
  value: ParamValue;
  /** True when the value differs from the declared default. */
  changed: boolean;
}

export function estimatorOptions(): EstimatorOption[] {
  return ESTIMATOR_IDS.map((id) => {
    const e = getEstimator(id);
    return { id, label: e.label, color: seriesVar(id), combination: e.combination.text, trainsCritic: e.trainsCritic };
  });
}

/** The fields of estimator `id` (α_init, α_final and the schedule kind included) with the values of `own` (its overrides) over the defaults. */
export function paramFields(id: string, own: Readonly<Record<string, ParamValue>> = {}): ParamField[] {
  const entry = getEstimator(id);
  const defaults = paramDefaults(entry);
  return entry.params.map((spec) => {
    const value = Object.prototype.hasOwnProperty.call(own, spec.key) ? own[spec.key] : defaults[spec.key];
    return { spec, value, changed: value !== defaults[spec.key] };
  });
}
