/**
 * PlanPO's weight for the response-level term, α(k) = LinearDecay(k; α_init, α_final) in the paper
 * (arXiv 2608.17289, the combined advantage after Eqs. 4–6):
 *
 *   α(k) = α_init + (α_final − α_init)·min(k/K, 1)     ('linear', the paper's LinearDecay)
 *   α(k) = α_init                                       ('constant', the paper's ablation)
 *
 * The trainer calls this once per iteration and passes `alpha` to the estimator; estimators never
 * see the clock (house style §2).
 *
 * Indexing: k = 1..K counts training iterations (the update of iteration k uses α(k)), and K is the
 * run's schedule horizon (`RunConfig.iterations`, kept fixed when a run is resumed for longer). So
 * the first update already uses α_init − (α_init − α_final)/K and the last one uses α_final
 * exactly, as the paper's 0 ≤ α_final ≤ α(k) < α_init ≤ 1 requires (K = 3: 0.0833, 0.0667, 0.05).
 * k = 0 (before training) gives α_init; beyond K the value stays at α_final. K ≤ 0 means there is
 * no decay horizon and gives α_final.
 */

import type { ScheduleKind, ScheduleSpec } from './spec';

export type AlphaSchedule = ScheduleKind;

/** Paper defaults for ALFWorld and WebShop: α_init = 2·α_final = 0.1. SciWorld uses 0.05. */
export const ALPHA_INIT = 0.1;
export const ALPHA_FINAL = 0.05;

export function alphaAt(
  k: number,
  K: number,
  alphaInit: number,
  alphaFinal: number,
  schedule: AlphaSchedule,
): number {
  if (schedule === 'constant') return alphaInit;
  const progress = K <= 0 ? 1 : Math.min(Math.max(k, 0) / K, 1);
  return alphaInit + (alphaFinal - alphaInit) * progress;
}

/**
 * The one function every consumer uses for a declared schedule: reads the entry's init / final /
 * kind parameters from `params` and returns the value for iteration k of K.
 */
export function scheduleValue(spec: ScheduleSpec, params: Readonly<Record<string, unknown>>, k: number, K: number): number {
  const init = Number(params[spec.initKey]);
  const final = Number(params[spec.finalKey]);
  const kind = params[spec.kindKey] === 'constant' ? 'constant' : 'linear';
  return alphaAt(k, K, init, final, kind);
}
