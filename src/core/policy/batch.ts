/**
 * Recorded decisions → the device tensors of a DecisionBatch. One row per response a_{i,t} that
 * made at least one choice; columns are its decisions, padded to the longest row (mask 0).
 * Inputs stay sparse (inputs.ts); only the allowed-token mask is dense [N, V].
 */
import * as tf from '@tensorflow/tfjs-core';
import { denseAllowedBias } from './dense';
import { decoderWidth } from './features';
import { decoderEntries, encoderEntries, gatedEntries, type GatedRow } from './inputs';
import type { DecisionBatch, ModelDims } from './model';
import type { PromptFeatures } from './policy';
import { defaultSparseKind, toOperand, type SparseKind } from './sparse';

export interface DecisionLike {
  token: number;
  allowed: readonly number[] | null;
  features: readonly number[];
  /** Sparse lookahead features j·V + v. */
  lookahead: readonly number[];
}

export interface DecisionRow {
  prompt: PromptFeatures;
  decisions: readonly DecisionLike[];
}

/** Decision tensors for `rows` (caller disposes them with disposeDecisionBatch). */
export function buildDecisionBatch(
  dims: ModelDims, rows: readonly DecisionRow[], kind: SparseKind = defaultSparseKind(),
): DecisionBatch {
  const R = rows.length;
  const P = Math.max(1, ...rows.map((r) => r.decisions.length));
  const V = dims.vocabSize;
  const feats: Array<readonly number[] | null> = [];
  const gated: Array<GatedRow | null> = [];
  const allowed: Array<readonly number[] | null | undefined> = [];
  const contextRow = new Int32Array(R * P);
  const chosen = new Int32Array(R * P);
  const chosenFlat = new Int32Array(R * P);
  const mask = new Float32Array(R * P);
  rows.forEach((row, r) => {
    for (let k = 0; k < P; k++) {
      const n = r * P + k;
      const d = row.decisions[k];
      feats.push(d ? d.features : null);
      gated.push(d ? { lookahead: d.lookahead, copy: row.prompt.copy } : null);
      allowed.push(d ? d.allowed : undefined);
      chosenFlat[n] = n * V;
      contextRow[n] = r;
      if (d) {
        chosen[n] = d.token;
        chosenFlat[n] += d.token;
        mask[n] = 1;
      }
    }
  });
  return {
    encoder: toOperand(encoderEntries(rows.map((r) => r.prompt.encoder), dims.hashBuckets), kind),
    decoder: toOperand(decoderEntries(feats, contextRow, decoderWidth(dims), R), kind),
    gated: toOperand(gatedEntries(gated, V), kind),
    allowedBias: tf.tensor2d(denseAllowedBias(allowed, V), [R * P, V]),
    chosen: tf.tensor1d(chosen, 'int32'),
    chosenFlat: tf.tensor1d(chosenFlat, 'int32'),
    mask: tf.tensor2d(mask, [R, P]),
    rows: R,
    positions: P,
  };
}

export function disposeDecisionBatch(b: DecisionBatch): void {
  b.encoder.dispose();
  b.decoder.dispose();
  b.gated.dispose();
  tf.dispose([b.allowedBias, b.chosen, b.chosenFlat, b.mask]);
}
