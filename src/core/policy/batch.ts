/**
 * Recorded decisions → the device tensors of a DecisionBatch. One row per response a_{i,t} that
 * made at least one choice; the network runs on the N decisions packed (no padding: the hidden
 * layers, logits and log-softmax cost what the decisions cost), and only the loss's [R, P] view
 * pads every row to the longest (mask 0), through padIndex / packIndex (model.ts toPadded / toPacked).
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
  const decisions = rows.reduce((s, r) => s + r.decisions.length, 0);
  const N = Math.max(1, decisions); // rows without decisions: one empty slot keeps every shape non-empty
  const feats: Array<readonly number[] | null> = [];
  const gated: Array<GatedRow | null> = [];
  const allowed: Array<readonly number[] | null | undefined> = [];
  const contextRow = new Int32Array(N);
  const chosen = new Int32Array(N);
  const chosenFlat = Int32Array.from({ length: N }, (_, n) => n * V);
  const packIndex = new Int32Array(N); // decision n → its position r·P + k
  const padIndex = new Int32Array(R * P).fill(N); // position r·P + k → its decision n, or N (a zero) on padding
  const mask = new Float32Array(R * P);
  let n = 0;
  rows.forEach((row, r) => {
    row.decisions.forEach((d, k) => {
      feats.push(d.features);
      gated.push({ lookahead: d.lookahead, copy: row.prompt.copy });
      allowed.push(d.allowed);
      contextRow[n] = r;
      chosen[n] = d.token;
      chosenFlat[n] += d.token;
      packIndex[n] = r * P + k;
      padIndex[r * P + k] = n;
      mask[r * P + k] = 1;
      n++;
    });
  });
  if (decisions === 0) {
    feats.push(null);
    gated.push(null);
    allowed.push(undefined);
  }
  return {
    encoder: toOperand(encoderEntries(rows.map((r) => r.prompt.encoder), dims.hashBuckets), kind),
    decoder: toOperand(decoderEntries(feats, contextRow, decoderWidth(dims), R), kind),
    gated: toOperand(gatedEntries(gated, V), kind),
    allowedBias: tf.tensor2d(denseAllowedBias(allowed, V), [N, V]),
    chosen: tf.tensor1d(chosen, 'int32'),
    chosenFlat: tf.tensor1d(chosenFlat, 'int32'),
    packIndex: tf.tensor1d(packIndex, 'int32'),
    padIndex: tf.tensor1d(padIndex, 'int32'),
    mask: tf.tensor2d(mask, [R, P]),
    rows: R,
    positions: P,
    decisions: N,
  };
}

export function disposeDecisionBatch(b: DecisionBatch): void {
  b.encoder.dispose();
  b.decoder.dispose();
  b.gated.dispose();
  tf.dispose([b.allowedBias, b.chosen, b.chosenFlat, b.packIndex, b.padIndex, b.mask]);
}
