/**
 * Concept: the value function. A PPO run trains the critic V(s_t) beside the policy; from its last
 * iteration one group shows, per turn of each trajectory, the critic's V(s_t) beside the return
 * that actually followed, GAE's per-turn advantage, and GRPO's flat credit on the same group.
 *
 *   G_t = Σ_{k≥0} γ^k r_{t+k}        δ_t = r_t + γV(s_{t+1}) − V(s_t)        Â_t = Σ_k (γλ)^k δ_{t+k}
 *   GRPO: A_{i,t} = (R_i − mean R)/std R for every t
 *
 * `criticFit` (correlation of V(s_t) with G_t over every turn of a batch) is measured on the first
 * and the last iteration, so the docs can say how much the critic learned.
 */
import { getEstimator } from '../advantage/registry';
import type { TrainedTrajectoryV1 } from '../rollout/records';
import { validateConfig, type RunConfig } from '../train/config';
import { Trainer } from '../train/trainer';
import type { ConceptSize } from './reward-hacking';

export interface ValueFunctionSpec {
  config: Partial<RunConfig>;
  iterations: number;
}

export interface ValueTurn {
  t: number;
  action: string;
  reward: number;
  /** V(s_t) at sampling time. */
  value: number;
  /** G_t: the discounted return that followed. */
  returnToGo: number;
  /** Â_t: GAE before the batch whitening. */
  gae: number;
  /** A_t the update used (whitened GAE). */
  advantage: number;
  /** GRPO's A_{i,t} on the same group (the same for every turn). */
  grpo: number;
}

export interface ValueTrajectory {
  member: number;
  success: boolean;
  reward: number;
  turns: ValueTurn[];
}

export interface ValueFunctionResult {
  spec: ValueFunctionSpec;
  gamma: number;
  lambda: number;
  iteration: number;
  task: string;
  trajectories: ValueTrajectory[];
  /** Per iteration: success and the critic's fit corr(V, G) over the batch. */
  history: Array<{ iteration: number; successRate: number; valueLoss: number; criticFit: number | null }>;
}

const BASE = {
  env: 'household-v0', taskType: 'pick_and_place_simple', envSize: 4, maxTurns: 15, estimator: 'ppo', valueCoef: 0.5,
  groupSize: 8, tasksPerIteration: 4, seed: 3, hidden: 128,
} as const;

export function valueFunctionSpec(size: ConceptSize, iterations?: number): ValueFunctionSpec {
  return size === 'cli'
    ? { config: BASE, iterations: iterations ?? 40 }
    : { config: { ...BASE, maxTurns: 6, groupSize: 4, tasksPerIteration: 2, hidden: 16, hashBuckets: 128 }, iterations: iterations ?? 3 };
}

/** G_t = r_t + γ·G_{t+1}, G_T = 0. */
export function returnsToGo(rewards: readonly number[], gamma: number): number[] {
  const out = new Array<number>(rewards.length);
  let next = 0;
  for (let t = rewards.length - 1; t >= 0; t--) out[t] = next = rewards[t] + gamma * next;
  return out;
}

/** Pearson correlation (null when either side is constant or there are fewer than 2 points). */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0; let sxx = 0; let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}

const valueOf = (turn: TrainedTrajectoryV1['turns'][number]): number => Number((turn.info as { value?: number } | undefined)?.value ?? 0);

/** corr(V(s_t), G_t) over every turn of the records. */
export function criticFit(records: readonly TrainedTrajectoryV1[], gamma: number): number | null {
  const v: number[] = [];
  const g: number[] = [];
  for (const r of records) {
    const ret = returnsToGo(r.turns.map((t) => t.reward), gamma);
    r.turns.forEach((turn, t) => { v.push(valueOf(turn)); g.push(ret[t]); });
  }
  return correlation(v, g);
}

/** One group's critic view; the group with the most even mix of successes and failures. */
export function valueView(groups: readonly TrainedTrajectoryV1[][], gamma: number): { task: string; trajectories: ValueTrajectory[] } {
  const mix = (g: TrainedTrajectoryV1[]) => Math.abs(g.filter((r) => r.outcome.success).length - g.length / 2);
  const group = [...groups].sort((a, b) => mix(a) - mix(b))[0] ?? [];
  return {
    task: group[0]?.task.instruction ?? '',
    trajectories: group.map((r) => {
      const ret = returnsToGo(r.turns.map((t) => t.reward), gamma);
      const ppo = r.estimator_advantages.ppo;
      const raw = (ppo?.components.rawAdvantage as number[] | undefined) ?? ppo?.per_turn ?? [];
      const grpo = r.estimator_advantages.grpo?.per_turn ?? [];
      return {
        member: r.sample_index ?? 0, success: r.outcome.success, reward: r.outcome.episode_reward ?? 0,
        turns: r.turns.map((turn, t) => ({
          t, action: turn.action ?? '', reward: turn.reward ?? 0, value: valueOf(turn), returnToGo: ret[t],
          gae: raw[t] ?? 0, advantage: ppo?.per_turn[t] ?? 0, grpo: grpo[t] ?? 0,
        })),
      };
    }),
  };
}

export interface ValueFunctionHooks {
  backend?: string;
  onIteration?(iteration: number, successRate: number): void;
}

/** Trains the PPO run and returns the last iteration's critic view with the per-iteration history. */
export async function runValueFunction(spec: ValueFunctionSpec, hooks: ValueFunctionHooks = {}): Promise<ValueFunctionResult> {
  const { config, problems } = validateConfig({ ...spec.config, iterations: spec.iterations });
  if (problems.length > 0) throw new Error(problems.join('; '));
  const { gamma, lambda } = { ...(getEstimator('ppo').defaults as { gamma: number; lambda: number }), ...config.estimatorParams };
  const trainer = await Trainer.create(config, { backend: hooks.backend });
  const history: ValueFunctionResult['history'] = [];
  let last: TrainedTrajectoryV1[][] = [];
  try {
    while (trainer.iteration < spec.iterations) {
      const { metrics, groups } = await trainer.runIteration();
      last = groups;
      history.push({ iteration: metrics.iteration, successRate: metrics.successRate, valueLoss: metrics.valueLoss, criticFit: criticFit(groups.flat(), gamma) });
      hooks.onIteration?.(metrics.iteration, metrics.successRate);
    }
  } finally {
    trainer.dispose();
  }
  return { spec, gamma, lambda, iteration: trainer.iteration, ...valueView(last, gamma), history };
}
