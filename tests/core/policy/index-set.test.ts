import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IndexSet } from '../../../src/core/policy/index-set';

describe('IndexSet', () => {
  it('takes out what was marked, once each and ascending, and is empty afterwards, across widths and uses', () => {
    const set = new IndexSet(); // one instance for every run: each use must leave it clean
    fc.assert(fc.property(fc.integer({ min: 1, max: 4_099 }), fc.array(fc.nat(), { maxLength: 200 }), fc.boolean(), (width, raw, asArray) => {
      const picks = raw.map((x) => x % width);
      set.reset(width);
      const fresh = picks.map((i) => set.add(i));
      const expected = [...new Set(picks)].sort((a, b) => a - b);
      expect(fresh.filter(Boolean)).toHaveLength(expected.length); // add says true the first time only
      expect(asArray ? set.takeArray() : Array.from(set.take())).toEqual(expected);
      set.reset(width);
      expect(set.takeArray()).toEqual([]);
    }), { numRuns: 200 });
  });
});
