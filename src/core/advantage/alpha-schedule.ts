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
 * Indexing (the paper does not specify it): k counts completed training iterations from 0, and K is
 * the total number of iterations. So the first update uses α_init exactly, the last one (k = K − 1)
 * uses α_init + (α_final − α_init)(K − 1)/K, and α_final is reached at k = K (e.g. for an
 * evaluation after training). Beyond K the value stays at α_final; k < 0 is treated as 0. K ≤ 0
 * means there is no decay horizon and gives α_final.
 */

export type AlphaSchedule = 'linear' | 'constant';

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
