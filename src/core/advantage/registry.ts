/**
 * The one way code picks an advantage estimator (house style §2): a literal, typed registry.
 * The UI picker, URL schema, CLI and contract tests all iterate over `ADVANTAGE_ESTIMATORS`.
 *
 *   const est = getEstimator('planpo');                       // typed: AdvantageEstimator<PlanpoParams>
 *   est.estimate(group, { ...est.defaults, alpha: alphaAt(k, K, 0.1, 0.05, 'linear') });
 *   estimateAdvantages('grpo', group, { stats: 'turn-weighted' });   // defaults + overrides
 */
import type { AdvantageEstimator, RolloutGroup, TurnAdvantages } from './types';
import { grpoEstimator } from './grpo';
import { planpoEstimator } from './planpo';
import { planpoAeOnlyEstimator, planpoAsOnlyEstimator, planpoConstAlphaEstimator } from './planpo-presets';
import { rlooEstimator } from './rloo';
import { gigpoEstimator } from './gigpo';
import { lengthShapingSuccessEstimator, lengthShapingUnconditionalEstimator } from './length-shaping';
import { ppoEstimator } from './ppo';
import { selfImproveEstimator } from './self-improve';
import { empgEstimator } from './empg';
import { turnPpoEstimator } from './turn-ppo';

/** An entry whose id is only known at run time (pickers, CLI): params are its `defaults`' shape. */
export type AnyAdvantageEstimator = AdvantageEstimator<object>;

export const ADVANTAGE_ESTIMATORS = {
  grpo: grpoEstimator,
  planpo: planpoEstimator,
  'planpo-ae-only': planpoAeOnlyEstimator,
  'planpo-as-only': planpoAsOnlyEstimator,
  'planpo-const-alpha': planpoConstAlphaEstimator,
  rloo: rlooEstimator,
  gigpo: gigpoEstimator,
  'length-shaping-unconditional': lengthShapingUnconditionalEstimator,
  'length-shaping-success': lengthShapingSuccessEstimator,
  ppo: ppoEstimator,
  'self-improve': selfImproveEstimator,
  empg: empgEstimator,
  'turn-ppo': turnPpoEstimator,
} as const satisfies Record<string, AnyAdvantageEstimator>;

export type EstimatorId = keyof typeof ADVANTAGE_ESTIMATORS;
export type EstimatorParams<Id extends EstimatorId> = (typeof ADVANTAGE_ESTIMATORS)[Id]['defaults'];

/** Registry ids in declaration order (for pickers and `--estimator` help). */
export const ESTIMATOR_IDS = Object.keys(ADVANTAGE_ESTIMATORS) as EstimatorId[];

/**
 * Adds an entry at run time and returns a function that removes it again. For tests that check
 * that every consumer (CLI help, link schema, picker, colours, contract tests) picks a new entry
 * up from the registry alone; the app itself only uses the literal registry above.
 */
export function registerEstimator(entry: AnyAdvantageEstimator): () => void {
  if (isEstimatorId(entry.id)) throw new Error(`estimator '${entry.id}' is already registered`);
  const table = ADVANTAGE_ESTIMATORS as unknown as Record<string, AnyAdvantageEstimator>;
  const ids = ESTIMATOR_IDS as string[];
  table[entry.id] = entry;
  ids.push(entry.id);
  return () => {
    delete table[entry.id];
    ids.splice(ids.indexOf(entry.id), 1);
  };
}

export function isEstimatorId(id: string): id is EstimatorId {
  return Object.prototype.hasOwnProperty.call(ADVANTAGE_ESTIMATORS, id);
}

/** The registry entry for `id`; an unknown string id throws an error listing the valid ids. */
export function getEstimator<Id extends EstimatorId>(id: Id): (typeof ADVANTAGE_ESTIMATORS)[Id];
export function getEstimator(id: string): AnyAdvantageEstimator;
export function getEstimator(id: string): AnyAdvantageEstimator {
  if (!isEstimatorId(id)) throw new Error(`unknown estimator '${id}'; known: ${ESTIMATOR_IDS.join(', ')}`);
  return ADVANTAGE_ESTIMATORS[id];
}

/** The entry's declared label (`GRPO`, `PlanPO`, …); an id no entry has is shown as itself (an imported log's own name). */
export function estimatorLabel(id: string): string {
  return isEstimatorId(id) ? ADVANTAGE_ESTIMATORS[id].label : id;
}

/** Runs estimator `id` on one group with its defaults, overridden field by field. */
export function estimateAdvantages<Id extends EstimatorId>(
  id: Id,
  group: RolloutGroup,
  overrides: Partial<EstimatorParams<Id>> = {},
): TurnAdvantages {
  const estimator = getEstimator(id) as unknown as AdvantageEstimator<EstimatorParams<Id>>;
  return estimator.estimate(group, { ...estimator.defaults, ...overrides });
}
