/**
 * PlanPO: planning-aware advantage = trajectory-level efficiency + α(k)·response-level conciseness.
 *
 *   R^E(τ_i) = 1[success_i]·R(τ_i)/T_i
 *   A^E(τ_i) = (R^E(τ_i) − mean_j R^E(τ_j)) / F_norm                          (Eq. 3)
 *   A^S(a_{i,t}) = (R^S(a_{i,t}) − mean_{G^S} R^S) / F_norm,  R^S = 1[success]·R/L_{i,t}  (Eqs. 4–6)
 *   A(a_{i,t}) = A^E(τ_i) + α(k)·A^S(a_{i,t})
 *
 * Paper: arXiv 2608.17289 (PlanPO), Eqs. 1–6 and the combined advantage; no public code exists.
 *
 * Implementation details a reader could get wrong (pinned in tests/core/advantage/planpo.test.ts):
 * - Failed trajectories have R^E = 0 and ARE in the mean/std; a slow success can get A^E < 0.
 * - `stats`: 'trajectory' (default, Eq. 3) vs 'turn-weighted' (what feeding R/T into verl-agent's
 *   GRPO function gives). They can differ in sign: the T = 35 success of `alfworld_like_8` gets
 *   −0.401 trajectory-level and +0.201 turn-weighted.
 * - A^E is broadcast to every turn of τ_i; A^S is per response.
 * - Default grouping 'flat-success-only': the paper's prose says A^S is computed "only among
 *   successful responses" with all of them "flattened into one group", while Eq. 4 groups by turn
 *   index and includes failures. The prose is the more specific description of the procedure and
 *   avoids two artefacts of Eq. 4 (failures punished twice, no length signal for one success among
 *   failures), so it is the default; Eq. 4 is 'by-turn-index'.
 * - Default singleton rule for A^S 'step-norm' (a response with no peer gets A^S = 0, like GiGPO's
 *   step groups); A^E always uses the GRPO-function rule (a lone trajectory gets R^E/(1 + ε)).
 * - α is an input: the trainer computes α(k) with `alphaAt` (alpha-schedule.ts).
 * - T_i is numTurns (every turn, like verl-agent's episode_lengths); the paper's "valid turns"
 *   is not defined further.
 * - Same F_norm (std or not) for A^E and A^S; the invalid-action penalty applies to A^E only.
 */
import type { AdvantageEstimator, RolloutGroup, TurnAdvantages } from './types';
import { DEFAULT_STD_EPSILON, type SingletonRule } from './group-norm';
import { ALPHA_FINAL, ALPHA_INIT, type AlphaSchedule } from './alpha-schedule';
import { responseAdvantages, TURN_GROUPINGS, type TurnGrouping } from './planpo-response';
import { normalizeTurnScores, penalizedTurnScores, validateGroup, type GroupStats } from './turns';
import { INVALID_ACTION_PENALTY, NORMALIZE_BY_STD, statsParam, STD_EPSILON } from './common-params';
import { SCHEDULE_KINDS, type ComponentSpec, type ScheduleSpec, type WorkedEquation, type WorkedInput } from './spec';
import { booleanParam, choiceParam, numberParam, type ParamSpec } from '../params/spec';
import { componentAt, efficiencyOf, fmt, groupStatsLine, NO_SELECTION, selected } from './worked';

export interface PlanpoParams {
  /** α(k) for this iteration, computed by the trainer (alphaAt). */
  alpha: number;
  /** Schedule the trainer should use for `alpha`: α_init → α_final, 'linear' or 'constant'. */
  alphaInit: number;
  alphaFinal: number;
  alphaSchedule: AlphaSchedule;
  /** Ablation switches: drop A^E or A^S from the sum (components are still reported). */
  useTrajectoryAdvantage: boolean;
  useResponseAdvantage: boolean;
  /** Statistics of A^E: 'trajectory' (Eq. 3, default) or 'turn-weighted' (verl-agent layout). */
  stats: GroupStats;
  /** Group G^S of A^S; see planpo-response.ts. */
  turnGrouping: TurnGrouping;
  /** Singleton groups of A^S: 'step-norm' (A^S = 0, default) or 'grpo-fn' (R^S/(1 + ε)). */
  turnSingleton: SingletonRule;
  normalizeByStd: boolean;
  stdEpsilon: number;
  /** c in R^E_i − c·1[invalid_{i,t}] (verl-agent 0.1, paper 0). */
  invalidActionPenalty: number;
}

