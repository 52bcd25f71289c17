/** Small hand-made groups for the estimator tests. */
import type { RolloutGroup, TrajectorySummary } from '../../../src/core/advantage/types';

/** A trajectory with reward 10 on success, 0 otherwise; L defaults to 10 per turn. */
export function traj(success: boolean, numTurns: number, numTokens?: number[], extra: Partial<TrajectorySummary> = {}): TrajectorySummary {
  return {
    success,
    reward: success ? 10 : 0,
    numTurns,
    numTokens: numTokens ?? Array<number>(numTurns).fill(10),
    ...extra,
  };
}

export function group(...trajectories: TrajectorySummary[]): RolloutGroup {
  return { trajectories };
}

/** golden alfworld_like_8: successes with T = 6, 9, 14, 22, 35 and three 50-turn failures. */
export function alfworldLike8(): RolloutGroup {
  return group(traj(true, 6), traj(false, 50), traj(true, 9), traj(true, 14), traj(false, 50), traj(true, 22), traj(false, 50), traj(true, 35));
}

/** Nested arrays equal up to `tol` (absolute), same shape. */
export function closeNested(actual: readonly (readonly number[])[], expected: readonly (readonly number[])[], tol = 1e-12): boolean {
  return (
    actual.length === expected.length &&
    actual.every((row, i) => row.length === expected[i].length && row.every((a, t) => Math.abs(a - expected[i][t]) <= tol))
  );
}
