/**
 * The PlanPO paper's ablations as registry entries (arXiv 2608.17289, ablation study):
 *
 *   planpo-ae-only:     A(a_{i,t}) = A^E(τ_i)                      (no response-level term)
 *   planpo-as-only:     A(a_{i,t}) = α(k)·A^S(a_{i,t})             (no trajectory-level term)
 *   planpo-const-alpha: A(a_{i,t}) = A^E(τ_i) + α_init·A^S(a_{i,t}) (α not decayed)
 *
 * They share PlanPO's estimate function and differ only in `defaults`, so every option of the
 * full estimator stays available. Details a reader could get wrong:
 * - 'A^S only' keeps the α(k) factor (the ablation removes a term, it does not rescale the other);
 *   override `alpha: 1` to see A^S at full scale.
 * - 'constant α' is a schedule flag for the trainer (`alphaSchedule: 'constant'`, and
 *   α_final = α_init so even a trainer that ignored the flag would not decay it). The paper does
 *   not state the constant's value; α_init = 0.1 is used.
 */
import type { AdvantageEstimator } from './types';
import { PLANPO_DEFAULTS, PLANPO_EQUATION, planpoAdvantages, type PlanpoParams } from './planpo';

export const planpoAeOnlyEstimator: AdvantageEstimator<PlanpoParams> = {
  id: 'planpo-ae-only',
  label: 'PlanPO (A^E only)',
  equation: String.raw`A(a_{i,t}) = A^E(\tau_i) = \frac{R^E_i - \operatorname{mean}_j R^E_j}{\operatorname{std}_j R^E_j + \epsilon}`,
  defaults: { ...PLANPO_DEFAULTS, useResponseAdvantage: false },
  estimate: planpoAdvantages,
};

export const planpoAsOnlyEstimator: AdvantageEstimator<PlanpoParams> = {
  id: 'planpo-as-only',
  label: 'PlanPO (A^S only)',
  equation: String.raw`A(a_{i,t}) = \alpha(k)\,A^S(a_{i,t}),\quad R^S_{i,t} = \frac{\mathbb{1}[\text{succ}_i]\,R(\tau_i)}{L_{i,t}}`,
  defaults: { ...PLANPO_DEFAULTS, useTrajectoryAdvantage: false },
  estimate: planpoAdvantages,
};

export const planpoConstAlphaEstimator: AdvantageEstimator<PlanpoParams> = {
  id: 'planpo-const-alpha',
  label: 'PlanPO (constant α)',
  equation: PLANPO_EQUATION.replace(String.raw`\alpha(k)`, String.raw`\alpha_{\text{init}}`),
  defaults: {
    ...PLANPO_DEFAULTS,
    alphaSchedule: 'constant',
    alpha: PLANPO_DEFAULTS.alphaInit,
    alphaFinal: PLANPO_DEFAULTS.alphaInit,
  },
  estimate: planpoAdvantages,
};
