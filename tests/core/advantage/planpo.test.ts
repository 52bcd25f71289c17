import { describe, expect, it } from 'vitest';
import { ADVANTAGE_ESTIMATORS, estimateAdvantages } from '../../../src/core/advantage/registry';
import { responseAdvantages } from '../../../src/core/advantage/planpo-response';
import { DEFAULT_STD_EPSILON } from '../../../src/core/advantage/group-norm';
import { alfworldLike8, closeNested, group, traj } from './fixtures';

const aE = (out: { components: Record<string, unknown> }) => out.components.trajectoryAdvantage as number[][];
const aS = (out: { components: Record<string, unknown> }) => out.components.responseAdvantage as number[][];
const norm = { normalizeByStd: true, stdEpsilon: DEFAULT_STD_EPSILON } as const;

describe('planpo', () => {
  it('failures count in the mean with R^E = 0, so slow successes get A^E < 0 (T=22: −0.123, T=35: −0.401)', () => {
    const out = estimateAdvantages('planpo', alfworldLike8());
    expect(aE(out)[5][0]).toBeCloseTo(-0.123, 3);
    expect(aE(out)[7][0]).toBeCloseTo(-0.401, 3);
  });

  it('turn-weighted A^E statistics flip the sign of the T=35 success to +0.201', () => {
    expect(aE(estimateAdvantages('planpo', alfworldLike8(), { stats: 'turn-weighted' }))[7][0]).toBeCloseTo(0.201, 3);
  });

  it('A^E is broadcast to every turn of the trajectory', () => {
    const out = estimateAdvantages('planpo', alfworldLike8());
    for (const row of aE(out)) expect(new Set(row).size).toBe(1);
  });

  it('defaults: flat-success-only grouping, step-norm singletons, trajectory statistics, α = 0.1 decaying to 0.05', () => {
    expect(ADVANTAGE_ESTIMATORS.planpo.defaults).toMatchObject({
      turnGrouping: 'flat-success-only',
      turnSingleton: 'step-norm',
      stats: 'trajectory',
      alpha: 0.1,
      alphaInit: 0.1,
      alphaFinal: 0.05,
      alphaSchedule: 'linear',
      normalizeByStd: true,
      stdEpsilon: 1e-6,
      invalidActionPenalty: 0,
    });
  });

  it('success-only groupings give failed responses A^S = 0 and rank successes by 1/L', () => {
    const g = group(traj(true, 2, [10, 40]), traj(false, 2, [5, 5]), traj(true, 1, [20]));
    const out = aS(estimateAdvantages('planpo', g));
    expect(out[1]).toEqual([0, 0]);
    expect(out[0][0]).toBeGreaterThan(out[2][0]);
    expect(out[2][0]).toBeGreaterThan(out[0][1]);
  });

  it('a singleton A^S group gives R^S/(1 + ε) with grpo-fn (0.5 for L = 20) and 0 with step-norm', () => {
    const g = group(traj(true, 1, [20]), traj(false, 3));
    expect(responseAdvantages(g, 'flat-success-only', { ...norm, singleton: 'grpo-fn' })[0][0]).toBeCloseTo(0.5 / (1 + 1e-6), 12);
    expect(responseAdvantages(g, 'flat-success-only', { ...norm, singleton: 'step-norm' })[0][0]).toBe(0);
  });

  it('by-turn-index: one success among 3 failures gets A^S = 1.5 whatever its length (up to ε)', () => {
    for (const L of [5, 50, 500]) {
      const g = group(traj(true, 1, [L]), traj(false, 1), traj(false, 1), traj(false, 1));
      expect(responseAdvantages(g, 'by-turn-index', { ...norm, singleton: 'grpo-fn' })[0][0]).toBeCloseTo(1.5, 3);
    }
  });

  it('by-turn-index groups only the responses active at the same turn index', () => {
    const g = group(traj(true, 2, [10, 10]), traj(true, 3, [20, 10, 5]));
    const out = responseAdvantages(g, 'by-turn-index', { ...norm, singleton: 'step-norm' });
    expect(out[0][1]).toBe(0); // turn 1: R^S 1 and 1 → equal
    expect(out[1][2]).toBe(0); // turn 2: alone → step-norm singleton
    expect(out[0][0]).toBeCloseTo(Math.SQRT1_2, 5); // turn 0: R^S 1 vs 0.5
  });

  it('combines A = A^E + α·A^S and reports A^E, A^S and α', () => {
    const g = alfworldLike8();
    const out = estimateAdvantages('planpo', g, { alpha: 0.075 });
    const expected = aE(out).map((row, i) => row.map((e, t) => e + 0.075 * aS(out)[i][t]));
    expect(closeNested(out.perTurn, expected)).toBe(true);
    expect(out.components.alpha).toBe(0.075);
  });

  it('ablation presets: A^E only, α·A^S only, constant α flagged for the trainer', () => {
    const g = alfworldLike8();
    const full = estimateAdvantages('planpo', g);
    expect(closeNested(estimateAdvantages('planpo-ae-only', g).perTurn, aE(full))).toBe(true);
    const asOnly = aS(full).map((row) => row.map((s) => 0.1 * s));
    expect(closeNested(estimateAdvantages('planpo-as-only', g).perTurn, asOnly)).toBe(true);
    expect(ADVANTAGE_ESTIMATORS['planpo-const-alpha'].defaults).toMatchObject({ alphaSchedule: 'constant', alphaInit: 0.1, alphaFinal: 0.1 });
  });

  it('T_i counts every turn, invalid ones included; the penalty lowers A^E of that turn only', () => {
    const g = group(traj(true, 2, [10, 10], { actionValid: [false, true] }), traj(false, 2));
    const plain = estimateAdvantages('planpo', g, { normalizeByStd: false });
    expect(aE(plain)[0]).toEqual([2.5, 2.5]); // R^E = 10/2, mean 2.5
    const penalized = estimateAdvantages('planpo', g, { normalizeByStd: false, invalidActionPenalty: 0.1 });
    expect(aE(penalized)[0][0]).toBeCloseTo(2.45, 12); // first-turn scores 4.9, 0 → mean 2.45
    expect(aE(penalized)[0][1]).toBeCloseTo(2.55, 12);
    expect(aS(penalized)).toEqual(aS(plain));
  });

  it('an all-success group with different T gets nonzero A^E where GRPO gives 0', () => {
    const g = group(traj(true, 2), traj(true, 3), traj(true, 7));
    expect(estimateAdvantages('grpo', g).perTurn.flat().every((a) => a === 0)).toBe(true);
    expect(aE(estimateAdvantages('planpo', g)).map((r) => r[0]).every((a) => a !== 0)).toBe(true);
  });

  it('an empty response (L = 0) counts as one token instead of dividing by zero', () => {
    const g = group(traj(true, 2, [0, 1]), traj(true, 1, [4]));
    const out = estimateAdvantages('planpo', g);
    expect(aS(out)[0][0]).toBe(aS(out)[0][1]);
    expect(out.perTurn.flat().every(Number.isFinite)).toBe(true);
  });
});
