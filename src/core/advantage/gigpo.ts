/**
 * GiGPO: episode-level group advantage + step-level advantage over identical anchor states.
 *
 *   A^E(τ_i) = (R(τ_i) − mean_j R(τ_j)) / F_norm
 *   G_{i,t} = Σ_{k ≥ t} γ^{k−t} r_{i,k}                      (discounted step return)
 *   A^S(a_{i,t}) = (G_{i,t} − mean_{(j,u) ∈ S(s_{i,t})} G_{j,u}) / F_norm
 *   A(a_{i,t}) = A^E(τ_i) + w·A^S(a_{i,t})
 *
 * where S(s) is the step group: every turn of the task group whose anchor observation equals s.
 * Feng et al., "Group-in-Group Policy Optimization" (GiGPO); verl-agent gigpo/core_gigpo.py
 * (compute_step_discounted_returns, episode_norm_reward, build_step_group, step_norm_reward).
 * Used in the PlanPO paper (arXiv 2608.17289) as a baseline.
 *
 * Details a reader could get wrong (pinned in tests/core/advantage/gigpo.test.ts and the
 * verl_agent_pipeline golden test):
 * - The step part uses the step-norm singleton rule: a state visited once gets A^S = 0. The
 *   episode part uses the GRPO-function rule (a lone trajectory gets R/(1 + ε)).
 * - Step groups match anchor observations exactly (no similarity threshold) and span all
 *   trajectories of the task group, several turns of one trajectory included.
 * - The invalid-action penalty c is subtracted from the episode score of that turn AND from its
 *   step return, after discounting (it is not discounted into earlier turns).
 * - Episode statistics: 'trajectory' (the paper's definition, default) or 'turn-weighted'
 *   (verl-agent's episode_norm_reward, which counts every turn row).
 * - Without `turnRewards`, the outcome reward R is taken as the reward of the last turn (0
 *   before), which is what ALFWorld-style environments give. Without `anchorObservations`
 *   every turn is its own step group, so A^S = 0.
 * - The same F_norm (std or not: verl's mean_std_norm vs mean_norm) is used for both parts.
 */
import type { AdvantageEstimator, RolloutGroup, TurnAdvantages } from './types';
import { DEFAULT_STD_EPSILON, groupNormalizeRows } from './group-norm';
import {
  flattenTurns,
  invalidPenalty,
  normalizeTurnScores,
  penalizedTurnScores,
  turnRewardsOf,
  unflattenTurns,
  validateGroup,
  type GroupStats,
} from './turns';
import { gammaParam, INVALID_ACTION_PENALTY, NORMALIZE_BY_STD, statsParam, STD_EPSILON } from './common-params';
import { numberParam } from '../params/spec';
import { componentAt, fmt, NO_SELECTION, selected } from './worked';

export interface GigpoParams {
  /** γ of the discounted step returns (0.95 in verl-agent's scripts). */
  gamma: number;
  /** w, the weight of the step-level advantage (step_advantage_w, 1.0). */
  stepAdvantageWeight: number;
  /** true = mean_std_norm (ALFWorld script), false = mean_norm (config default, WebShop). */
  normalizeByStd: boolean;
  stdEpsilon: number;
  /** Statistics of the episode part. */
  episodeStats: GroupStats;
  invalidActionPenalty: number;
}

export const GIGPO_DEFAULTS: GigpoParams = {
  gamma: 0.95,
  stepAdvantageWeight: 1,
  normalizeByStd: true,
  stdEpsilon: DEFAULT_STD_EPSILON,
  episodeStats: 'trajectory',
  invalidActionPenalty: 0,
};

/** G_t = r_t + γ·G_{t+1}, G_T = 0 (verl-agent compute_step_discounted_returns). */
export function discountedStepReturns(rewards: readonly number[], gamma: number): number[] {
  const returns = new Array<number>(rewards.length);
  let running = 0;
  for (let t = rewards.length - 1; t >= 0; t--) {
    running = rewards[t] + gamma * running;
    returns[t] = running;
  }
  return returns;
}

