/**
 * The critic path, taken for estimators that declare `trainsCritic` (ppo and both length-shaping
 * baselines): the batch's advantages are whitened, as verl does for GAE (masked_whiten),
 *
 *   A ← (Â − μ_B) / sqrt(σ²_B + 1e-8),   μ_B, σ²_B over every trained response of the batch (Bessel),
 *
 * and the value head regresses on the entry's declared `criticTarget` component. The whitened A
 * replaces `perTurn` so the records show the advantages the update used; Â and the batch
 * statistics stay in the components (`rawAdvantage`, `batchMean`, `batchScale`).
 */
import { getEstimator } from '../advantage/registry';
import type { TurnAdvantages } from '../advantage/types';
import type { RolloutBatch } from '../rollout/types';

/** True when the update of `id` trains the value head. */
export function trainsCritic(id: string): boolean {
  return getEstimator(id).trainsCritic;
}

/** The value head's targets for one group (null when the estimator has no critic). */
export function valueTargets(id: string, adv: TurnAdvantages): number[][] | null {
  const key = getEstimator(id).criticTarget;
  const target = key === undefined ? undefined : adv.components[key];
  return Array.isArray(target) ? target : null;
}

/** The batch-whitened advantages the update uses (unchanged for estimators without a critic). */
export function advantagesForUpdate(id: string, batch: RolloutBatch, advantages: TurnAdvantages[]): TurnAdvantages[] {
  if (!trainsCritic(id)) return advantages;
  const trained: number[] = [];
  batch.groups.forEach((g, b) => g.trajectories.forEach((traj, i) => traj.turns.forEach((turn, t) => {
    if (turn.decisions.length > 0) trained.push(advantages[b].perTurn[i][t]);
  })));
  if (trained.length < 2) return advantages;
  const mu = trained.reduce((s, a) => s + a, 0) / trained.length;
  const variance = trained.reduce((s, a) => s + (a - mu) ** 2, 0) / (trained.length - 1);
  const scale = Math.sqrt(variance + 1e-8);
  return advantages.map((adv) => ({
    perTurn: adv.perTurn.map((row) => row.map((a) => (a - mu) / scale)),
    components: { ...adv.components, rawAdvantage: adv.perTurn.map((row) => row.slice()), batchMean: mu, batchScale: scale },
  }));
}
