/**
 * What an advantage estimator sees and returns (house style §2): plain numbers, no tensors.
 *
 * One `RolloutGroup` is the G trajectories sampled for one task. Estimators return one number
 * per response a_{i,t} (trajectory i, turn t), plus the named components the UI plots.
 */
import type { Combination, ComponentSpec, ScheduleSpec, WorkedEquation, WorkedInput } from './spec';
import type { ParamSpec } from '../params/spec';

/** τ_i as the estimators see it. */
export interface TrajectorySummary {
  /** 1[success] */
  success: boolean;
  /** R(τ_i): the outcome reward (10 on success in the paper's setting, else 0). */
  reward: number;
  /** T_i: number of turns (responses) in the trajectory. */
  numTurns: number;
  /** L_{i,t}: response tokens per turn, length T_i. */
  numTokens: number[];
  /** Per-turn environment reward (GiGPO's discounted step returns); optional. */
  turnRewards?: number[];
  /** Per-turn raw observation without history (GiGPO's anchor states); optional. */
  anchorObservations?: string[];
  /** Per-turn critic values V(s_t) (PPO baseline); optional. */
  values?: number[];
  /**
   * Per-turn format validity (verl-agent is_action_valid, rollouts.v1 turns[].format_valid);
   * optional, absent = every action valid. Used by the `invalidActionPenalty` parameter.
   */
  actionValid?: boolean[];
  /**
   * Per-turn step entropy H_{i,t}: the mean token entropy (nats) of response t under the sampling
   * policy, over its sampled positions (forced tokens carry no choice and are left out; a turn with
   * none has H = 0). Optional; estimators that declare `requires: ['entropies']` need it (EMPG).
   */
  entropies?: number[];
}

/** An optional `TrajectorySummary` field an estimator needs. */
export type RequiredInput = 'entropies';

/** Where the clipped loss takes its importance ratio (core/loss `ClipConfig.ratioLevel`). */
export type RatioLevel = 'token' | 'turn';

export interface RolloutGroup {
  trajectories: TrajectorySummary[];
}

export interface TurnAdvantages {
  /** A_{i,t}: final advantage of response t of trajectory i; perTurn[i].length === T_i. */
  perTurn: number[][];
  /**
   * Named parts for plotting. Per-turn arrays share perTurn's shape; scalars are constants
   * (e.g. PlanPO: { trajectoryAdvantage: A^E [i][t], responseAdvantage: A^S [i][t], alpha: α }).
   */
  components: Record<string, number[][] | number>;
}

/**
 * A registry entry: the arithmetic and everything a consumer needs to know about it (spec.ts).
 * `defaults` equals `paramDefaults(entry)` (declared params + schedules at their start); the
 * contract test pins that.
 */
export interface AdvantageEstimator<P = Record<string, unknown>> {
  id: string;
  label: string;
  /**
   * The series colour (`#RRGGBB`) of this estimator in every chart, swatch and figure; distinct from
   * every other entry's, legible on white (contract test). Okabe–Ito first, then darker extras.
   */
  color: string;
  /** The docs page that explains it (`docs/algorithms/<page>.md`, whose worked examples are tests). */
  docsPath: string;
  /** KaTeX source of the estimator's defining equation. */
  equation: string;
  defaults: P;
  /** The user-settable parameters, as a schema. */
  params: readonly ParamSpec[];
  /** Values the trainer computes per iteration from declared parameters (PlanPO's α(k)). */
  schedules: readonly ScheduleSpec[];
  /**
   * True: the trainer takes the critic path for this estimator (value loss on the component named
   * by `criticTarget`, and batch whitening of the advantages, as verl does for GAE).
   */
  trainsCritic: boolean;
  /** Component holding the value head's regression target (with `trainsCritic`). */
  criticTarget?: string;
  /** The named parts of `TurnAdvantages.components`, with display labels. */
  components: readonly ComponentSpec[];
  /** How the components make A (lanes draw each weighted term when there are two or more). */
  combination: Combination;
  estimate(group: RolloutGroup, params: P): TurnAdvantages;
  /**
   * Optional: the estimator's statistics span the whole training batch (EMPG's entropy
   * normalization). The trainer calls this with every group of the iteration; consumers that see one
   * group at a time (CLI, import, lab example) call `estimate`, where the batch is that one group.
   */
  estimateBatch?(groups: readonly RolloutGroup[], params: P): TurnAdvantages[];
  /** Optional inputs the estimator cannot run without (absent = none); consumers say so plainly. */
  requires?: readonly RequiredInput[];
  /**
   * The importance ratio the clipped loss uses with this estimator (absent = 'token'): 'token' is
   * verl's per-token ρ; 'turn' is one ρ per response, exp of the mean token log-ratio (Turn-PPO).
   */
  ratioLevel?: RatioLevel;
  /** The equation with the numbers of one selected response a_{i,t}. */
  workedEquation(input: WorkedInput): WorkedEquation;
}
