/**
 * The log-softmax runs on each decision's allowed tokens laid out in K slots (batch.ts
 * allowedSlots): the slots must list the allowed tokens in ascending order, mask the unused ones,
 * and point at the chosen token, whatever mix of constrained, free and empty decisions a batch has.
 */
import { describe, expect, it } from 'vitest';
import { allowedSlots } from '../../../src/core/policy/batch';

describe('allowed-token slots', () => {
  it('lists each decision\'s allowed tokens in K slots, masks the rest and marks the chosen one', () => {
    const V = 6;
    const s = allowedSlots([[1, 3], [0, 2, 4, 5], null, undefined], Int32Array.from([3, 4, 2, 0]), V);
    expect(s.width).toBe(6); // the empty slot (undefined) allows all V tokens
    const K = s.width;
    const row = (n: number) => Array.from(s.index.subarray(n * K, (n + 1) * K), (i) => i - n * V);
    expect(row(0)).toEqual([1, 3, 1, 1, 1, 1]); // unused slots repeat the first allowed token
    expect(row(1)).toEqual([0, 2, 4, 5, 0, 0]);
    expect(row(2)).toEqual([1, 2, 3, 4, 5, 1]); // null: every token but <pad>
    expect(row(3)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Array.from(s.bias.subarray(0, K))).toEqual([0, 0, -1e9, -1e9, -1e9, -1e9]);
    expect(Array.from(s.bias.subarray(2 * K, 3 * K))).toEqual([0, 0, 0, 0, 0, -1e9]);
    expect(Array.from(s.chosen)).toEqual([1, K + 2, 2 * K + 1, 3 * K]);
    expect(Array.from(s.oneHot).reduce((a, b) => a + b, 0)).toBe(4); // one per decision (the empty slot's token 0 too; its mask is 0)
    expect(s.oneHot[1]).toBe(1);
    expect(s.oneHot[K + 2]).toBe(1);
  });

  it('lists every allowed (decision, token) pair once, by decision and by token, for the output layer\'s sparse backward', () => {
    const V = 6;
    const s = allowedSlots([[1, 3], [0, 2, 4, 5], null], Int32Array.from([3, 4, 2]), V);
    const e = s.entries!;
    expect(Array.from(e.decision)).toEqual([0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect(Array.from(e.token)).toEqual([1, 3, 0, 2, 4, 5, 1, 2, 3, 4, 5]);
    expect(Array.from(e.at)).toEqual(Array.from(e.decision, (n, i) => n * V + e.token[i]));
    // by token: tokens ascending, decisions ascending within a token
    expect(Array.from(e.byToken.token)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect(Array.from(e.byToken.decision)).toEqual([1, 0, 2, 1, 2, 0, 2, 1, 2, 1, 2]);
    expect(Array.from(e.byToken.at)).toEqual(Array.from(e.byToken.decision, (n, i) => n * V + e.byToken.token[i]));
  });

  it('gives no pairs when a decision\'s allowed tokens do not ascend (the backward pass then runs the dense products)', () => {
    expect(allowedSlots([[3, 1]], Int32Array.from([3]), 6).entries).toBeNull();
    expect(allowedSlots([[1, 1]], Int32Array.from([1]), 6).entries).toBeNull();
  });

  it('refuses a recorded token that its decision did not allow', () => {
    expect(() => allowedSlots([[1, 3]], Int32Array.from([2]), 6)).toThrow(/token 2 is not among its allowed tokens/);
  });
});
