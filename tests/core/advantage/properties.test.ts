/** Invariants of the group-relative estimators, checked on random groups (fast-check). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ADVANTAGE_ESTIMATORS, ESTIMATOR_IDS, estimateAdvantages } from '../../../src/core/advantage/registry';
import { groupNormalize } from '../../../src/core/advantage/group-norm';
import { TURN_GROUPINGS } from '../../../src/core/advantage/planpo-response';
import type { RolloutGroup } from '../../../src/core/advantage/types';
import { groupArb, trajectoryArb } from './arbitraries';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const firstTurns = (perTurn: number[][]) => perTurn.map((row) => row[0]);

describe('group-relative invariants', () => {
  it('std-normalized scores sum to zero within a group', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 2, maxLength: 20 }), (scores) => {
        const out = groupNormalize(scores, { normalizeByStd: true, stdEpsilon: 1e-6, singleton: 'grpo-fn' });
        // Σ(x_i − μ) carries rounding error ≈ n·ulp(max|x|), divided by (σ + ε) ≥ ε: near-constant groups
        // (σ ≈ 0) amplify it by up to 1/ε, so the bound scales with max|x| / ε, not a fixed 1e-8.
        const maxAbs = Math.max(...scores.map(Math.abs));
        const bound = scores.length * (1e-8 + (8 * Number.EPSILON * maxAbs) / 1e-6);
        expect(Math.abs(sum(out))).toBeLessThan(bound);
      }),
    );
  });

  it('grpo and planpo A^E with trajectory-level statistics sum to zero over the trajectories', () => {
    fc.assert(
      fc.property(groupArb({ minSize: 2 }), (group) => {
        expect(Math.abs(sum(firstTurns(estimateAdvantages('grpo', group).perTurn)))).toBeLessThan(1e-8);
        const aE = estimateAdvantages('planpo', group).components.trajectoryAdvantage as number[][];
        expect(Math.abs(sum(firstTurns(aE)))).toBeLessThan(1e-8);
      }),
    );
  });

  it('grpo gives every success the same advantage, on every turn', () => {
    fc.assert(
      fc.property(groupArb(), fc.constantFrom('trajectory', 'turn-weighted' as const), (group, stats) => {
        const out = estimateAdvantages('grpo', group, { stats });
        const successes = out.perTurn.filter((_, i) => group.trajectories[i].success).flat();
        expect(new Set(successes).size).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('identical trajectories get identical advantages under every registry estimator', () => {
    fc.assert(
      fc.property(groupArb({ entropies: true }), trajectoryArb({ entropies: true }), fc.constantFrom(...ESTIMATOR_IDS), (group, twin, id) => {
        const doubled: RolloutGroup = { trajectories: [twin, ...group.trajectories, structuredClone(twin)] };
        const out = estimateAdvantages(id, doubled).perTurn;
        expect(out[out.length - 1]).toEqual(out[0]);
      }),
    );
  });

  it('planpo ranks a shorter success above a longer one (A^E, and A when all responses have equal length)', () => {
    fc.assert(
      fc.property(groupArb(), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), (group, t1, extra) => {
        const L = 16;
        const short = { success: true, reward: 10, numTurns: t1, numTokens: Array<number>(t1).fill(L) };
        const long = { success: true, reward: 10, numTurns: t1 + extra, numTokens: Array<number>(t1 + extra).fill(L) };
        const equalLengths = group.trajectories.map((t) => ({ ...t, numTokens: Array<number>(t.numTurns).fill(L) }));
        const out = estimateAdvantages('planpo', { trajectories: [short, long, ...equalLengths] });
        const aE = out.components.trajectoryAdvantage as number[][];
        expect(aE[0][0]).toBeGreaterThan(aE[1][0]);
        expect(Math.min(...out.perTurn[0])).toBeGreaterThan(Math.max(...out.perTurn[1]));
      }),
    );
  });

  it('all-fail groups give zero advantages for every group-relative estimator and grouping', () => {
    const groupRelative = ['grpo', 'planpo', 'planpo-ae-only', 'planpo-as-only', 'planpo-const-alpha', 'rloo', 'gigpo'] as const;
    fc.assert(
      fc.property(groupArb({ success: false }), fc.constantFrom(...groupRelative), fc.constantFrom(...TURN_GROUPINGS), (group, id, turnGrouping) => {
        const out = id.startsWith('planpo') ? estimateAdvantages('planpo', group, { ...ADVANTAGE_ESTIMATORS[id].defaults, turnGrouping }) : estimateAdvantages(id, group);
        expect(out.perTurn.flat().every((a) => a === 0)).toBe(true);
      }),
    );
  });
});
