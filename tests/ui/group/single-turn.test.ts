import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getEstimator } from '../../../src/core/advantage/registry';
import type { RolloutTrajectoryV1 } from '../../../src/core/io/rollouts-v1';
import { sliceAdvantages } from '../../../src/core/rollout/records';
import type { ScoredRecord } from '../../../src/ui/model/advantage-lanes';
import { isSingleTurn, ranksAmong, rewardFields, singleTurnView } from '../../../src/ui/group/single-turn';

/** One GRPO group of single completions: (L, R, success) per member, TRL-style reward columns in turn info. */
function group(members: Array<[number, number, boolean]>): ScoredRecord[] {
  const records: RolloutTrajectoryV1[] = members.map(([length, reward, success], i) => ({
    schema: 'rollouts.v1', source: { framework: 'trl' }, env: { name: 'math' }, task: { task_id: 'q1', instruction: 'What is 6 × 7?' },
    group_id: 'g', traj_id: `t${i}`,
    turns: [{ t: 0, observation: '', response: `answer ${i}`, action: null, reward, done: true, response_tokens: length,
      info: { line: i + 1, accuracy_reward: success ? 1 : 0, format_reward: 0.5, rewards: { len: -length / 100 }, note: 'text' } }],
    outcome: { success, episode_reward: reward, num_turns: 1 },
  }));
  const summary = { trajectories: members.map(([length, reward, success]) => ({ success, reward, numTurns: 1, numTokens: [length] })) };
  const scored = Object.fromEntries(['grpo', 'planpo'].map((id) => {
    const e = getEstimator(id);
    return [id, e.estimate(summary, e.defaults)];
  }));
  return records.map((r, i) => ({ ...r, estimator_advantages: { grpo: sliceAdvantages(scored.grpo, i), planpo: sliceAdvantages(scored.planpo, i) } }));
}

describe('single-turn group view', () => {
  const eight = group([[340, 1, true], [120, 1, true], [500, 0, false], [120, 1, true], [800, 1, true], [60, 0, false], [260, 1, true], [90, 0, false]]);

  it('a group whose every member has one turn is single-turn', () => {
    expect(isSingleTurn(eight)).toBe(true);
    expect(isSingleTurn([])).toBe(false);
  });

  it('every numeric field of the turn info but its source line is a reward column, one level of nesting flattened', () => {
    expect(rewardFields(eight[0])).toEqual({ accuracy_reward: 1, format_reward: 0.5, 'rewards.len': -3.4 });
    expect(singleTurnView(eight, ['grpo']).fieldNames).toEqual(['accuracy_reward', 'format_reward', 'rewards.len']);
  });

  it('competition ranks: ties share a rank, the next rank skips, excluded positions get none', () => {
    expect(ranksAmong([5, 3, 5, 9, 1], [true, true, true, true, false], 'high-first')).toEqual([2, 4, 2, 1, null]);
    expect(ranksAmong([120, 340, 120], [true, true, true], 'low-first')).toEqual([1, 3, 1]);
  });

  it("PlanPO's α·A^S ranks the successes exactly as their lengths do, shortest first (R equal); A^E gives no order", () => {
    const view = singleTurnView(eight, ['grpo', 'planpo']);
    const [aE, aS] = view.terms;
    expect([aE.label, aS.label]).toEqual(['PlanPO A^E', 'PlanPO α·A^S']);
    expect(aS.ranks).toEqual(view.completions.map((c) => c.lengthRank));
    expect(aS.ranks).toEqual([4, 1, null, 1, 5, null, 3, null]);
    expect(aE.ranks).toEqual([1, 1, null, 1, 1, null, 1, null]);
  });

  it('a rank among successes is between 1 and the number of successes, and failures get none (any group)', () => {
    const member = fc.tuple(fc.integer({ min: 1, max: 2000 }), fc.boolean());
    fc.assert(fc.property(fc.array(member, { minLength: 2, maxLength: 8 }), (ms) => {
      const view = singleTurnView(group(ms.map(([l, s]) => [l, s ? 1 : 0, s])), ['planpo']);
      const n = ms.filter(([, s]) => s).length;
      for (const t of view.terms) {
        t.ranks.forEach((r, k) => {
          if (!ms[k][1]) expect(r).toBeNull();
          else {
            expect(r).toBeGreaterThanOrEqual(1);
            expect(r).toBeLessThanOrEqual(n);
          }
        });
      }
    }), { numRuns: 60 });
  });

  it('with no estimator compared (a rewardless file or a group of one) the view has no terms', () => {
    expect(singleTurnView(eight, []).terms).toEqual([]);
  });
});
