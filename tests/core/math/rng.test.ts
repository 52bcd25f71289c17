import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from '../../../src/core/math/rng';

const take = (seed: number, n: number) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe('createRng', () => {
  it('the same seed gives the same sequence', () => {
    expect(take(42, 100)).toEqual(take(42, 100));
  });

  it('neighbouring seeds give different sequences', () => {
    const a = take(1, 20);
    const b = take(2, 20);
    expect(a).not.toEqual(b);
    expect(a.filter((x, i) => x === b[i]).length).toBe(0);
  });

  it('the first draws of seed 0 are pinned (a change here breaks every saved share link)', () => {
    const first = take(0, 3).map((x) => Math.round(x * 1e9));
    expect(first).toEqual([829595947, 888490356, 954028961]);
  });

  it('uniform draws are roughly uniform (chi-square over 10 bins)', () => {
    const rng = createRng(7);
    const bins = new Array(10).fill(0);
    const n = 100_000;
    for (let i = 0; i < n; i++) bins[Math.floor(rng.next() * 10)]++;
    const expected = n / 10;
    const chi2 = bins.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(27.88); // p = 0.001 critical value, 9 degrees of freedom
    for (const x of take(3, 1000)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it('int(n) covers exactly 0..n-1', () => {
    const rng = createRng(5);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(rng.int(6));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(() => rng.int(0)).toThrow(RangeError);
  });

  it('normal() has mean ≈ 0 and variance ≈ 1', () => {
    const rng = createRng(11);
    const xs = Array.from({ length: 50_000 }, () => rng.normal());
    const m = xs.reduce((s, x) => s + x, 0) / xs.length;
    const v = xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1);
    expect(Math.abs(m)).toBeLessThan(0.02);
    expect(Math.abs(v - 1)).toBeLessThan(0.03);
  });

  it('categorical() follows the weights and never picks a zero weight', () => {
    const rng = createRng(9);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[rng.categorical([1, 0, 3])]++;
    expect(counts[1]).toBe(0);
    expect(counts[2] / counts[0]).toBeGreaterThan(2.7);
    expect(counts[2] / counts[0]).toBeLessThan(3.3);
  });

  it('shuffled() is a permutation and leaves its input alone', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const out = createRng(1).shuffled(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...out].sort((a, b) => a - b)).toEqual(input);
  });
});

describe('deriveSeed', () => {
  it('is stable for the same path', () => {
    expect(deriveSeed(123, 'env', 4, 2)).toBe(deriveSeed(123, 'env', 4, 2));
  });

  it('separates names, numbers, order and roots', () => {
    const seeds = [
      deriveSeed(1, 'env', 0),
      deriveSeed(1, 'sample', 0),
      deriveSeed(1, 'env', 1),
      deriveSeed(1, 0, 'env'),
      deriveSeed(1, 'env0'),
      deriveSeed(1, 'env', '0'),
      deriveSeed(2, 'env', 0),
    ];
    expect(new Set(seeds).size).toBe(seeds.length);
  });

  it('a new consumer does not shift an existing stream', () => {
    // Streams are addressed by name, not by draw order: creating others first changes nothing.
    const before = take(deriveSeed(99, 'sample', 3, 1, 0), 5);
    take(deriveSeed(99, 'new-consumer'), 50);
    const after = take(deriveSeed(99, 'sample', 3, 1, 0), 5);
    expect(after).toEqual(before);
  });

  it('derived streams are uncorrelated', () => {
    const n = 20_000;
    const a = take(deriveSeed(5, 'a'), n);
    const b = take(deriveSeed(5, 'b'), n);
    const ma = a.reduce((s, x) => s + x, 0) / n;
    const mb = b.reduce((s, x) => s + x, 0) / n;
    let cov = 0;
    let va = 0;
    let vb = 0;
    for (let i = 0; i < n; i++) {
      cov += (a[i] - ma) * (b[i] - mb);
      va += (a[i] - ma) ** 2;
      vb += (b[i] - mb) ** 2;
    }
    const corr = cov / Math.sqrt(va * vb);
    expect(Math.abs(corr)).toBeLessThan(0.03); // ~4 standard errors at n = 20k
  });
});
