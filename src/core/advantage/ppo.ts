/**
 * PPO with a critic: generalized advantage estimation over the turns of each trajectory.
 *
 *   δ_{i,t} = r_{i,t} + γ·V_{i,t+1} − V_{i,t},   V_{i,T_i} = 0 (the episode ends)
 *   A_{i,t} = Σ_{k ≥ 0} (γλ)^k δ_{i,t+k}    (computed backwards: A_t = δ_t + γλ·A_{t+1})
 *
 * Schulman et al. 2016 (GAE); verl `compute_gae_advantage_return`. In the PlanPO paper
 * (arXiv 2608.17289) PPO is a critic-based baseline. The critic values V(s_{i,t}) come from the
 * trainer in `TrajectorySummary.values`; this estimator only does the arithmetic.
 *
 * Details a reader could get wrong (pinned in tests/core/advantage/ppo.test.ts):
 * - Turn-level, not token-level: one δ per response (verl's GAE runs over tokens).
 * - The last turn is terminal (V after it is 0); a trajectory cut by the turn limit is treated the
 *   same way (no bootstrap).
 * - Missing `values` means V = 0 (then A is the (γλ)-discounted reward-to-go); missing
 *   `turnRewards` puts R on the last turn.
 * - No whitening here: verl whitens GAE advantages over the whole batch (masked_whiten), which
 *   is a batch-level step for the trainer, not a per-group estimator.
 * - Defaults γ = 0.99, λ = 0.95 (PPO/CleanRL); verl's config defaults are γ = λ = 1.
 */
import type { AdvantageEstimator, RolloutGroup, TrajectorySummary, TurnAdvantages } from './types';
import { turnRewardsOf, validateGroup } from './turns';
import { gammaParam, lambdaParam } from './common-params';
import type { ComponentSpec, WorkedEquation, WorkedInput } from './spec';
import { componentAt, fmt, NO_SELECTION, selected, whitenedLine } from './worked';

export interface PpoParams {
  gamma: number;
  /** λ of GAE. */
  lambda: number;
}

export const PPO_DEFAULTS: PpoParams = { gamma: 0.99, lambda: 0.95 };

/** GAE for one trajectory: advantages and returns (A + V, the critic's regression target). */
export function gae(
  rewards: readonly number[],
  values: readonly number[],
  gamma: number,
  lambda: number,
): { advantages: number[]; returns: number[] } {
  const numTurns = rewards.length;
  const advantages = new Array<number>(numTurns);
  let next = 0;
  for (let t = numTurns - 1; t >= 0; t--) {
    const nextValue = t + 1 < numTurns ? values[t + 1] : 0;
    const delta = rewards[t] + gamma * nextValue - values[t];
    next = delta + gamma * lambda * next;
    advantages[t] = next;
  }
  return { advantages, returns: advantages.map((a, t) => a + values[t]) };
}

function valuesOf(traj: TrajectorySummary): number[] {
  return traj.values ?? Array<number>(traj.numTurns).fill(0);
}

/** GAE over every trajectory with the given per-turn rewards. */
export function gaeAdvantages(group: RolloutGroup, rewards: readonly (readonly number[])[], params: PpoParams): TurnAdvantages {
  const results = group.trajectories.map((traj, i) => gae(rewards[i], valuesOf(traj), params.gamma, params.lambda));
  return {
    perTurn: results.map((r) => r.advantages),
    components: { returns: results.map((r) => r.returns), values: group.trajectories.map(valuesOf) },
  };
}

export function ppoAdvantages(group: RolloutGroup, params: PpoParams): TurnAdvantages {
  validateGroup(group);
  return gaeAdvantages(group, group.trajectories.map(turnRewardsOf), params);
}

/**
 * Components of a critic estimator: GAE's returns (the value target) and values; the trainer adds
 * the whitening it applied (rawAdvantage, batchMean, batchScale) so records carry the used A.
 */
export const CRITIC_COMPONENTS: readonly ComponentSpec[] = [
  { key: 'returns', label: 'R̂ (value target)', shape: 'per-turn' },
  { key: 'values', label: 'V(s)', shape: 'per-turn' },
  { key: 'rawAdvantage', label: 'Â before whitening', shape: 'per-turn' },
  { key: 'batchMean', label: 'μ_B', shape: 'scalar' },
  { key: 'batchScale', label: 'σ_B', shape: 'scalar' },
];

/** `Â = R̂ − V` (GAE with its returns), then the batch whitening line when the trainer applied it. */
export const ppoEstimator: AdvantageEstimator<PpoParams> = {
  id: 'ppo',
  color: '#CC79A7',
  docsPath: 'docs/algorithms/ppo.md',
  label: 'PPO (GAE)',
  equation: String.raw`A_{i,t} = \sum_{k \ge 0} (\gamma\lambda)^k \delta_{i,t+k},\quad \delta_{i,t} = r_{i,t} + \gamma V(s_{i,t+1}) - V(s_{i,t})`,
  defaults: PPO_DEFAULTS,
  params: [gammaParam(PPO_DEFAULTS.gamma), lambdaParam(PPO_DEFAULTS.lambda)],
  schedules: [],
  trainsCritic: true,
  criticTarget: 'returns',
  components: CRITIC_COMPONENTS,
  combination: { terms: [], text: 'A = GAE(γ, λ) = R̂ − V' },
  estimate: ppoAdvantages,
  workedEquation: (input) => criticWorked(input),
};

export function criticWorked(input: WorkedInput, first: string[] = []): WorkedEquation {
  const s = selected(input);
  if (!s) return NO_SELECTION;
  const ret = componentAt(s.traj, 'returns', s.turn);
  const v = componentAt(s.traj, 'values', s.turn);
  const white = whitenedLine(s);
  const raw = ret - v;
  const lines = [...first, `\\hat A_{${s.i},${s.t}} = \\hat R - V(s_{${s.i},${s.t}}) = ${fmt(ret)} - ${fmt(v)} = ${fmt(raw)}`];
  if (white) lines.push(white.line);
  return { lines, numbers: { returns: ret, values: v, ...(white?.numbers ?? {}), advantage: s.a } };
}
