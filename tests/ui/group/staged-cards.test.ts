import { describe, expect, it } from 'vitest';
import { stagedCards } from '../../../src/ui/group/staged-cards';

describe('staged card replacement', () => {
  const before = ['a0', 'a1', 'a2', 'a3'];
  const after = ['b0', 'b1', 'b2', 'b3'];

  it('switches the first cards in display order and keeps the very objects shown before for the rest', () => {
    const shown = stagedCards(before, after, [2, 0, 3, 1], 2);
    expect(shown).toEqual(['b0', 'a1', 'b2', 'a3']);
    expect(shown[1]).toBe(before[1]);
  });

  it('ends with the new group whole', () => {
    expect(stagedCards(before, after, [0, 1, 2, 3], 4)).toEqual(after);
    expect(stagedCards(before, after, [0, 1, 2, 3], 10)).toEqual(after);
  });

  it('draws a first group in stages too: a member with no card yet has none until its stage', () => {
    expect(stagedCards(null, after, [3, 1, 0, 2], 2)).toEqual([undefined, 'b1', undefined, 'b3']);
    expect(stagedCards(null, after, [3, 1, 0, 2], 4)).toEqual(after);
  });

  it('draws the new members of a group that grew in their stage', () => {
    expect(stagedCards(['a0'], ['b0', 'b1', 'b2'], [0, 1, 2], 0)).toEqual(['a0', undefined, undefined]);
    expect(stagedCards(['a0'], ['b0', 'b1', 'b2'], [0, 1, 2], 2)).toEqual(['b0', 'b1', undefined]);
  });
});
