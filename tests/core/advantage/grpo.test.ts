import { describe, expect, it } from 'vitest';
import { estimateAdvantages } from '../../../src/core/advantage/registry';
import { alfworldLike8, closeNested, group, traj } from './fixtures';

describe('grpo', () => {
  it('trajectory-level statistics are the default and give a success in alfworld_like_8 +0.7246', () => {
    const out = estimateAdvantages('grpo', alfworldLike8());
    expect(out.perTurn[0][0]).toBeCloseTo(0.7246, 4);
    expect(out.perTurn[1][0]).toBeCloseTo(-1.2076, 4);
  });

  it('turn-weighted statistics (verl-agent cross-steps) give the same success +1.3179 and a failure −0.7556', () => {
    const out = estimateAdvantages('grpo', alfworldLike8(), { stats: 'turn-weighted' });
    expect(out.perTurn[0][0]).toBeCloseTo(1.3179, 4);
    expect(out.perTurn[1][0]).toBeCloseTo(-0.7556, 4);
  });

  it('Bessel correction counts rows: one success and one failure of 4 turns give ±0.7071 vs ±0.9354', () => {
    const pair = group(traj(true, 4), traj(false, 4));
    expect(estimateAdvantages('grpo', pair).perTurn[0][0]).toBeCloseTo(Math.SQRT1_2, 5);
    expect(estimateAdvantages('grpo', pair, { stats: 'turn-weighted' }).perTurn[0][0]).toBeCloseTo(Math.sqrt(7 / 8), 5);
  });

  it('a group of one trajectory gets R/(1 + ε), but 0 with turn-weighted statistics over T > 1 equal rows', () => {
    const one = group(traj(true, 3));
    expect(estimateAdvantages('grpo', one).perTurn[0]).toEqual(Array(3).fill(10 / (1 + 1e-6)));
    expect(estimateAdvantages('grpo', one, { stats: 'turn-weighted' }).perTurn[0]).toEqual([0, 0, 0]);
    expect(estimateAdvantages('grpo', one, { normalizeByStd: false }).perTurn[0][0]).toBe(10);
  });

  it('no-std (Dr. GRPO) only subtracts the mean', () => {
    const out = estimateAdvantages('grpo', group(traj(true, 2), traj(false, 2), traj(false, 1)), { normalizeByStd: false });
    expect(closeNested(out.perTurn, [[20 / 3, 20 / 3], [-10 / 3, -10 / 3], [-10 / 3]])).toBe(true);
    expect(out.components.groupMean).toBeCloseTo(10 / 3, 12);
    expect(out.components.groupScale).toBe(1);
  });

  it('the score is R as given, whether or not the trajectory succeeded', () => {
    const partial = group({ ...traj(false, 1), reward: 4 }, traj(false, 1));
    expect(estimateAdvantages('grpo', partial, { normalizeByStd: false }).perTurn).toEqual([[2], [-2]]);
  });

  it('the invalid-action penalty lowers its own turn; trajectory statistics take each first turn', () => {
    const g = group(traj(true, 2, undefined, { actionValid: [true, false] }), traj(false, 2, undefined, { actionValid: [false, true] }));
    const out = estimateAdvantages('grpo', g, { normalizeByStd: false, invalidActionPenalty: 0.1 });
    // first-turn scores 10 and −0.1 → mean 4.95
    expect(out.perTurn[0][0]).toBeCloseTo(5.05, 12);
    expect(out.perTurn[0][1]).toBeCloseTo(4.95, 12);
    expect(out.perTurn[1][0]).toBeCloseTo(-5.05, 12);
    expect(out.perTurn[1][1]).toBeCloseTo(-4.95, 12);
  });

  it('rejects malformed trajectories with a readable error', () => {
    expect(() => estimateAdvantages('grpo', group({ ...traj(true, 2), numTokens: [3] }))).toThrow(/numTokens has 1 entries for 2 turns/);
    expect(() => estimateAdvantages('grpo', group({ ...traj(true, 1), numTurns: 0, numTokens: [] }))).toThrow(/numTurns/);
  });
});
