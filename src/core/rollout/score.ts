/**
 * Batched scoring of recorded decisions: log π(a | prefix) under any weights, read back as plain
 * numbers (the SFT phase's log-probs; the PyTorch peer's π_ref). The trainer scores π_ref inside the
 * update instead (UpdateOptions.reference: each gradient chunk's own decision batch serves both
 * passes), with the same numbers. π_θold needs no pass: the sampling log-probs are already log π_θold
 * at τ (same weights, same features, float32 vs float64 rounding apart).
 */
import * as tf from '@tensorflow/tfjs-core';
import { buildDecisionBatch, disposeDecisionBatch, type DecisionRow } from '../policy/batch';
import { logProbsOf, type ModelDims, type Weights } from '../policy/model';

/**
 * Log-probs per decision of each row at sampling temperature τ, in chunks of `chunk` rows. Rows are scored in order of
 * their decision count (less padding) and returned in input order.
 */
export async function scoreRows(weights: Weights, dims: ModelDims, rows: readonly DecisionRow[], temperature = 1, chunk = 512): Promise<number[][]> {
  const out: number[][] = new Array(rows.length);
  const order = rows.map((_, i) => i).sort((a, b) => rows[a].decisions.length - rows[b].decisions.length || a - b);
  for (let start = 0; start < order.length; start += chunk) {
    const ids = order.slice(start, start + chunk);
    const batch = buildDecisionBatch(dims, ids.map((i) => rows[i]));
    const logProb = logProbsOf(weights, batch, temperature); // [r, P]
    const data = (await logProb.data()) as Float32Array;
    tf.dispose(logProb);
    disposeDecisionBatch(batch);
    const P = batch.positions;
    ids.forEach((i, r) => (out[i] = Array.from(data.subarray(r * P, r * P + rows[i].decisions.length))));
  }
  return out;
}