export const PLANPO_DEFAULTS: PlanpoParams = {
  alpha: ALPHA_INIT,
  alphaInit: ALPHA_INIT,
  alphaFinal: ALPHA_FINAL,
  alphaSchedule: 'linear',
  useTrajectoryAdvantage: true,
  useResponseAdvantage: true,
  stats: 'trajectory',
  turnGrouping: 'flat-success-only',
  turnSingleton: 'step-norm',
  normalizeByStd: true,
  stdEpsilon: DEFAULT_STD_EPSILON,
  invalidActionPenalty: 0,
};

/** R^E(τ_i) = 1[success_i]·R(τ_i)/T_i. */
export function efficiencyRewards(group: RolloutGroup): number[] {
  return group.trajectories.map((traj) => (traj.success ? traj.reward / traj.numTurns : 0));
}

/** A^E per turn (broadcast; turns differ only through the invalid-action penalty). */
export function trajectoryAdvantages(group: RolloutGroup, params: PlanpoParams): number[][] {
  const scores = penalizedTurnScores(group, efficiencyRewards(group), params.invalidActionPenalty);
  const options = { normalizeByStd: params.normalizeByStd, stdEpsilon: params.stdEpsilon, singleton: 'grpo-fn' } as const;
  return normalizeTurnScores(group, scores, params.stats, options);
}

export function planpoAdvantages(group: RolloutGroup, params: PlanpoParams): TurnAdvantages {
  validateGroup(group);
  const trajectoryAdvantage = trajectoryAdvantages(group, params);
  const responseAdvantage = responseAdvantages(group, params.turnGrouping, {
    normalizeByStd: params.normalizeByStd,
    stdEpsilon: params.stdEpsilon,
    singleton: params.turnSingleton,
  });
  const perTurn = trajectoryAdvantage.map((row, i) =>
    row.map((aE, t) => {
      const fromE = params.useTrajectoryAdvantage ? aE : 0;
      const fromS = params.useResponseAdvantage ? params.alpha * responseAdvantage[i][t] : 0;
      return fromE + fromS;
    }),
  );
  return { perTurn, components: { trajectoryAdvantage, responseAdvantage, alpha: params.alpha } };
}

export const PLANPO_EQUATION = String.raw`A(a_{i,t}) = A^E(\tau_i) + \alpha(k)\,A^S(a_{i,t}),\quad A^E = \frac{R^E_i - \operatorname{mean}_j R^E_j}{\operatorname{std}_j R^E_j + \epsilon},\; R^E_i = \frac{\mathbb{1}[\text{succ}_i]\,R(\tau_i)}{T_i},\; R^S_{i,t} = \frac{\mathbb{1}[\text{succ}_i]\,R(\tau_i)}{L_{i,t}}`;

