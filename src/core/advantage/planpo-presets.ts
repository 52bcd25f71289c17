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
import {
  ALPHA_SCHEDULE, PLANPO_COMPONENTS, PLANPO_DEFAULTS, PLANPO_EQUATION, planpoAdvantages, planpoParams, planpoWorked, type PlanpoParams,
} from './planpo';

const ALPHA_TERM = { component: 'responseAdvantage', weight: 'alpha', label: 'α·A^S' } as const;

export const planpoAeOnlyEstimator: AdvantageEstimator<PlanpoParams> = {
  id: 'planpo-ae-only',
  color: '#56B4E9',
  docsPath: 'docs/algorithms/planpo.md',
  label: 'PlanPO (A^E only)',
  equation: String.raw`A(a_{i,t}) = A^E(\tau_i) = \frac{R^E_i - \operatorname{mean}_j R^E_j}{\operatorname{std}_j R^E_j + \epsilon}`,
  defaults: { ...PLANPO_DEFAULTS, useResponseAdvantage: false },
  params: planpoParams({ useResponseAdvantage: false }),
  schedules: [ALPHA_SCHEDULE],
  trainsCritic: false,
  components: PLANPO_COMPONENTS,
  combination: { terms: [{ component: 'trajectoryAdvantage', label: 'A^E' }], text: 'A = A^E' },
  estimate: planpoAdvantages,
  workedEquation: (input) => planpoWorked(input, true, false),
};

export const planpoAsOnlyEstimator: AdvantageEstimator<PlanpoParams> = {
  id: 'planpo-as-only',
  color: '#000000',
  docsPath: 'docs/algorithms/planpo.md',
  label: 'PlanPO (A^S only)',
  equation: String.raw`A(a_{i,t}) = \alpha(k)\,A^S(a_{i,t}),\quad R^S_{i,t} = \frac{\mathbb{1}[\text{succ}_i]\,R(\tau_i)}{L_{i,t}}`,
  defaults: { ...PLANPO_DEFAULTS, useTrajectoryAdvantage: false },
  params: planpoParams({ useTrajectoryAdvantage: false }),
  schedules: [ALPHA_SCHEDULE],
  trainsCritic: false,
  components: PLANPO_COMPONENTS,
  combination: { terms: [ALPHA_TERM], text: 'A = α(k)·A^S' },
  estimate: planpoAdvantages,
  workedEquation: (input) => planpoWorked(input, false, true),
};

export const planpoConstAlphaEstimator: AdvantageEstimator<PlanpoParams> = {
  id: 'planpo-const-alpha',
  color: '#8C7A00',
  docsPath: 'docs/algorithms/planpo.md',
  label: 'PlanPO (constant α)',
  equation: PLANPO_EQUATION.replace(String.raw`\alpha(k)`, String.raw`\alpha_{\text{init}}`),
  defaults: {
    ...PLANPO_DEFAULTS,
    alphaSchedule: 'constant',
    alpha: PLANPO_DEFAULTS.alphaInit,
    alphaFinal: PLANPO_DEFAULTS.alphaInit,
  },
  params: planpoParams({ alphaSchedule: 'constant', alphaFinal: PLANPO_DEFAULTS.alphaInit }),
  schedules: [ALPHA_SCHEDULE],
  trainsCritic: false,
  components: PLANPO_COMPONENTS,
  combination: { terms: [{ component: 'trajectoryAdvantage', label: 'A^E' }, ALPHA_TERM], text: 'A = A^E + α_init·A^S' },
  estimate: planpoAdvantages,
  workedEquation: (input) => planpoWorked(input),
};
