/**
 * Batched scoring of recorded decisions: log π(a | prefix) under any weights, read back as plain
 * numbers. The rollout uses it for π_ref (the frozen initial weights) after collection; the update
 * uses it to recompute π_θold with the same forward pass it differentiates (so ρ = 1 exactly
 * before the first step, as verl recomputes old_log_prob).
 */
import * as tf from '@tensorflow/tfjs';
import { buildDecisionBatch, disposeDecisionBatch, type DecisionRow } from '../policy/batch';
import { scoreDecisions, type ModelDims, type Weights } from '../policy/model';

/** Log-probs per decision of each row, in chunks of `chunk` rows. */
export async function scoreRows(weights: Weights, dims: ModelDims, rows: readonly DecisionRow[], chunk = 512): Promise<number[][]> {
  const out: number[][] = [];
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const batch = buildDecisionBatch(dims, part);
    const logProb = tf.tidy(() => scoreDecisions(weights, batch).logProb); // [r, P]
    const data = (await logProb.data()) as Float32Array;
    tf.dispose(logProb);
    disposeDecisionBatch(batch);
    const P = batch.positions;
    part.forEach((row, r) => out.push(Array.from(data.subarray(r * P, r * P + row.decisions.length))));
  }
  return out;
}
