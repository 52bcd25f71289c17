/**
 * The two length-shaping baselines of the PlanPO paper's Figure 4 (arXiv 2608.17289): the length
 * signal is put into the reward and optimized PPO-style, without group normalization.
 *
 *   unconditional:      r_i = R(τ_i) − c·T_i                 (every trajectory, success or not)
 *   success-conditioned: r_i = 1[success_i]·R(τ_i)/T_i        (R^E of PlanPO, successes only)
 *   A_{i,t} = GAE(γ, λ) of the shaped reward r_i placed on the last turn, with critic values V
 *             from the trainer when given (else V = 0):  with γ = λ = 1, A_{i,t} = r_i − V_{i,t}.
 *
 * The paper describes these baselines only in words; the formulas above are this project's
 * reading (see docs/algorithms/length-shaping.md). Details a reader could get wrong (pinned in
 * tests/core/advantage/length-shaping.test.ts):
 * - No group statistics at all: a group of identical trajectories still gets nonzero advantages.
 * - Unconditional shaping also lowers failures' reward with their length (a long failure is worse
 *   than a short one); success-conditioned shaping gives every failure 0.
 * - Environment per-turn rewards are ignored; only the shaped outcome enters (on the last turn).
 * - Defaults γ = λ = 1 so that, without a critic, every turn gets exactly r_i and no extra length
 *   preference comes from discounting.
 */
import type { AdvantageEstimator, RolloutGroup, TurnAdvantages } from './types';
import { CRITIC_COMPONENTS, criticWorked, gaeAdvantages } from './ppo';
import { gammaParam, lambdaParam } from './common-params';
import { numberParam } from '../params/spec';
import { componentAt, fmt, selected } from './worked';
import { validateGroup } from './turns';

export interface LengthShapingParams {
  gamma: number;
  lambda: number;
}

export interface UnconditionalLengthShapingParams extends LengthShapingParams {
  /** c, the reward removed per turn (0.1: a 50-turn episode loses 5 of R = 10). */
  lengthPenalty: number;
}

/** GAE of the shaped outcome r_i placed on the last turn; components: shapedReward. */
function shapedAdvantages(group: RolloutGroup, shaped: readonly number[], params: LengthShapingParams): TurnAdvantages {
  validateGroup(group);
  const rewards = group.trajectories.map((traj, i) =>
    Array.from({ length: traj.numTurns }, (_, t) => (t === traj.numTurns - 1 ? shaped[i] : 0)),
  );
  const result = gaeAdvantages(group, rewards, params);
  const shapedReward = group.trajectories.map((traj, i) => Array<number>(traj.numTurns).fill(shaped[i]));
  return { perTurn: result.perTurn, components: { ...result.components, shapedReward } };
}

/** Both shaping baselines take the critic path (value loss + batch whitening), like PPO. */
const SHAPING_CONTRACT = {
  schedules: [],
  trainsCritic: true,
  criticTarget: 'returns',
  components: [...CRITIC_COMPONENTS, { key: 'shapedReward', label: 'r (shaped reward)', shape: 'per-turn' }],
} as const;

function shapedLine(input: Parameters<typeof selected>[0], rule: string): string[] {
  const s = selected(input);
  return s ? [`r_{${s.i}} = ${rule} = ${fmt(componentAt(s.traj, 'shapedReward', s.turn))}`] : [];
}

export const lengthShapingUnconditionalEstimator: AdvantageEstimator<UnconditionalLengthShapingParams> = {
  id: 'length-shaping-unconditional',
  color: '#7A7A7A',
  docsPath: 'docs/algorithms/length-shaping.md',
  label: 'Length shaping (unconditional)',
  equation: String.raw`r_i = R(\tau_i) - c\,T_i,\quad A_{i,t} = \operatorname{GAE}_{\gamma,\lambda}(r_i) \;\overset{\gamma=\lambda=1}{=}\; r_i - V(s_{i,t})`,
  defaults: { gamma: 1, lambda: 1, lengthPenalty: 0.1 },
  params: [
    gammaParam(1), lambdaParam(1),
    numberParam('lengthPenalty', 0.1, 0, 100, 'c (per-turn penalty)', 'reward removed per turn: r = R − c·T'),
  ],
  ...SHAPING_CONTRACT,
  combination: { terms: [], text: 'r = R − c·T;  A = GAE(r) = R̂ − V' },
  workedEquation: (input) => criticWorked(input, shapedLine(input, 'R(\\tau) - c\\,T')),
  estimate: (group, params) =>
    shapedAdvantages(group, group.trajectories.map((traj) => traj.reward - params.lengthPenalty * traj.numTurns), params),
};

export const lengthShapingSuccessEstimator: AdvantageEstimator<LengthShapingParams> = {
  id: 'length-shaping-success',
  color: '#8C510A',
  docsPath: 'docs/algorithms/length-shaping.md',
  label: 'Length shaping (success-conditioned)',
  equation: String.raw`r_i = \frac{\mathbb{1}[\text{succ}_i]\,R(\tau_i)}{T_i},\quad A_{i,t} = \operatorname{GAE}_{\gamma,\lambda}(r_i) \;\overset{\gamma=\lambda=1}{=}\; r_i - V(s_{i,t})`,
  defaults: { gamma: 1, lambda: 1 },
  params: [gammaParam(1), lambdaParam(1)],
  ...SHAPING_CONTRACT,
  combination: { terms: [], text: 'r = 1[success]·R/T;  A = GAE(r) = R̂ − V' },
  workedEquation: (input) => criticWorked(input, shapedLine(input, '\\mathbb{1}[\\text{succ}]\\,R/T')),
  estimate: (group, params) =>
    shapedAdvantages(group, group.trajectories.map((traj) => (traj.success ? traj.reward / traj.numTurns : 0)), params),
};
