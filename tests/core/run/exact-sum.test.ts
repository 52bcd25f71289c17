import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExactSum } from '../../../src/core/run/exact-sum';

const sumOf = (values: readonly number[]) => values.reduce((s, v) => s.add(v), new ExactSum());
const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 });

describe('exact sum', () => {
  it('0.1 + 0.2 + 0.3 − 0.6 is exactly the double sum of the four literals (plain addition leaves 1.1e-16)', () => {
    expect(0.1 + 0.2 + 0.3 - 0.6).not.toBe(0);
    // the literals are not exactly 0.1 … : the exact sum of those doubles, rounded once, is 2^-54 + …
    const exact = sumOf([0.1, 0.2, 0.3, -0.6]).value();
    expect(sumOf([-0.6, 0.3, 0.2, 0.1]).value()).toBe(exact);
    expect(Math.abs(exact)).toBeLessThan(1e-16);
  });

  it('a huge value and its negation cancel without swallowing the small ones (1e16 + 1 − 1e16 = 1)', () => {
    expect(1e16 + 1 - 1e16).toBe(0);
    expect(sumOf([1e16, 1, -1e16]).value()).toBe(1);
  });

  it('the result does not depend on order or on any split into merged parts', () => {
    fc.assert(fc.property(fc.array(finite, { maxLength: 60 }), fc.array(fc.nat(3), { maxLength: 60 }), fc.nat(), (values, parts, seed) => {
      const whole = sumOf(values).value();
      const buckets = [new ExactSum(), new ExactSum(), new ExactSum(), new ExactSum()];
      values.forEach((v, i) => buckets[parts[i] ?? 0].add(v));
      const order = [0, 1, 2, 3].sort((a, b) => ((a * 7 + seed) % 5) - ((b * 7 + seed) % 5));
      const merged = order.reduce((s, k) => s.merge(buckets[k]), new ExactSum());
      expect(merged.value()).toBe(whole);
      expect(sumOf([...values].reverse()).value()).toBe(whole);
    }));
  });

  it('a part written as its partials and read back merges to the same value', () => {
    fc.assert(fc.property(fc.array(finite, { maxLength: 40 }), (values) => {
      const copy = ExactSum.from(JSON.parse(JSON.stringify(sumOf(values))) as number[]);
      expect(copy.value()).toBe(sumOf(values).value());
    }));
  });

  it('a zero total is +0, also for −0s alone, so it survives being written as partials (which drop zeros)', () => {
    expect(Object.is(sumOf([-0]).value(), 0)).toBe(true);
    expect(Object.is(sumOf([-0, -0]).value(), 0)).toBe(true);
    expect(Object.is(ExactSum.from(JSON.parse(JSON.stringify(sumOf([-0]))) as number[]).value(), 0)).toBe(true);
    expect(Object.is(sumOf([1.5, -1.5]).value(), 0)).toBe(true);
  });

  it('integers sum exactly where plain addition agrees, and a non-finite value is refused', () => {
    expect(sumOf([1, 2, 3, 4]).value()).toBe(10);
    expect(() => new ExactSum().add(Number.NaN)).toThrow(RangeError);
  });
});
