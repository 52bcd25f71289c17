/**
 * Export of imported (or trained) groups as rollouts.v1 JSON Lines with every estimator's
 * advantages, as the backwards-compatible `advantages.estimators` extension:
 *
 *   "advantages": { "trajectory"?: …, "per_turn"?: […],            // unchanged when the file had them
 *                   "estimators": { "<id>": { "per_turn": [A_{i,0}, …], "params": { … } } } }
 *
 * (the schema's `advantages.estimators`, docs/rollouts-v1.md).
 *
 * Readers that know only `trajectory` / `per_turn` see the same record as before (rollouts.v1 keeps
 * unknown fields); the lab reads `estimators` back. Lines are written by the one rollouts.v1 writer
 * (`src/core/io/export/write-rollouts.ts`).
 */
import type { EstimatorAdvantagesV1, RolloutTrajectoryV1 } from '../rollouts-v1';

export type EstimatorAdvantages = EstimatorAdvantagesV1;

/** The record with `advantages.estimators` set (other fields, and extra fields, kept). */
export function withEstimatorAdvantages(
  record: RolloutTrajectoryV1, byEstimator: Record<string, EstimatorAdvantages>,
): RolloutTrajectoryV1 {
  return { ...record, advantages: { ...(record.advantages ?? {}), estimators: byEstimator } };
}

/** The estimators' advantages a record carries (empty when it has none). */
export function estimatorAdvantagesOf(record: RolloutTrajectoryV1): Record<string, EstimatorAdvantages> {
  return record.advantages?.estimators ?? {};
}
