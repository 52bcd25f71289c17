/**
 * Export: rollouts.v1 with every estimator's advantages, and the lab's own training iterations as
 * rollouts.v1, so a training run and an import are the same kind of data (docs/rollouts-v1.md).
 *
 * The multi-estimator extension lives inside `advantages` and leaves the v1 fields as they were:
 *
 *   "advantages": {
 *     "per_turn": [...],            // v1: the advantages of `estimator` (readers that know only v1 see these)
 *     "estimator": "planpo",        // which estimator `per_turn` is
 *     "estimators": {               // every scored estimator, by registry id
 *       "grpo":   { "per_turn": [...], "components": {...}, "params": {...} },
 *       "planpo": { "per_turn": [...], "components": { "trajectoryAdvantage": [...], "responseAdvantage": [...], "alpha": 0.1 }, "params": {...} }
 *     }
 *   }
 *
 * `per_turn` arrays hold one number per turn; scalar components (PlanPO's α) are copied per record.
 */
import { getEstimator } from '../../advantage/registry';
import { unmetRequirement } from '../../advantage/requires';
import type { TurnAdvantages } from '../../advantage/types';
import { sliceAdvantages, type TrainedTrajectoryV1 } from '../../rollout/records';
import type { EstimatorAdvantagesV1, RolloutTrajectoryV1 } from '../rollouts-v1';
import { toRolloutGroups, type ConversionError, type ToGroupOptions } from '../to-group';

export interface ScoreOptions {
  /** Registry ids to run, in order. */
  estimators: readonly string[];
  /** Per estimator, parameters over its defaults. */
  params?: Readonly<Record<string, Record<string, unknown>>>;
  /** The estimator whose advantages also fill the v1 `advantages.per_turn` (default: the first). */
  primary?: string;
}

export interface ScoreResult {
  /**
   * Copies of the input records (same order) with `advantages.estimators` attached (merged over
   * what they already carried); records that could not be grouped are returned unchanged.
   */
  records: RolloutTrajectoryV1[];
  errors: ConversionError[];
  /**
   * Why an estimator was left out of some groups: an input it declares in `requires` is missing
   * (EMPG without turn entropies). One sentence per estimator; not an error, the others still score.
   */
  unscored: string[];
}

export interface Scorer {
  /** Records that could not become estimator input (e.g. num_turns ≠ turns.length), once. */
  readonly conversionErrors: readonly ConversionError[];
  /** Runs the estimators on every group; call again with other parameters to re-score (live sliders). */
  score(options: ScoreOptions): ScoreResult;
}

/** Groups the records once (by group_id), then scores them as often as asked. */
export function createScorer(records: readonly RolloutTrajectoryV1[], options: ToGroupOptions = {}): Scorer {
  const located = records.map((record, i) => ({ record, line: i + 1 }));
  const { groups, errors: conversionErrors } = toRolloutGroups(located, options);
  return {
    conversionErrors,
    score(opts: ScoreOptions): ScoreResult {
      const errors = [...conversionErrors];
      const unscored = new Map<string, string>();
      const slices = new Map<number, Record<string, EstimatorAdvantagesV1>>();
      const primary = opts.primary ?? opts.estimators[0];
      for (const { groupId, members, group } of groups) {
        for (const id of opts.estimators) {
          const estimator = getEstimator(id);
          const unmet = unmetRequirement(estimator, group);
          if (unmet !== null) {
            if (!unscored.has(id)) unscored.set(id, unmet);
            continue;
          }
          const params = { ...estimator.defaults, ...(opts.params?.[id] ?? {}) };
          let result: TurnAdvantages;
          try {
            result = estimator.estimate(group, params);
          } catch (error) {
            const message = `${id} failed on the group: ${error instanceof Error ? error.message : String(error)}`;
            for (const m of members) errors.push({ line: m.line, groupId, trajId: m.record.traj_id, message });
            continue;
          }
          members.forEach((m, i) => {
            const byId = slices.get(m.line - 1) ?? {};
            byId[id] = { ...sliceAdvantages(result, i), params };
            slices.set(m.line - 1, byId);
          });
        }
      }
      const out = records.slice();
      for (const [index, estimators] of slices) {
        const record = records[index];
        const own = estimators[primary];
        out[index] = {
          ...record,
          advantages: {
            ...record.advantages,
            ...(own ? { per_turn: own.per_turn.slice(), estimator: primary } : {}),
            estimators: { ...record.advantages?.estimators, ...estimators },
          },
        };
      }
      return { records: out, errors, unscored: [...unscored.values()] };
    },
  };
}

/** Scores every group (by group_id) with each estimator and attaches the results to copies of the records. */
export function scoreTrajectories(records: readonly RolloutTrajectoryV1[], options: ScoreOptions & ToGroupOptions): ScoreResult {
  return createScorer(records, options).score(options);
}

/**
 * Every estimator's advantages a record carries, from either form: the rollouts.v1 extension
 * (`advantages.estimators`) or, failing that, a lab training record's `estimator_advantages`.
 * (`estimatorAdvantagesOf` in `estimator-advantages.ts` reads the v1 extension only.)
 */
export function estimatorAdvantagesOfV1OrLab(record: RolloutTrajectoryV1): Record<string, EstimatorAdvantagesV1> {
  const lab = (record as Partial<TrainedTrajectoryV1>).estimator_advantages;
  return record.advantages?.estimators ?? lab ?? {};
}

/**
 * The lab's training records (IterationResult.groups, one array per task group) → rollouts.v1:
 * `estimator_advantages` moves into `advantages.estimators`, `advantages.estimator` names the
 * estimator that drove the update (`source.algo`), and `oracle_turns` (T*) stays as an extra field.
 */
export function trainingToRollouts(groups: ReadonlyArray<readonly TrainedTrajectoryV1[]>): RolloutTrajectoryV1[] {
  return groups.flatMap((group) =>
    group.map((record) => {
      const { estimator_advantages: estimators, ...rest } = record;
      const algo = rest.source.algo;
      return {
        ...rest,
        advantages: { ...rest.advantages, ...(algo && estimators[algo] ? { estimator: algo } : {}), estimators },
      };
    }),
  );
}