export function gigpoAdvantages(group: RolloutGroup, params: GigpoParams): TurnAdvantages {
  validateGroup(group);
  const norm = { normalizeByStd: params.normalizeByStd, stdEpsilon: params.stdEpsilon };
  // EPISODE PART
  const rewards = group.trajectories.map((traj) => traj.reward);
  const episodeScores = penalizedTurnScores(group, rewards, params.invalidActionPenalty);
  const episodeAdvantage = normalizeTurnScores(group, episodeScores, params.episodeStats, { ...norm, singleton: 'grpo-fn' });
  // STEP PART
  const stepReturn = group.trajectories.map((traj) =>
    discountedStepReturns(turnRewardsOf(traj), params.gamma).map((g, t) => g - invalidPenalty(traj, t, params.invalidActionPenalty)),
  );
  const anchors = group.trajectories.flatMap((traj, i) =>
    Array.from({ length: traj.numTurns }, (_, t) => (traj.anchorObservations ? `obs:${traj.anchorObservations[t]}` : `turn:${i}:${t}`)),
  );
  const stepAdvantage = unflattenTurns(group, groupNormalizeRows(flattenTurns(stepReturn), anchors, { ...norm, singleton: 'step-norm' }));
  // COMBINE
  const perTurn = episodeAdvantage.map((row, i) => row.map((aE, t) => aE + params.stepAdvantageWeight * stepAdvantage[i][t]));
  return {
    perTurn,
    components: { episodeAdvantage, stepAdvantage, stepReturn, stepAdvantageWeight: params.stepAdvantageWeight },
  };
}

export const gigpoEstimator: AdvantageEstimator<GigpoParams> = {
  id: 'gigpo',
  color: '#009E73',
  docsPath: 'docs/algorithms/gigpo.md',
  label: 'GiGPO',
  equation: String.raw`A(a_{i,t}) = \frac{R(\tau_i) - \operatorname{mean}_j R(\tau_j)}{F_{\text{norm}}} + w\,\frac{G_{i,t} - \operatorname{mean}_{S(s_{i,t})} G}{F_{\text{norm}}},\quad G_{i,t} = \sum_{k \ge t} \gamma^{k-t} r_{i,k}`,
  defaults: GIGPO_DEFAULTS,
  params: [
    gammaParam(GIGPO_DEFAULTS.gamma),
    numberParam('stepAdvantageWeight', 1, 0, 100, 'w (step weight)', 'weight of the step-level advantage A^S (verl-agent step_advantage_w)'),
    NORMALIZE_BY_STD, STD_EPSILON, { ...statsParam('episodeStats', 'episode'), cliAliases: [{ flag: 'stats' }] }, INVALID_ACTION_PENALTY,
  ],
  schedules: [],
  trainsCritic: false,
  components: [
    { key: 'episodeAdvantage', label: 'A^E', shape: 'per-turn' },
    { key: 'stepAdvantage', label: 'A^S', shape: 'per-turn' },
    { key: 'stepReturn', label: 'G (step return)', shape: 'per-turn' },
    { key: 'stepAdvantageWeight', label: 'w', shape: 'scalar' },
  ],
  combination: {
    terms: [{ component: 'episodeAdvantage', label: 'A^E' }, { component: 'stepAdvantage', weight: 'stepAdvantageWeight', label: 'w·A^S' }],
    text: 'A = A^E + w·A^S',
  },
  estimate: gigpoAdvantages,
  workedEquation: (input) => {
    const s = selected(input);
    if (!s) return NO_SELECTION;
    const aE = componentAt(s.traj, 'episodeAdvantage', s.turn);
    const aS = componentAt(s.traj, 'stepAdvantage', s.turn);
    const w = componentAt(s.traj, 'stepAdvantageWeight', s.turn);
    const g = componentAt(s.traj, 'stepReturn', s.turn);
    return {
      lines: [
        `G_{${s.i},${s.t}} = ${fmt(g)}`,
        `${s.symbol} = \\underbrace{${fmt(aE)}}_{A^E} + \\underbrace{${fmt(w)}}_{w} \\times \\underbrace{${fmt(aS)}}_{A^S} = ${fmt(s.a)}`,
      ],
      numbers: { episodeAdvantage: aE, stepAdvantage: aS, stepAdvantageWeight: w, stepReturn: g, advantage: s.a },
    };
  },
};
