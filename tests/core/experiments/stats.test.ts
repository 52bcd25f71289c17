import { describe, expect, it } from 'vitest';
import { formatMeanCi, meanCi, regularizedBeta, tCdf, tQuantile } from '../../../src/core/experiments/stats';

describe('Student-t statistics', () => {
  it('the 0.975 quantile matches the printed t table for 1 to 30 degrees of freedom and beyond', () => {
    const table: Array<[number, number]> = [[1, 12.706], [2, 4.303], [3, 3.182], [4, 2.776], [5, 2.571], [9, 2.262], [10, 2.228], [20, 2.086], [30, 2.042], [120, 1.980]];
    for (const [df, t] of table) expect(tQuantile(0.975, df)).toBeCloseTo(t, 3);
  });

  it('a huge number of degrees of freedom approaches the normal 1.96', () => {
    expect(tQuantile(0.975, 1e6)).toBeCloseTo(1.95996, 4);
  });

  it('the t CDF is symmetric and the quantile inverts it', () => {
    for (const df of [1, 2, 5, 17]) {
      expect(tCdf(0, df)).toBeCloseTo(0.5, 12);
      expect(tCdf(-1.3, df) + tCdf(1.3, df)).toBeCloseTo(1, 12);
      expect(tCdf(tQuantile(0.9, df), df)).toBeCloseTo(0.9, 9);
      expect(tQuantile(0.1, df)).toBeCloseTo(-tQuantile(0.9, df), 9);
    }
  });

  it('the regularized incomplete beta function has the closed forms I_x(1,1) = x and I_x(a,1) = x^a', () => {
    expect(regularizedBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(regularizedBeta(0.6, 3, 1)).toBeCloseTo(0.216, 12);
    expect(regularizedBeta(0, 2, 3)).toBe(0);
    expect(regularizedBeta(1, 2, 3)).toBe(1);
  });

  it('mean ± CI over three seeds uses t(0.975, 2) times the Bessel standard error', () => {
    const ci = meanCi([0.5, 0.7, 0.9]);
    expect(ci.n).toBe(3);
    expect(ci.mean).toBeCloseTo(0.7, 12);
    const se = 0.2 / Math.sqrt(3); // Bessel std of (0.5, 0.7, 0.9) is 0.2
    expect(ci.halfWidth).toBeCloseTo(4.302653 * se, 5);
    expect(ci.low).toBeCloseTo(0.7 - ci.halfWidth!, 12);
    expect(ci.high).toBeCloseTo(0.7 + ci.halfWidth!, 12);
  });

  it('one seed gives a mean without an interval and no seeds give nothing', () => {
    expect(meanCi([0.4])).toEqual({ n: 1, mean: 0.4, halfWidth: null, low: null, high: null });
    expect(meanCi([])).toEqual({ n: 0, mean: null, halfWidth: null, low: null, high: null });
  });

  it('missing values are dropped before counting seeds', () => {
    const ci = meanCi([null, 2, undefined, 4, Number.NaN]);
    expect(ci.n).toBe(2);
    expect(ci.mean).toBe(3);
    expect(ci.halfWidth).toBeCloseTo(12.7062, 3); // s = √2, se = s/√2 = 1
  });

  it('identical seeds give a zero-width interval', () => {
    expect(meanCi([5, 5, 5]).halfWidth).toBe(0);
  });

  it('formatting prints mean ± half-width, the mean alone, or a dash', () => {
    expect(formatMeanCi(meanCi([0.5, 0.7, 0.9]), 1, 100)).toBe('70.0 ± 49.7');
    expect(formatMeanCi(meanCi([0.25]), 1, 100)).toBe('25.0');
    expect(formatMeanCi(meanCi([]))).toBe('–');
  });
});
