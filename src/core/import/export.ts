/**
 * Export of imported (or trained) groups as rollouts.v1 JSON Lines with every estimator's
 * advantages, as the backwards-compatible `advantages.estimators` extension:
 *
 *   "advantages": { "trajectory"?: …, "per_turn"?: […],            // unchanged when the file had them
 *                   "estimators": { "<id>": { "per_turn": [A_{i,0}, …], "params": { … } } } }
 *
 * Readers that know only `trajectory` / `per_turn` see the same record as before (rollouts.v1 keeps
 * unknown fields); the lab reads `estimators` back. One record per line, trailing newline.
 */
import type { RolloutTrajectoryV1 } from '../io/rollouts-v1';

export interface EstimatorAdvantages {
  per_turn: number[];
  params?: Record<string, unknown>;
}

export type AdvantagesExtension = NonNullable<RolloutTrajectoryV1['advantages']> & {
  estimators?: Record<string, EstimatorAdvantages>;
};

/** The record with `advantages.estimators` set (other fields, and extra fields, kept). */
export function withEstimatorAdvantages(
  record: RolloutTrajectoryV1, byEstimator: Record<string, EstimatorAdvantages>,
): RolloutTrajectoryV1 {
  const advantages: AdvantagesExtension = { ...(record.advantages ?? {}), estimators: byEstimator };
  return { ...record, advantages };
}

/** The estimators' advantages a record carries (empty when it has none). */
export function estimatorAdvantagesOf(record: RolloutTrajectoryV1): Record<string, EstimatorAdvantages> {
  const ext = record.advantages as AdvantagesExtension | undefined;
  return ext?.estimators ?? {};
}

export function jsonLines(records: Iterable<RolloutTrajectoryV1>): string[] {
  const out: string[] = [];
  for (const r of records) out.push(`${JSON.stringify(r)}\n`);
  return out;
}
