import { describe, expect, it } from 'vitest';
import { ALPHA_FINAL, ALPHA_INIT, alphaAt } from '../../../src/core/advantage/alpha-schedule';

describe('alphaAt', () => {
  it('linear decay starts at α_init on iteration 0 and reaches α_final at k = K', () => {
    expect(alphaAt(0, 150, ALPHA_INIT, ALPHA_FINAL, 'linear')).toBe(0.1);
    expect(alphaAt(75, 150, 0.1, 0.05, 'linear')).toBeCloseTo(0.075, 15);
    expect(alphaAt(150, 150, 0.1, 0.05, 'linear')).toBeCloseTo(0.05, 15);
  });

  it('indexing is k/K: the last update (k = K − 1) is still slightly above α_final', () => {
    expect(alphaAt(149, 150, 0.1, 0.05, 'linear')).toBeCloseTo(0.1 - 0.05 * (149 / 150), 15);
    expect(alphaAt(149, 150, 0.1, 0.05, 'linear')).toBeGreaterThan(0.05);
  });

  it('clamps: beyond K stays at α_final, negative k counts as 0, K ≤ 0 gives α_final', () => {
    expect(alphaAt(1000, 150, 0.1, 0.05, 'linear')).toBeCloseTo(0.05, 15);
    expect(alphaAt(-5, 150, 0.1, 0.05, 'linear')).toBe(0.1);
    expect(alphaAt(3, 0, 0.1, 0.05, 'linear')).toBeCloseTo(0.05, 15);
  });

  it('constant schedule always returns α_init (the paper ablation)', () => {
    for (const k of [0, 10, 150, 400]) expect(alphaAt(k, 150, 0.1, 0.05, 'constant')).toBe(0.1);
  });

  it('paper defaults: α_init = 2·α_final = 0.1', () => {
    expect(ALPHA_INIT).toBe(2 * ALPHA_FINAL);
    expect(ALPHA_INIT).toBe(0.1);
  });
});
