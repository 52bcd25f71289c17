import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STD_EPSILON,
  groupNormalize,
  groupNormalizeRows,
  type GroupNormOptions,
} from '../../../src/core/advantage/group-norm';
import { broadcastToTokens } from '../../../src/core/advantage/token-matrix';
import { expectClose, expectMatrixClose, loadAdvantagesGolden, type Json } from './golden';

const golden = loadAdvantagesGolden();
const std = (singleton: GroupNormOptions['singleton'], stdEpsilon = DEFAULT_STD_EPSILON): GroupNormOptions => ({
  normalizeByStd: true,
  stdEpsilon,
  singleton,
});
const noStd = (singleton: GroupNormOptions['singleton']): GroupNormOptions => ({
  normalizeByStd: false,
  stdEpsilon: DEFAULT_STD_EPSILON,
  singleton,
});

describe('golden simple_grpo_cases (verl-agent compute_grpo_outcome_advantage / step_norm_reward)', () => {
  const cases: Json[] = golden.simple_grpo_cases;
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const rows = (options: GroupNormOptions) =>
      groupNormalizeRows(c.scores, c.index, { ...options, trajIds: c.traj_index, statsRows: 'first-per-trajectory' });
    expectClose(rows(std('grpo-fn')), c.grpo_fn_std_norm, 'grpo_fn std');
    expectClose(rows(noStd('grpo-fn')), c.grpo_fn_no_std, 'grpo_fn no std');
    expectClose(rows(std('grpo-fn', 0)), c.grpo_fn_std_norm_eps0, 'grpo_fn eps 0');
    expectClose(rows(std('step-norm')), c.stepnorm_fn_std_norm, 'step-norm std');
    expectClose(rows(noStd('step-norm')), c.stepnorm_fn_no_std, 'step-norm no std');
  });
});

describe('golden token_matrix_example: broadcast to every valid token, padding 0', () => {
  const ex = golden.token_matrix_example;
  it('turn-weighted GRPO rows broadcast to the token matrix', () => {
    const scores = ex.rows.map((r: Json) => r.score);
    const perRow = groupNormalizeRows(scores, ex.rows.map((r: Json) => r.uid), std('grpo-fn'));
    expectClose(perRow, ex.per_row, 'per_row');
    const width = ex.response_mask[0].length;
    expectMatrixClose(broadcastToTokens(perRow, ex.response_lengths, width), ex.advantages, 'advantages');
  });

  it('the reward sits on the last valid token and only the row sum matters', () => {
    ex.token_level_rewards.forEach((row: number[], r: number) => {
      expect(row.reduce((a, b) => a + b, 0)).toBe(ex.rows[r].score);
    });
    expect(broadcastToTokens([-2], [1], 3)).toEqual([[-2, 0, 0]]);
    expect(Object.is(broadcastToTokens([-2], [1], 3)[0][2], -0)).toBe(false);
  });
});

describe('group normalization details', () => {
  it('std is Bessel-corrected: [10, 0] gives ±0.7071, not ±1', () => {
    const [a, b] = groupNormalize([10, 0], std('grpo-fn'));
    expect(a).toBeCloseTo(5 / (Math.sqrt(50) + 1e-6), 12);
    expect(b).toBeCloseTo(-a, 15);
  });

  it('ε is added to the std outside the sqrt: [0, 1e-6] gives ±0.2929, not ±0.7071', () => {
    const [a] = groupNormalize([0, 1e-6], std('grpo-fn'));
    expect(a).toBeCloseTo(-5e-7 / (Math.SQRT1_2 * 1e-6 + 1e-6), 12);
    expect(a).toBeCloseTo(-0.2928932188134525, 12);
  });

  it('a grpo-fn singleton is not zero (mean 0, std 1); a step-norm singleton is zero', () => {
    expect(groupNormalize([10], std('grpo-fn'))[0]).toBeCloseTo(10 / (1 + 1e-6), 12);
    expect(groupNormalize([10], noStd('grpo-fn'))[0]).toBe(10);
    expect(groupNormalize([10], std('step-norm'))[0]).toBe(0);
  });

  it('an all-equal group gives 0 with ε and NaN with ε = 0', () => {
    expect(groupNormalize([3, 3, 3], std('grpo-fn'))).toEqual([0, 0, 0]);
    expect(groupNormalize([3, 3], std('grpo-fn', 0)).every(Number.isNaN)).toBe(true);
  });

  it('first-per-trajectory statistics take the first row of each trajectory but normalize every row', () => {
    // trajectory a: rows 10, 9.9 (second row penalized); trajectory b: rows 0, 0
    const out = groupNormalizeRows([10, 9.9, 0, 0], ['g', 'g', 'g', 'g'], {
      ...noStd('grpo-fn'),
      statsRows: 'first-per-trajectory',
      trajIds: ['a', 'a', 'b', 'b'],
    });
    expectClose(out, [5, 4.9, -5, -5], 'rows');
  });

  it('duplicated rows count twice in all-rows statistics (verl-agent adjust_batch copies)', () => {
    const once = groupNormalizeRows([10, 0], ['g', 'g'], noStd('grpo-fn'));
    const dup = groupNormalizeRows([10, 0, 0], ['g', 'g', 'g'], noStd('grpo-fn'));
    expect(once[0]).toBe(5);
    expect(dup[0]).toBeCloseTo(10 - 10 / 3, 12);
  });

  it('rows of interleaved groups are normalized within their own group, order kept', () => {
    expectClose(groupNormalizeRows([10, 1, 0, 3], ['a', 'b', 'a', 'b'], noStd('grpo-fn')), [5, -1, -5, 1], 'rows');
  });
});
