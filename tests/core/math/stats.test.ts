import { describe, expect, it } from 'vitest';
import { mean, minMax, std, variance } from '../../../src/core/math/stats';

describe('stats helpers', () => {
  it('mean of [2, 4, 4, 4, 5, 5, 7, 9] is 5', () => {
    expect(mean([2, 4, 4, 4, 5, 5, 7, 9])).toBe(5);
  });

  it('std is Bessel-corrected: [2, 4, 4, 4, 5, 5, 7, 9] gives √(32/7), not 2', () => {
    // Σ(x − 5)² = 9+1+1+1+0+0+4+16 = 32; 32 / (8 − 1) = 4.571428…
    expect(variance([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(32 / 7, 12);
    expect(std([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 12);
  });

  it('a success/failure pair [10, 0] has std 7.0710678… (torch.std)', () => {
    expect(std([10, 0])).toBeCloseTo(7.0710678118654755, 12);
  });

  it('empty and singleton inputs are NaN, not silently 0', () => {
    expect(mean([])).toBeNaN();
    expect(std([3])).toBeNaN();
  });

  it('minMax finds both ends in one pass, of any length, and [Infinity, -Infinity] for none', () => {
    expect(minMax([3, -1, 7, 0])).toEqual([-1, 7]);
    expect(minMax(new Float32Array([2]))).toEqual([2, 2]);
    expect(minMax([])).toEqual([Infinity, -Infinity]);
    const long = Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 300_000);
    expect(minMax(long)).toEqual([0, 299_999]); // too long to spread into Math.min
  });
});