/** PlanPO's parameters; the presets change defaults only (`planpoParams({ useResponseAdvantage: false })`). */
export function planpoParams(overrides: Partial<PlanpoParams> = {}): ParamSpec[] {
  const d = { ...PLANPO_DEFAULTS, ...overrides };
  return [
    numberParam('alphaInit', d.alphaInit, 0, 100, 'α_init', 'α(k) at the start of training (paper: 0.1; SciWorld 0.05)', { docKey: 'planpo#alpha-schedule' }),
    numberParam('alphaFinal', d.alphaFinal, 0, 100, 'α_final', 'α(K), the value of the last iteration (paper: α_init / 2)', { docKey: 'planpo#alpha-schedule' }),
    choiceParam('alphaSchedule', d.alphaSchedule, SCHEDULE_KINDS, 'α schedule', "'linear' decays α_init → α_final over k = 1..K; 'constant' keeps α_init"),
    booleanParam('useTrajectoryAdvantage', d.useTrajectoryAdvantage, 'use A^E', 'ablation switch: include the trajectory-level term'),
    booleanParam('useResponseAdvantage', d.useResponseAdvantage, 'use A^S', 'ablation switch: include the response-level term'),
    { ...statsParam('stats', 'A^E'), default: d.stats },
    choiceParam('turnGrouping', d.turnGrouping, TURN_GROUPINGS, 'A^S group', "G^S, the peers of a response: 'flat-success-only' (the paper's prose, default); 'by-turn-index' is Eq. 4"),
    choiceParam('turnSingleton', d.turnSingleton, ['step-norm', 'grpo-fn'], 'A^S singletons', "a response with no peer: 'step-norm' gives 0, 'grpo-fn' gives R^S/(1 + ε)"),
    { ...NORMALIZE_BY_STD, default: d.normalizeByStd },
    { ...STD_EPSILON, default: d.stdEpsilon },
    { ...INVALID_ACTION_PENALTY, default: d.invalidActionPenalty },
  ];
}

export const ALPHA_SCHEDULE: ScheduleSpec = { key: 'alpha', label: 'α(k)', initKey: 'alphaInit', finalKey: 'alphaFinal', kindKey: 'alphaSchedule' };

export const PLANPO_COMPONENTS: readonly ComponentSpec[] = [
  { key: 'trajectoryAdvantage', label: 'A^E', shape: 'per-turn' },
  { key: 'responseAdvantage', label: 'A^S', shape: 'per-turn' },
  { key: 'alpha', label: 'α(k)', shape: 'scalar' },
];

/** The worked PlanPO equation; `useE`/`useS` follow the entry's ablation switches. */
export function planpoWorked(input: WorkedInput, useE = true, useS = true): WorkedEquation {
  const s = selected(input);
  if (!s) return NO_SELECTION;
  const aE = componentAt(s.traj, 'trajectoryAdvantage', s.turn);
  const aS = componentAt(s.traj, 'responseAdvantage', s.turn);
  const alpha = componentAt(s.traj, 'alpha', s.turn);
  const { traj, i, t } = s;
  const rE = efficiencyOf(traj);
  const L = traj.responseTokens[s.turn] ?? NaN;
  const ok = traj.success ? 1 : 0;
  const terms = [
    useE ? `\\underbrace{${fmt(aE)}}_{A^E}` : '',
    useS ? `\\underbrace{${fmt(alpha)}}_{\\alpha(k)} \\times \\underbrace{${fmt(aS)}}_{A^S}` : '',
  ].filter((x) => x !== '');
  return {
    lines: [
      `R^E_j:\\; ${groupStatsLine(input.group.map(efficiencyOf))}`,
      `R^E_{${i}} = \\frac{${ok}\\cdot ${fmt(traj.reward)}}{T_{${i}} = ${traj.numTurns}} = ${fmt(rE)},\\quad R^S_{${i},${t}} = \\frac{${ok}\\cdot ${fmt(traj.reward)}}{L = ${L}}`,
      `${s.symbol} = ${terms.join(' + ')} = ${fmt(s.a)}`,
    ],
    numbers: { efficiencyReward: rE, trajectoryAdvantage: aE, responseAdvantage: aS, alpha, advantage: s.a },
  };
}

export const planpoEstimator: AdvantageEstimator<PlanpoParams> = {
  id: 'planpo',
  color: '#0072B2',
  docsPath: 'docs/algorithms/planpo.md',
  label: 'PlanPO',
  equation: PLANPO_EQUATION,
  defaults: PLANPO_DEFAULTS,
  params: planpoParams(),
  schedules: [ALPHA_SCHEDULE],
  trainsCritic: false,
  components: PLANPO_COMPONENTS,
  combination: {
    terms: [{ component: 'trajectoryAdvantage', label: 'A^E' }, { component: 'responseAdvantage', weight: 'alpha', label: 'α·A^S' }],
    text: 'A = A^E + α(k)·A^S',
  },
  estimate: planpoAdvantages,
  workedEquation: (input) => planpoWorked(input),
};
