/**
 * Collected groups → the estimators' plain-number inputs, and advantages from the registry.
 *
 * - T_i = every turn (verl-agent's episode_lengths); L_{i,t} = every response token, forced
 *   tags and words included (the response the environment saw).
 * - α(k) = alphaAt(k, K, alphaInit, alphaFinal, schedule) with k = iterations completed so far
 *   and K = config.iterations; passed to every estimator that has an `alpha` parameter.
 * - Free decoding: format-invalid turns carry `actionValid = false`, and estimators with an
 *   `invalidActionPenalty` parameter get config.formatPenalty (verl-agent's 0.1) unless overridden.
 */
import { alphaAt, type AlphaSchedule } from '../advantage/alpha-schedule';
import { ADVANTAGE_ESTIMATORS, ESTIMATOR_IDS, getEstimator } from '../advantage/registry';
import type { RolloutGroup, TurnAdvantages } from '../advantage/types';
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
    })),
  };
}

/** Defaults ⊕ α(k) ⊕ format penalty ⊕ (for the trained estimator) config.estimatorParams. */
export function estimatorParams(config: RunConfig, id: string, k: number): Record<string, unknown> {
  const defaults = getEstimator(id).defaults as Record<string, unknown>;
  const params: Record<string, unknown> = { ...defaults };
  const own = id === config.estimator ? config.estimatorParams : {};
  if ('invalidActionPenalty' in defaults && config.decoding === 'free') params.invalidActionPenalty = config.formatPenalty;
  Object.assign(params, own);
  if ('alpha' in defaults && !('alpha' in own)) {
    const init = typeof own.alphaInit === 'number' ? own.alphaInit : config.alphaInit;
    const final = typeof own.alphaFinal === 'number' ? own.alphaFinal : config.alphaFinal;
    const schedule = (params.alphaSchedule as AlphaSchedule | undefined) ?? 'linear';
    params.alpha = alphaAt(k, config.iterations, init, final, schedule);
    params.alphaInit = init;
    params.alphaFinal = final;
  }
  return params;
}

/** Advantages of estimator `id` for every group. */
export function estimateGroups(summaries: readonly RolloutGroup[], id: string, params: Record<string, unknown>): TurnAdvantages[] {
  const estimator = getEstimator(id);
  return summaries.map((g) => estimator.estimate(g, params));
}

/**
 * Every registered estimator on the same groups (for the UI's comparisons). An estimator that
 * cannot run on them (it throws) is left out.
 */
export function compareEstimators(
  summaries: readonly RolloutGroup[], config: RunConfig, k: number, skip?: string,
): Record<string, TurnAdvantages[]> {
  const out: Record<string, TurnAdvantages[]> = {};
  for (const id of ESTIMATOR_IDS) {
    if (id === skip || !(id in ADVANTAGE_ESTIMATORS)) continue;
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
