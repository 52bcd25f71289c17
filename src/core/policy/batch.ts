/**
 * Recorded decisions → the dense tensors of `scoreDecisions`. One row per response a_{i,t} that
 * made at least one choice; columns are its decisions, padded to the longest row (mask 0).
 */
import * as tf from '@tensorflow/tfjs-core';
import { denseAllowedBias, denseEncoder, denseMultiHot } from './dense';
import { COPY_KINDS, decoderWidth, LOOKAHEAD_KINDS } from './features';
import type { DecisionBatch, ModelDims } from './model';
import type { PromptFeatures } from './policy';

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

/** Dense decision tensors for `rows` (caller disposes them, e.g. with tf.dispose(Object.values(b))). */
export function buildDecisionBatch(dims: ModelDims, rows: readonly DecisionRow[]): DecisionBatch {
  const R = rows.length;
  const P = Math.max(1, ...rows.map((r) => r.decisions.length));
  const V = dims.vocabSize;
  const F = decoderWidth(dims);
  const feats: Array<readonly number[] | null> = [];
  const looks: Array<readonly number[] | null> = [];
  const allowed: Array<readonly number[] | null | undefined> = [];
  const chosen = new Int32Array(R * P);
  const mask = new Float32Array(R * P);
  rows.forEach((row, r) => {
    for (let k = 0; k < P; k++) {
      const d = row.decisions[k];
      feats.push(d ? d.features : null);
      looks.push(d ? d.lookahead : null);
      allowed.push(d ? d.allowed : undefined);
      if (d) {
        chosen[r * P + k] = d.token;
        mask[r * P + k] = 1;
      }
    }
  });
  const x = denseEncoder(rows.map((r) => r.prompt.encoder), dims.hashBuckets);
  const copy = denseMultiHot(rows.map((r) => r.prompt.copy), COPY_KINDS * V);
  return {
    x: tf.tensor2d(x, [R, dims.hashBuckets]),
    dec: tf.tensor2d(denseMultiHot(feats, F), [R * P, F]),
    copy: tf.tensor3d(copy, [R, COPY_KINDS, V]),
    look: tf.tensor2d(denseMultiHot(looks, LOOKAHEAD_KINDS * V), [R * P, LOOKAHEAD_KINDS * V]),
    allowedBias: tf.tensor3d(denseAllowedBias(allowed, V), [R, P, V]),
    chosen: tf.tensor2d(chosen, [R, P], 'int32'),
    mask: tf.tensor2d(mask, [R, P]),
    positions: P,
  };
}

export function disposeDecisionBatch(b: DecisionBatch): void {
  tf.dispose([b.x, b.dec, b.copy, b.look, b.allowedBias, b.chosen, b.mask]);
}
