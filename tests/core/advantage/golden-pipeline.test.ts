/**
 * verl_agent_pipeline of advantages_golden.json: one float32 verl-agent step (EpisodeRewardManager
 * with and without normalize_by_length → invalid-action penalty 0.1 → GRPO in 4 variants, and
 * GiGPO mean_norm / mean_std_norm), compared at the float32 tolerance (~1e-6).
 */
import { describe, expect, it } from 'vitest';
import { getEstimator } from '../../../src/core/advantage/registry';
import { broadcastToTokens } from '../../../src/core/advantage/token-matrix';
import { efficiencyRewards } from '../../../src/core/advantage/planpo';
import { discountedStepReturns } from '../../../src/core/advantage/gigpo';
import { penalizedTurnScores } from '../../../src/core/advantage/turns';
import type { RolloutGroup, TurnAdvantages } from '../../../src/core/advantage/types';
import { expectClose, expectMatrixClose, FLOAT32_TOL, loadAdvantagesGolden, type Json } from './golden';

const pipeline = loadAdvantagesGolden().verl_agent_pipeline;
const rows: Json[] = pipeline.rows;
const width: number = pipeline.response_mask[0].length;
const PENALTY = 0.1;

/** The 13 rows regrouped into one RolloutGroup per uid (trajectory-major, as the rows are). */
function groups(): RolloutGroup[] {
  const uids = [...new Set(rows.map((r) => r.uid))];
  return uids.map((uid) => {
    const mine = rows.filter((r) => r.uid === uid);
    const trajIds = [...new Set(mine.map((r) => r.traj_uid))];
    return {
      trajectories: trajIds.map((id) => {
        const turns = mine.filter((r) => r.traj_uid === id);
        return {
          success: turns[0].episode_reward > 0,
          reward: turns[0].episode_reward,
          numTurns: turns[0].episode_length,
          numTokens: turns.map((r) => r.resp_len),
          turnRewards: turns.map((r) => r.reward),
          anchorObservations: turns.map((r) => r.anchor_obs),
          actionValid: turns.map((r) => r.is_action_valid),
        };
      }),
    };
  });
}

const flatPerGroup = (f: (g: RolloutGroup) => number[][]) => groups().flatMap((g) => f(g).flat());
const tokens = (perRow: number[]) => broadcastToTokens(perRow, rows.map((r) => r.resp_len), width);
const NORMS = [
  ['std_norm', true],
  ['no_std', false],
] as const;
const STATS = [
  ['True', 'turn-weighted'],
  ['False', 'trajectory'],
] as const;

describe('golden verl_agent_pipeline (float32)', () => {
  it('the rows match the response mask and the reward-manager scores', () => {
    expect(rows.map((r) => r.resp_len)).toEqual(pipeline.response_mask.map((m: number[]) => m.reduce((a, b) => a + b, 0)));
    const plain = flatPerGroup((g) => penalizedTurnScores(g, g.trajectories.map((t) => t.reward), 0));
    expectClose(plain, pipeline.normalize_by_length_false.reward_manager_row_scores, 'R', FLOAT32_TOL);
    const byLength = flatPerGroup((g) => penalizedTurnScores(g, efficiencyRewards(g), 0));
    expectClose(byLength, pipeline.normalize_by_length_true.reward_manager_row_scores, 'R/T', FLOAT32_TOL);
  });

  it('the invalid-action penalty subtracts 0.1 from the score of each invalid turn', () => {
    const plain = flatPerGroup((g) => penalizedTurnScores(g, g.trajectories.map((t) => t.reward), PENALTY));
    expectClose(plain, pipeline.normalize_by_length_false.after_invalid_penalty_row_scores, 'R', FLOAT32_TOL);
    const byLength = flatPerGroup((g) => penalizedTurnScores(g, efficiencyRewards(g), PENALTY));
    expectClose(byLength, pipeline.normalize_by_length_true.after_invalid_penalty_row_scores, 'R/T', FLOAT32_TOL);
  });

  describe.each(NORMS)('%s', (tag, normalizeByStd) => {
    it.each(STATS)('grpo with cross_steps=%s (%s statistics) on R', (cs, stats) => {
      const grpo = getEstimator('grpo');
      const perRow = flatPerGroup((g) => grpo.estimate(g, { ...grpo.defaults, stats, normalizeByStd, invalidActionPenalty: PENALTY }).perTurn);
      expectMatrixClose(tokens(perRow), pipeline.normalize_by_length_false[`grpo_adv|${tag}|cross_steps=${cs}`], 'grpo', FLOAT32_TOL);
    });

    it.each(STATS)('planpo A^E with cross_steps=%s (%s statistics) = grpo on normalize_by_length scores', (cs, stats) => {
      const planpo = getEstimator('planpo');
      const aE = (r: TurnAdvantages) => r.components.trajectoryAdvantage as number[][];
      const perRow = flatPerGroup((g) => aE(planpo.estimate(g, { ...planpo.defaults, stats, normalizeByStd, invalidActionPenalty: PENALTY })));
      expectMatrixClose(tokens(perRow), pipeline.normalize_by_length_true[`grpo_adv|${tag}|cross_steps=${cs}`], 'A^E', FLOAT32_TOL);
    });
  });

  it('gigpo step returns: discounted with γ = 0.95, then the penalty', () => {
    const before = groups().flatMap((g) => g.trajectories.flatMap((t) => discountedStepReturns(t.turnRewards!, 0.95)));
    expectClose(before, pipeline.gigpo['step_discounted_returns_gamma0.95_before_penalty'], 'G', FLOAT32_TOL);
    const gigpo = getEstimator('gigpo');
    const stepReturn = flatPerGroup(
      (g) => gigpo.estimate(g, { ...gigpo.defaults, invalidActionPenalty: PENALTY }).components.stepReturn as number[][],
    );
    expectClose(stepReturn, pipeline.gigpo.step_rewards_after_penalty, 'G − penalty', FLOAT32_TOL);
  });

  it.each([
    ['mean_norm', false],
    ['mean_std_norm', true],
  ] as const)('gigpo %s, w = 1, turn-weighted episode statistics', (mode, normalizeByStd) => {
    const gigpo = getEstimator('gigpo');
    const params = { ...gigpo.defaults, gamma: 0.95, stepAdvantageWeight: 1, normalizeByStd, episodeStats: 'turn-weighted' as const, invalidActionPenalty: PENALTY };
    const perRow = flatPerGroup((g) => gigpo.estimate(g, params).perTurn);
    expectMatrixClose(tokens(perRow), pipeline.gigpo[`gigpo_adv|${mode}|w=1.0`], `gigpo ${mode}`, FLOAT32_TOL);
  });
});
