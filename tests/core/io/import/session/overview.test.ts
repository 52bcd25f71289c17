import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrajectorySummary } from '../../../../../src/core/advantage/types';
import type { ImportedGroup } from '../../../../../src/core/io/import/session/groups';
import { lengthHeterogeneity, median, overviewBySteps } from '../../../../../src/core/io/import/session/overview';

const single = (numTokens: number, success = true): TrajectorySummary => ({ success, reward: success ? 1 : 0, numTurns: 1, numTokens: [numTokens] });

function group(step: number | null, trajectories: TrajectorySummary[]): ImportedGroup {
  // the fields the overview reads; the rest of ImportedGroup (reader notes) does not enter it
  return {
    groupId: `g${step}-${trajectories.length}`, members: trajectories.map((_, k) => k), summary: { trajectories },
    step, env: 'math', taskType: null, taskId: 't', instruction: 'p',
  } as ImportedGroup;
}

describe('overview length heterogeneity', () => {
  it('max/min and CV of one group of single-turn completions are worked out by hand', () => {
    // L = 100, 200, 300, 400: max/min 4; mean 250, Bessel std √(50000/3) = 129.10, CV 0.5164
    const spread = lengthHeterogeneity([100, 200, 300, 400])!;
    expect(spread.ratio).toBe(4);
    expect(spread.cv).toBeCloseTo(129.0994 / 250, 4);
  });

  it('a group with fewer than two responses or a zero length has no heterogeneity', () => {
    expect(lengthHeterogeneity([120])).toBeNull();
    expect(lengthHeterogeneity([0, 40])).toBeNull();
  });

  it('per step, the row holds the median over the step\'s groups (failures count: every response is in)', () => {
    const groups = [
      group(1, [single(100), single(200, false)]), // ratio 2
      group(1, [single(50), single(50)]), // ratio 1
      group(1, [single(10), single(80, false)]), // ratio 8
      group(2, [single(30), single(90)]), // ratio 3
      group(2, [single(7)]), // a group of one: left out
    ];
    const rows = overviewBySteps(groups, groups.map((_, k) => k), {});
    expect(rows.map((r) => [r.step, r.lengthRatio])).toEqual([[1, 2], [2, 3]]);
    expect(rows[0].lengthCv).toBeCloseTo(median([Math.SQRT2 / 3 * 1, 0, (70 / Math.SQRT2) / 45])!, 9);
  });

  it('the ratio is at least 1 and does not change when every length is scaled', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 2, maxLength: 16 }), fc.integer({ min: 2, max: 9 }), (lengths, k) => {
      const a = lengthHeterogeneity(lengths)!;
      const b = lengthHeterogeneity(lengths.map((l) => l * k))!;
      expect(a.ratio).toBeGreaterThanOrEqual(1);
      expect(b.ratio).toBeCloseTo(a.ratio, 9);
      expect(b.cv).toBeCloseTo(a.cv, 9);
    }));
  });

  it('a group of one adds nothing to the mean advantages of its step (it has no relative advantage)', () => {
    const groups = [group(1, [single(100), single(200, false)]), group(1, [single(50)])];
    const scores = { grpo: [{ perTurn: [[0.7], [-0.7]], components: {} }, { perTurn: [[5]], components: {} }] };
    const [row] = overviewBySteps(groups, [0, 1], scores);
    expect(row.estimators.grpo).toEqual({ meanAdvantage: 0, meanAbsAdvantage: 0.7 });
    expect(row.groups).toBe(2);
  });
});
