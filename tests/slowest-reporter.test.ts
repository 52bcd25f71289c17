import { describe, expect, it } from 'vitest';
import { formatTable, slowest } from './slowest-reporter';

describe('the slowest-tests reporter', () => {
  it('keeps the largest times, largest first, and ties in input order', () => {
    const entries = [
      { name: 'a', ms: 5 }, { name: 'b', ms: 40 }, { name: 'c', ms: 12 }, { name: 'd', ms: 40 }, { name: 'e', ms: 1 },
    ];
    expect(slowest(entries, 3).map((e) => e.name)).toEqual(['b', 'd', 'c']);
    expect(slowest(entries, 0)).toEqual([]);
    expect(slowest(entries, 99)).toHaveLength(5);
    expect(entries.map((e) => e.name)).toEqual(['a', 'b', 'c', 'd', 'e']); // the input is not reordered
  });

  it('prints rank, seconds and share of the total on one line per test', () => {
    const lines = formatTable('Slowest:', [{ name: 'tests/x.test.ts > x is slow', ms: 12_345 }, { name: 'y', ms: 655 }], 20_000);
    expect(lines).toEqual([
      'Slowest:',
      '  1.   12.3 s 61.7 %  tests/x.test.ts > x is slow',
      '  2.    0.7 s  3.3 %  y',
    ]);
  });
});
