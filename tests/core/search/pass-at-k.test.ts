import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestOfFirst, passAtK, powersOfTwo } from '../../../src/core/search/pass-at-k';

/** C(a, b) by Pascal's triangle (exact for small a). */
function binomial(a: number, b: number): number {
  if (b < 0 || b > a) return 0;
  let row = [1];
  for (let i = 1; i <= a; i++) row = [1, ...row.slice(1).map((v, j) => v + row[j]), 1];
  return row[b];
}

/** Brute force: the share of k-subsets of the n samples that hold a success. */
function bruteForce(flags: boolean[], k: number): number {
  let hit = 0;
  let all = 0;
  const walk = (start: number, left: number, any: boolean) => {
    if (left === 0) {
      all++;
      if (any) hit++;
      return;
    }
    for (let i = start; i <= flags.length - left; i++) walk(i + 1, left - 1, any || flags[i]);
  };
  walk(0, k, false);
  return hit / all;
}

describe('pass@k (Chen et al. 2021, Eq. 1)', () => {
  it('a worked example: 10 samples, 3 successes, k = 2 gives 1 − C(7,2)/C(10,2) = 1 − 21/45 = 8/15', () => {
    expect(passAtK(10, 3, 2)).toBeCloseTo(8 / 15, 12);
    expect(passAtK(10, 3, 1)).toBeCloseTo(0.3, 12); // pass@1 = c/n
  });

  it('is 1 when fewer than k samples failed, 0 with no success, and throws for k > n', () => {
    expect(passAtK(8, 5, 4)).toBe(1);
    expect(passAtK(64, 0, 64)).toBe(0);
    expect(() => passAtK(4, 1, 5)).toThrow(RangeError);
    expect(() => passAtK(4, 5, 1)).toThrow(RangeError);
  });

  it('equals the share of k-subsets with a success (brute force) and the binomial ratio', () => {
    fc.assert(fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), fc.nat(), (flags, r) => {
      const n = flags.length;
      const c = flags.filter(Boolean).length;
      const k = 1 + (r % n);
      expect(passAtK(n, c, k)).toBeCloseTo(bruteForce(flags, k), 10);
      expect(passAtK(n, c, k)).toBeCloseTo(1 - binomial(n - c, k) / binomial(n, k), 10);
    }));
  });

  it('grows with k and stays finite at n = 64', () => {
    const values = powersOfTwo(64).map((k) => passAtK(64, 3, k));
    values.slice(1).forEach((v, i) => expect(v).toBeGreaterThanOrEqual(values[i]));
    expect(values.every(Number.isFinite)).toBe(true);
  });
});

describe('best-of-N on the first N samples', () => {
  it('is 1 as soon as one of the first N succeeded', () => {
    const flags = [false, false, true, false];
    expect([1, 2, 3, 4].map((N) => bestOfFirst(flags, N))).toEqual([0, 0, 1, 1]);
    expect(() => bestOfFirst(flags, 5)).toThrow(RangeError);
  });

  it('averaged over every order of the samples, it equals pass@N', () => {
    const flags = [true, false, false, true, false];
    const orders: boolean[][] = [];
    const permute = (rest: boolean[], acc: boolean[]) => (rest.length === 0 ? orders.push(acc) : rest.forEach((f, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, f])));
    permute(flags, []);
    for (const N of [1, 2, 3]) {
      const mean = orders.reduce((a, o) => a + bestOfFirst(o, N), 0) / orders.length;
      expect(mean).toBeCloseTo(passAtK(5, 2, N), 12);
    }
  });

  it('budgets are the powers of two up to n, plus n', () => {
    expect(powersOfTwo(64)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(powersOfTwo(12)).toEqual([1, 2, 4, 8, 12]);
  });
});
