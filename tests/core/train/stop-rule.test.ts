import { describe, expect, it } from 'vitest';
import { reachedSuccess, trailingSuccess } from '../../../src/core/train/stop-rule';

describe('success stop rule', () => {
  it('is the mean of the last `window` success rates, null until that many are logged', () => {
    expect(trailingSuccess([0.2, 0.4], 3)).toBeNull();
    expect(trailingSuccess([0.9, 0.2, 0.4, 0.6], 3)).toBeCloseTo(0.4, 12);
    expect(() => trailingSuccess([1], 0)).toThrow(RangeError);
  });

  it('stops once the trailing mean reaches the threshold, not on one lucky iteration', () => {
    const stop = { threshold: 0.5, window: 3 };
    expect(reachedSuccess([0, 0, 1], stop)).toBe(false); // mean 0.33
    expect(reachedSuccess([0, 0.5, 1], stop)).toBe(true); // mean 0.5
    expect(reachedSuccess([1, 1], stop)).toBe(false); // fewer than 3 iterations
  });
});
