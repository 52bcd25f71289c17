/**
 * Per-iteration metrics (plain numbers, JSON-ready: absent values are null, never NaN).
 *
 *   successRate          share of the B·G trajectories that succeeded
 *   meanTurns            mean T_i over all trajectories
 *   meanSuccessTurns     mean T_i over successful ones (null if none)
 *   meanOracleTurns      mean T* over the B tasks (the oracle's shortest plan at reset)
 *   meanResponseTokens   mean L_{i,t} over all responses (forced tags and words included)
 *   meanThinkTokens      mean thought tokens per response
 *   formatValidRate      share of responses with both tag pairs (always 1 under constrained decoding)
 *   admissibleRate       share of responses whose action is admissible (always 1 when constrained)
 *   zeroStdGroupFraction share of groups whose advantages all vanish (|A| < 1e-9)
 *   meanReward           mean R(τ_i) under the run's reward (core/reward; the proxy, when it is one)
 *   meanEnvReward        mean of the environment's own return (household: 10 · success)
 *   loopsPerEpisode      mean number of turns that repeat the previous command
 *   rewardsMeasured      mean R(τ_i) under every registered reward (defaults), on the same rollouts
 *   successByType        successRate per task type present in the batch (its groups' trajectories only)
 *   loss, pgLoss, kl, entropy, clipFraction, clipFractionLower, approxKl, valueLoss
 *                        means over the iteration's optimizer steps (actorLoss outputs)
 */
import type { TurnAdvantages } from '../advantage/types';
import type { TrainedTrajectoryV1 } from '../rollout/records';
import type { RolloutBatch } from '../rollout/types';
import { isZeroAdvantageGroup } from './advantages';
import { countLoops } from '../reward/loops';
import { measureRewards } from '../reward/measure';
import type { UpdateStats } from './update';

export interface IterationTiming {
  rolloutMs: number;
  advantageMs: number;
  /** Every other registered estimator on the same groups (for the UI; not needed to train). */
  compareMs: number;
  updateMs: number;
  totalMs: number;
}

/** The update's means (loss, pgLoss, kl, entropy, clipFraction, clipFractionLower, approxKl, valueLoss) and: */
export interface IterationMetrics extends Omit<UpdateStats, 'steps'> {
  iteration: number;
  successRate: number;
  meanTurns: number;
  meanSuccessTurns: number | null;
  meanOracleTurns: number;
  meanResponseTokens: number;
  meanThinkTokens: number;
  formatValidRate: number;
  admissibleRate: number;
  zeroStdGroupFraction: number;
  meanReward: number;
  meanEnvReward: number;
  loopsPerEpisode: number;
  rewardsMeasured: Record<string, number>;
  successByType: Record<string, number>;
  alpha: number | null;
  tokens: number;
  decodeSteps: number;
  tokensPerSecond: number;
  timing: IterationTiming;
  numTensors: number;
  backend: string;
}

export interface IterationResult {
  metrics: IterationMetrics;
  /** Per task: its G trajectories as rollouts.v1 records with every estimator's advantages. */
  groups: TrainedTrajectoryV1[][];
}

export interface MetricInputs {
  iteration: number;
  batch: RolloutBatch;
  advantages: TurnAdvantages[];
  stats: UpdateStats;
  alpha: number | null;
  timing: IterationTiming;
  numTensors: number;
  backend: string;
}

const avg = (xs: readonly number[]): number => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Success share per task type, over the trajectories of that type's groups (key order: first seen). */
export function successByType(batch: RolloutBatch): Record<string, number> {
  const counts = new Map<string, { wins: number; all: number }>();
  for (const g of batch.groups) {
    const c = counts.get(g.taskType) ?? { wins: 0, all: 0 };
    c.wins += g.trajectories.filter((t) => t.success).length;
    c.all += g.trajectories.length;
    counts.set(g.taskType, c);
  }
  return Object.fromEntries([...counts].map(([type, c]) => [type, c.wins / Math.max(1, c.all)]));
}

export function iterationMetrics(m: MetricInputs): IterationMetrics {
  const trajs = m.batch.groups.flatMap((g) => g.trajectories);
  const wins = trajs.filter((t) => t.success);
  const responses = trajs.flatMap((t) => t.turns);
  const s = m.stats;
  return {
    iteration: m.iteration,
    successRate: wins.length / Math.max(1, trajs.length),
    meanTurns: avg(trajs.map((t) => t.turns.length)),
    meanSuccessTurns: wins.length > 0 ? avg(wins.map((t) => t.turns.length)) : null,
    meanOracleTurns: avg(m.batch.groups.map((g) => g.oracleTurns)),
    meanResponseTokens: avg(responses.map((turn) => turn.tokens.length)),
    meanThinkTokens: avg(responses.map((turn) => turn.thoughts)),
    formatValidRate: avg(responses.map((turn) => (turn.formatValid ? 1 : 0))),
    admissibleRate: avg(responses.map((turn) => (turn.actionAdmissible ? 1 : 0))),
    zeroStdGroupFraction: m.advantages.filter(isZeroAdvantageGroup).length / Math.max(1, m.advantages.length),
    meanReward: avg(trajs.map((t) => t.reward)),
    meanEnvReward: avg(trajs.map((t) => t.envReward ?? t.reward)),
    loopsPerEpisode: avg(trajs.map((t) => countLoops(t.turns.map((turn) => turn.action)))),
    rewardsMeasured: measureRewards(m.batch.groups),
    successByType: successByType(m.batch),
    loss: s.loss, pgLoss: s.pgLoss, kl: s.kl, entropy: s.entropy, clipFraction: s.clipFraction,
    clipFractionLower: s.clipFractionLower, approxKl: s.approxKl, valueLoss: s.valueLoss,
    alpha: m.alpha,
    tokens: m.batch.tokens,
    decodeSteps: m.batch.decodeSteps,
    tokensPerSecond: m.timing.rolloutMs > 0 ? (m.batch.tokens / m.timing.rolloutMs) * 1000 : 0,
    timing: m.timing,
    numTensors: m.numTensors,
    backend: m.backend,
  };
}
