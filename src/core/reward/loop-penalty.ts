/**
 * Loop penalty and intermediate checks: a shaped reward still anchored on what the env verifies.
 *
 *   r_{i,t} = g·1[goal at t] + b·|C_t \ C_{<t}| − c·1[t ≥ 1 ∧ a_t = a_{t−1}]
 *
 * with g = 1.0 at the goal, b = 0.2 per verifiable intermediate check reached for the first time
 * in the episode (C_t: the env's `intermediateChecks` after step t; household: `holding a apple`,
 * `apple is hot`), and c = 0.1 per turn that repeats the previous command.
 *
 * Details a reader could get wrong (pinned in tests/core/reward/loop-penalty.test.ts):
 * - A check pays once per episode: dropping and re-taking the object pays nothing the second time,
 *   so the bonus cannot be farmed.
 * - The goal pays g, not the env's 10: the scale is this entry's own.
 * - An env that declares no intermediate checks (C_t always empty) gets only the goal and the penalty.
 */
import { numberParam } from '../params/spec';
import { repeatFlags } from './loops';
import type { RewardFunction } from './types';

export interface LoopPenaltyParams {
  goalReward: number;
  checkBonus: number;
  loopPenalty: number;
}

export const LOOP_PENALTY_DEFAULTS: LoopPenaltyParams = { goalReward: 1, checkBonus: 0.2, loopPenalty: 0.1 };

export function loopPenaltyRewards(episode: { turns: readonly { action: string; success: boolean; checks: readonly string[] }[] }, p: LoopPenaltyParams): number[] {
  const repeats = repeatFlags(episode.turns.map((turn) => turn.action));
  const reached = new Set<string>();
  return episode.turns.map((turn, t) => {
    let fresh = 0;
    for (const check of turn.checks) {
      if (!reached.has(check)) {
        reached.add(check);
        fresh++;
      }
    }
    return (turn.success ? p.goalReward : 0) + p.checkBonus * fresh - p.loopPenalty * repeats[t];
  });
}

export const loopPenaltyReward: RewardFunction<LoopPenaltyParams> = {
  id: 'loop-penalty',
  label: 'Loop penalty + intermediate checks',
  summary: 'The goal (1.0), +0.2 the first time each verifiable intermediate check holds (e.g. holding the task\'s object), −0.1 for repeating the previous command.',
  equation: String.raw`r_{i,t} = g\,\mathbb{1}[\text{goal at } t] + b\,\lvert C_t \setminus C_{<t}\rvert - c\,\mathbb{1}[a_t = a_{t-1}]`,
  kind: 'shaped',
  usesChecks: true,
  params: [
    numberParam('goalReward', LOOP_PENALTY_DEFAULTS.goalReward, 0, 100, 'g (goal reward)', 'paid on the step that reaches the verified goal'),
    numberParam('checkBonus', LOOP_PENALTY_DEFAULTS.checkBonus, 0, 100, 'b (check bonus)', 'paid once per episode for each intermediate check the env verifies'),
    numberParam('loopPenalty', LOOP_PENALTY_DEFAULTS.loopPenalty, 0, 100, 'c (loop penalty)', 'charged for each turn that repeats the previous command'),
  ],
  defaults: LOOP_PENALTY_DEFAULTS,
  turnRewards: loopPenaltyRewards,
};
