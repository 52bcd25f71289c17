/** Shared helpers for the loss tests: the golden file, float32 tolerances, tensor construction. */
import { readFileSync } from 'node:fs';
import { goldenPath } from '../../golden-files';
import * as tf from '@tensorflow/tfjs';
import { expect } from 'vitest';

const GOLDEN_PATH = goldenPath('policy_loss_kl_golden.json');

export type Matrix = number[][];
export type GoldenNumber = number | 'NaN';

export interface GoldenAggResult {
  pg_loss: number;
  pg_clipfrac: number;
  ppo_kl: number;
  pg_clipfrac_lower: number;
  entropy_agg: number;
  kl_low_var_kl_agg: number;
  'actor_loss_entropy0.001_kl0.01': number;
  grad_pg_loss_wrt_log_prob: Matrix;
  grad_actor_loss_wrt_log_prob: Matrix;
}

export interface GoldenPolicyCase {
  advantages: 'row_broadcast' | 'token_varying';
  clip: string;
  clip_ratio_low: number;
  clip_ratio_high: number;
  clip_ratio_c: number;
  pg_loss_matrix_unmasked: Matrix;
  by_agg_mode: Record<string, GoldenAggResult>;
}

export interface PolicyLossGolden {
  inputs: Record<
    'old_log_prob' | 'log_prob' | 'ratio' | 'response_mask' | 'advantages_row_broadcast' | 'advantages_token_varying' | 'ref_log_prob' | 'entropy',
    Matrix
  >;
  policy_loss_cases: GoldenPolicyCase[];
  kl: Record<string, { per_token: Matrix; agg: Record<string, number> }>;
  agg_loss_edge_cases: Array<{ name: string; loss_mat: Matrix; mask: Matrix; agg: Record<string, GoldenNumber> }>;
  micro_batch_example: {
    loss_mat: Matrix;
    mask: Matrix;
    results: Record<string, { whole_minibatch: number; two_micro_batches_of_2_accumulated: number }>;
  };
}

export function loadGolden(): PolicyLossGolden {
  return JSON.parse(readFileSync(GOLDEN_PATH, 'utf8')) as PolicyLossGolden;
}

/**
 * float32 tolerance against torch float64 references: |got − want| ≤ ABS_TOL + REL_TOL·|want|.
 * tfjs computes in float32 (≈ 6e-8 unit roundoff); the golden values are float64.
 */
export const ABS_TOL = 1e-6;
export const REL_TOL = 1e-5;

/** Largest |got − want| / (ABS_TOL + REL_TOL·|want|) seen, and the largest absolute error. */
export const observed = { worstRatio: 0, maxAbsError: 0, comparisons: 0 };

export function expectClose(got: number, want: GoldenNumber, what: string): void {
  if (want === 'NaN') {
    expect(got, what).toBeNaN();
    return;
  }
  const err = Math.abs(got - want);
  const bound = ABS_TOL + REL_TOL * Math.abs(want);
  observed.comparisons++;
  observed.maxAbsError = Math.max(observed.maxAbsError, err);
  observed.worstRatio = Math.max(observed.worstRatio, err / bound);
  if (!(err <= bound)) expect.fail(`${what}: got ${got}, want ${want} (|Δ| = ${err} > ${bound})`);
}

export function expectMatrixClose(got: Matrix, want: Matrix, what: string): void {
  expect(got.length, `${what} rows`).toBe(want.length);
  want.forEach((row, r) => {
    expect(got[r].length, `${what} row ${r} length`).toBe(row.length);
    row.forEach((w, k) => expectClose(got[r][k], w, `${what}[${r}][${k}]`));
  });
}

export function scalarOf(t: tf.Tensor): number {
  const v = t.dataSync()[0];
  t.dispose();
  return v;
}

export function matrixOf(t: tf.Tensor): Matrix {
  const v = t.arraySync() as Matrix;
  t.dispose();
  return v;
}

export function t2(m: Matrix): tf.Tensor2D {
  return tf.tensor2d(m, undefined, 'float32');
}
