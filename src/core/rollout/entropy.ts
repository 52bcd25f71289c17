/**
 * The step entropy H_{i,t} of one response (EMPG's "step-level uncertainty"): the mean, over the
 * response's sampled positions, of the sampling distribution's entropy (nats, at τ). Forced tokens
 * carry no choice and are left out; a turn with no sampled position (or decisions built without
 * entropies) has H = 0. The trainer's summaries and the rollouts.v1 records (`info.entropy`) use it.
 */
import type { TurnRecord } from './types';

export function stepEntropy(turn: Pick<TurnRecord, 'decisions'>): number {
  const n = turn.decisions.length;
  if (n === 0) return 0;
  let sum = 0;
  for (const d of turn.decisions) sum += d.entropy ?? 0;
  return sum / n;
}
