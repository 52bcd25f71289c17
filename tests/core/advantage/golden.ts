/**
 * Loads ../shared/golden/advantages_golden.json (verl-agent's own functions, see its `source`)
 * and compares with the file's tolerance: |a − b| ≤ 1e-9 + 1e-9·|b| (float64), -0 == 0,
 * "NaN"/"Infinity" strings for non-finite values.
 */
import { readFileSync } from 'node:fs';
import { goldenPath } from '../../golden-files';
import { expect } from 'vitest';
import type { RolloutGroup, TrajectorySummary } from '../../../src/core/advantage/types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export function loadAdvantagesGolden(): Json {
  return JSON.parse(readFileSync(goldenPath('advantages_golden.json'), 'utf8'));
}

export const FLOAT64_TOL = { abs: 1e-9, rel: 1e-9 };
export const FLOAT32_TOL = { abs: 1e-6, rel: 1e-6 };

function toNumber(x: number | string): number {
  if (typeof x === 'number') return x;
  if (x === 'NaN') return Number.NaN;
  if (x === 'Infinity') return Number.POSITIVE_INFINITY;
  if (x === '-Infinity') return Number.NEGATIVE_INFINITY;
  throw new Error(`not a golden number: ${x}`);
}

/**
 * Element-wise comparison with a message naming the first failing index. The loop itself decides
 * and only the first failure goes through `expect`: one scenario holds a million turns, and an
 * `expect` per element made its tests take seconds.
 */
export function expectClose(actual: readonly number[], expected: readonly (number | string)[], label: string, tol = FLOAT64_TOL): void {
  expect(actual.length, `${label}: length`).toBe(expected.length);
  for (let k = 0; k < expected.length; k++) {
    const b = toNumber(expected[k]);
    const a = actual[k];
    if (Number.isNaN(b)) {
      if (!Number.isNaN(a)) expect.fail(`${label}[${k}]: expected NaN, got ${a}`);
    } else if (!(Math.abs(a - b) <= tol.abs + tol.rel * Math.abs(b))) {
      expect.fail(`${label}[${k}]: got ${a}, expected ${b}`);
    }
  }
}

export function expectMatrixClose(actual: number[][], expected: (number | string)[][], label: string, tol = FLOAT64_TOL): void {
  expect(actual.length, `${label}: rows`).toBe(expected.length);
  expected.forEach((row, r) => expectClose(actual[r], row, `${label}[${r}]`, tol));
}

export interface GoldenTrajectory {
  uid: string;
  traj_uid: string;
  success: boolean;
  T: number;
  L: number[];
}

/** Scenario trajectories as the estimators see them (R = 10 on success, else 0). */
export function toSummary(traj: GoldenTrajectory, rSuccess = 10): TrajectorySummary {
  const numTokens = traj.L.length === traj.T ? traj.L : Array<number>(traj.T).fill(traj.L[0]);
  return { success: traj.success, reward: traj.success ? rSuccess : 0, numTurns: traj.T, numTokens };
}

/**
 * Splits a scenario's trajectories by uid into groups, runs `perGroup` on each and returns
 * per-trajectory results in the scenario's original order (the golden row order).
 */
export function runByUid<T>(trajectories: GoldenTrajectory[], perGroup: (group: RolloutGroup) => T[]): T[] {
  const uids = [...new Set(trajectories.map((t) => t.uid))];
  const out: T[] = new Array(trajectories.length);
  for (const uid of uids) {
    const idx = trajectories.map((t, k) => (t.uid === uid ? k : -1)).filter((k) => k >= 0);
    const results = perGroup({ trajectories: idx.map((k) => toSummary(trajectories[k])) });
    idx.forEach((k, j) => (out[k] = results[j]));
  }
  return out;
}
