/**
 * Collected groups → the estimators' plain-number inputs, and advantages from the registry.
 *
 * - T_i = every turn (verl-agent's episode_lengths); L_{i,t} = every response token, forced
 *   tags and words included (the response the environment saw).
 * - Parameters come from the entry's declarations only (params.ts `assembleParams`): declared
 *   schedules (α(k)), with the entry's own init/final keys, are evaluated at k = 1..K, the iteration being trained, with K the run's
 *   schedule horizon (`scheduleHorizon`, = config.iterations unless a resume fixed it), so the
 *   last update uses α_final.
 * - H_{i,t} (`entropies`, EMPG) = the turn's mean sampling entropy over its sampled positions
 *   (rollout/entropy.ts).
 * - Free decoding: format-invalid turns carry `actionValid = false`, and parameters declared
 *   `formatPenalty` get config.formatPenalty (verl-agent's 0.1) unless overridden.
 */
import { assembleParams } from '../advantage/params';
import { ESTIMATOR_IDS, getEstimator } from '../advantage/registry';
import type { RolloutGroup, TurnAdvantages } from '../advantage/types';
import { stepEntropy } from '../rollout/entropy';
import type { TaskGroup } from '../rollout/types';
import type { RunConfig } from './config';

export function summarizeGroup(group: TaskGroup): RolloutGroup {
  return {
    trajectories: group.trajectories.map((traj) => ({
      success: traj.success,
      reward: traj.reward,
      numTurns: traj.turns.length,
      numTokens: traj.turns.map((turn) => turn.tokens.length),
      turnRewards: traj.turns.map((turn) => turn.reward),
      anchorObservations: traj.turns.map((turn) => turn.observation),
      values: traj.turns.map((turn) => turn.value),
      actionValid: traj.turns.map((turn) => turn.formatValid),
      entropies: traj.turns.map(stepEntropy),
    })),
  };
}

/**
 * The params object of estimator `id` for the update of iteration k (1..K; 0 = before training),
 * read from the entry's declarations: defaults ⊕ format penalty (free decoding, for parameters
 * declared `formatPenalty`) ⊕ (for the trained estimator) config.estimatorParams ⊕ each declared
 * schedule's value at k of K, from the entry's own init/final/kind parameters.
 */
export function estimatorParams(config: RunConfig, id: string, k: number): Record<string, unknown> {
  const overrides = id === config.estimator ? config.estimatorParams : {};
  return assembleParams(id, overrides, {
    k, K: scheduleHorizon(config), formatPenalty: config.decoding === 'free' ? config.formatPenalty : undefined,
  });
}

/** K of the declared schedules: fixed with the run (a resumed run keeps its original K). */
export function scheduleHorizon(config: RunConfig): number {
  return config.scheduleHorizon ?? config.iterations;
}

/**
 * Advantages of estimator `id` for every group: through the entry's `estimateBatch` when it
 * declares one (statistics over the whole batch, EMPG), else group by group.
 */
export function estimateGroups(summaries: readonly RolloutGroup[], id: string, params: Record<string, unknown>): TurnAdvantages[] {
  const estimator = getEstimator(id);
  if (estimator.estimateBatch) return estimator.estimateBatch(summaries, params);
  return summaries.map((g) => estimator.estimate(g, params));
}

/**
 * Every registered estimator on the same groups (for the UI's comparisons). An estimator that
 * cannot run on them (it throws) is left out.
 */
export function compareEstimators(
  summaries: readonly RolloutGroup[], config: RunConfig, k: number, skip?: string, only?: readonly string[],
): Record<string, TurnAdvantages[]> {
  const out: Record<string, TurnAdvantages[]> = {};
  for (const id of ESTIMATOR_IDS) {
    if (id === skip || (only && !only.includes(id))) continue;
    try {
      out[id] = estimateGroups(summaries, id, estimatorParams(config, id, k));
    } catch {
      // not applicable to these groups
    }
  }
  return out;
}

/** A group whose advantages all vanish (|A| < 1e-9 everywhere): it contributes no gradient. */
export function isZeroAdvantageGroup(adv: TurnAdvantages): boolean {
  return adv.perTurn.every((turns) => turns.every((a) => Math.abs(a) < 1e-9));
}

/** α(k) this iteration (null when the trained estimator has no α). */
export function alphaOf(params: Record<string, unknown>): number | null {
  return typeof params.alpha === 'number' ? params.alpha : null;
}
