/**
 * Turn layout helpers shared by the estimators: input checks, per-turn scores with verl-agent's
 * invalid-action penalty, and trajectory- vs turn-weighted normalization of per-turn scores.
 */
import type { RolloutGroup, TrajectorySummary } from './types';
import { groupNormalizeRows, type GroupNormOptions } from './group-norm';

/**
 * Which responses enter the group statistics of a trajectory-level score.
 * - 'trajectory': one value per trajectory (the paper's Eq. 3; verl's cross_steps=False, which takes
 *   the first turn's score).
 * - 'turn-weighted': every turn counts, so trajectory i weighs T_i times (verl-agent's default,
 *   compute_mean_std_cross_steps=True).
 */
export type GroupStats = 'trajectory' | 'turn-weighted';

/**
 * Largest |R| the estimators accept: sums and squares of G such values stay far from overflow
 * (±1e308 would make mean and std infinite and every advantage NaN or 0).
 */
export const MAX_ABS_REWARD = 1e100;

/** Throws a readable error when a group cannot be scored (the CLI reports it per group). */
export function validateGroup(group: RolloutGroup): void {
  group.trajectories.forEach((traj, i) => {
    const where = `trajectory ${i}`;
    if (!Number.isInteger(traj.numTurns) || traj.numTurns < 1) {
      throw new Error(`${where}: numTurns must be an integer ≥ 1, got ${traj.numTurns}`);
    }
    if (!Number.isFinite(traj.reward)) throw new Error(`${where}: reward must be finite, got ${traj.reward}`);
    if (Math.abs(traj.reward) > MAX_ABS_REWARD) {
      throw new Error(`${where}: reward ${traj.reward} is outside ±${MAX_ABS_REWARD}; group statistics of such values overflow`);
    }
    if (traj.turnRewards?.some((r) => !Number.isFinite(r) || Math.abs(r) > MAX_ABS_REWARD)) {
      throw new Error(`${where}: every turnRewards entry must be finite and within ±${MAX_ABS_REWARD}`);
    }
    checkPerTurn(where, 'numTokens', traj.numTokens, traj.numTurns);
    if (traj.numTokens.some((L) => !Number.isFinite(L) || L < 0)) {
      throw new Error(`${where}: every numTokens entry must be a finite count ≥ 0`);
    }
    checkPerTurn(where, 'turnRewards', traj.turnRewards, traj.numTurns);
    checkPerTurn(where, 'anchorObservations', traj.anchorObservations, traj.numTurns);
    checkPerTurn(where, 'values', traj.values, traj.numTurns);
    checkPerTurn(where, 'actionValid', traj.actionValid, traj.numTurns);
    checkPerTurn(where, 'entropies', traj.entropies, traj.numTurns);
    if (traj.entropies?.some((h) => !Number.isFinite(h) || h < 0)) {
      throw new Error(`${where}: every entropies entry must be a finite entropy ≥ 0`);
    }
  });
}

function checkPerTurn(where: string, name: string, xs: readonly unknown[] | undefined, numTurns: number): void {
  if (xs !== undefined && xs.length !== numTurns) {
    throw new Error(`${where}: ${name} has ${xs.length} entries for ${numTurns} turns`);
  }
}

/** c·1[action t invalid]: verl-agent's apply_invalid_action_penalty (coef 0.1 in its scripts). */
export function invalidPenalty(traj: TrajectorySummary, turn: number, coef: number): number {
  return coef !== 0 && traj.actionValid !== undefined && !traj.actionValid[turn] ? coef : 0;
}

/** s_{i,t} = score_i − c·1[invalid_{i,t}] for every turn of every trajectory. */
export function penalizedTurnScores(
  group: RolloutGroup,
  trajectoryScores: readonly number[],
  invalidActionPenalty: number,
): number[][] {
  return group.trajectories.map((traj, i) =>
    Array.from({ length: traj.numTurns }, (_, t) => trajectoryScores[i] - invalidPenalty(traj, t, invalidActionPenalty)),
  );
}

/** Flattens [i][t] to trajectory-major rows (verl-agent's gather_rollout_data order). */
export function flattenTurns(perTurn: readonly (readonly number[])[]): number[] {
  const rows: number[] = [];
  for (const row of perTurn) for (const x of row) rows.push(x); // a loop: flatMap copies a million-turn row slowly
  return rows;
}

/** Inverse of flattenTurns for the group's shape. */
export function unflattenTurns(group: RolloutGroup, rows: readonly number[]): number[][] {
  let r = 0;
  return group.trajectories.map((traj) => rows.slice(r, (r += traj.numTurns)));
}

/**
 * Group-normalizes per-turn scores s_{i,t} of one group with trajectory-level or turn-weighted
 * statistics (singleton rule from `options`). Each turn is normalized with its own score.
 */
export function normalizeTurnScores(
  group: RolloutGroup,
  scores: readonly (readonly number[])[],
  stats: GroupStats,
  options: GroupNormOptions,
): number[][] {
  const rows = flattenTurns(scores);
  const trajIds: string[] = [];
  group.trajectories.forEach((traj, i) => {
    const id = String(i);
    for (let t = 0; t < traj.numTurns; t++) trajIds.push(id);
  });
  const normalized = groupNormalizeRows(rows, Array<string>(rows.length).fill('group'), {
    ...options,
    statsRows: stats === 'trajectory' ? 'first-per-trajectory' : 'all',
    trajIds,
  });
  return unflattenTurns(group, normalized);
}

/** Copies a scalar per trajectory onto each of its turns. */
export function broadcastToTurns(group: RolloutGroup, perTrajectory: readonly number[]): number[][] {
  return group.trajectories.map((traj, i) => Array<number>(traj.numTurns).fill(perTrajectory[i]));
}

/** 1[success]·R(τ_i) for every trajectory. */
export function successRewards(group: RolloutGroup): number[] {
  return group.trajectories.map((traj) => (traj.success ? traj.reward : 0));
}

/** Per-turn env rewards, or R on the last turn when the trajectory has none recorded. */
export function turnRewardsOf(traj: TrajectorySummary): number[] {
  if (traj.turnRewards) return traj.turnRewards;
  return Array.from({ length: traj.numTurns }, (_, t) => (t === traj.numTurns - 1 ? traj.reward : 0));
}
