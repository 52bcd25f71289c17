/**
 * Recorded decisions → the device tensors of a DecisionBatch. One row per response a_{i,t} that
 * made at least one choice; the network runs on the N decisions packed (no padding: the hidden
 * layers, logits and log-softmax cost what the decisions cost), and only the loss's [R, P] view
 * pads every row to the longest (mask 0), through padIndex / packIndex (model.ts toPadded / toPacked).
 * Inputs stay sparse (inputs.ts). The log-softmax runs over each decision's allowed tokens only,
 * laid out [N, K] with K the largest allowed count (9 under constrained decoding, against V = 124):
 * allowedIndex picks them out of the logits, allowedBias masks the unused slots (allowedSlots).
 */
import * as tf from '@tensorflow/tfjs-core';
import { decoderWidth } from './features';
import { decoderEntries, encoderEntries, gatedEntries, type GatedRow } from './inputs';
import type { AllowedEntries, DecisionBatch, ModelDims } from './model';
import type { PromptFeatures } from './policy';
import { defaultSparseKind, toOperand, type SparseKind } from './sparse';
import { GROUP_FIELDS } from './wasm-gather-dot';

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
  const tokens = new Int32Array(N);
  const contextRow = new Int32Array(N);
  const packIndex = new Int32Array(N); // decision n → its position r·P + k
  const padIndex = new Int32Array(R * P).fill(N); // position r·P + k → its decision n, or N (a zero) on padding
  const mask = new Float32Array(R * P);
  let n = 0;
  rows.forEach((row, r) => {
    row.decisions.forEach((d, k) => {
      feats.push(d.features);
      gated.push({ lookahead: d.lookahead, copy: row.prompt.copy, allowed: d.allowed });
      allowed.push(d.allowed);
      contextRow[n] = r;
      tokens[n] = d.token;
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
  const slots = allowedSlots(allowed, tokens, V);
  const K = slots.width;
  return {
    encoder: toOperand(encoderEntries(rows.map((r) => r.prompt.encoder), dims.hashBuckets), kind),
    decoder: toOperand(decoderEntries(feats, contextRow, decoderWidth(dims), R), kind),
    gated: toOperand(gatedEntries(gated, V), kind),
    allowedIndex: tf.tensor1d(slots.index, 'int32'),
    allowedBias: tf.tensor2d(slots.bias, [N, K]),
    chosenOneHot: tf.tensor2d(slots.oneHot, [N, K]),
    chosenFlat: tf.tensor1d(slots.chosen, 'int32'),
    packIndex: tf.tensor1d(packIndex, 'int32'),
    padIndex: tf.tensor1d(padIndex, 'int32'),
    mask: tf.tensor2d(mask, [R, P]),
    rows: R,
    positions: P,
    decisions: N,
    allowedWidth: K,
    allowedEntries: slots.entries,
  };
}

/** Decision n's allowed tokens in K slots (allowedSlots). */
export interface AllowedSlots {
  /** K: the largest allowed count. */
  width: number;
  /** n·V + v of slot (n, k) [N·K]; an unused slot repeats the row's first allowed token. */
  index: Int32Array;
  /** 0 on allowed slots, −1e9 on unused ones [N·K]. */
  bias: Float32Array;
  /** 1 at the chosen token's slot [N·K]. */
  oneHot: Float32Array;
  /** n·K + k of the chosen token's slot [N]. */
  chosen: Int32Array;
  /** The allowed (decision, token) pairs, each once; null when some decision's tokens do not ascend. */
  entries: AllowedEntries | null;
}

/**
 * The allowed tokens of N decisions in ascending order, K slots per decision: `null` allows every
 * token but <pad> (id 0), `undefined` (the empty slot of a batch without decisions) every token.
 * Throws when a recorded token is not among its decision's allowed tokens.
 */
export function allowedSlots(allowed: ReadonlyArray<readonly number[] | null | undefined>, tokens: Int32Array, vocabSize: number): AllowedSlots {
  const V = vocabSize;
  const N = allowed.length;
  const countOf = (a: readonly number[] | null | undefined) => (a === undefined ? V : a === null ? V - 1 : a.length);
  let K = 1;
  for (const a of allowed) K = Math.max(K, countOf(a));
  const index = new Int32Array(N * K);
  const bias = new Float32Array(N * K);
  const oneHot = new Float32Array(N * K);
  const chosen = new Int32Array(N);
  const counts = new Int32Array(N);
  allowed.forEach((a, n) => {
    const count = countOf(a);
    counts[n] = count;
    const first = a === undefined ? 0 : a === null ? 1 : a[0];
    for (let k = 0; k < K; k++) {
      const at = n * K + k;
      const token = k >= count ? first : a === undefined ? k : a === null ? k + 1 : a[k];
      index[at] = n * V + token;
      if (k >= count) bias[at] = -1e9;
      else if (token === tokens[n]) {
        oneHot[at] = 1;
        chosen[n] = at;
      }
    }
    if (a !== undefined && oneHot[chosen[n]] !== 1) throw new Error(`decision ${n}: token ${tokens[n]} is not among its allowed tokens`);
  });
  return { width: K, index, bias, oneHot, chosen, entries: allowedPairs(index, counts, K, V) };
}

/** The used slots' (decision, token) pairs from the slots' n·V + v (`counts` used slots per decision), or null when some decision's tokens do not ascend. */
function allowedPairs(index: Int32Array, counts: Int32Array, K: number, V: number): AllowedEntries | null {
  let pairs = 0;
  for (let n = 0; n < counts.length; n++) pairs += counts[n];
  const decision = new Int32Array(pairs);
  const token = new Int32Array(pairs);
  const at = new Int32Array(pairs);
  let p = 0;
  for (let n = 0; n < counts.length; n++) {
    const base = n * K;
    for (let k = 0; k < counts[n]; k++, p++) {
      const i = index[base + k];
      const v = i - n * V;
      if (!(v >= 0 && v < V) || (k > 0 && v <= token[p - 1])) return null;
      decision[p] = n;
      token[p] = v;
      at[p] = i;
    }
  }
  return { decision, token, at, byToken: byToken(decision, token, V), ...groupsOf(token, counts, K) };
}

/** The pairs of each decision four at a time (wasm-gather-dot.ts records), and each slot's pair. */
function groupsOf(token: Int32Array, counts: Int32Array, K: number): { groups: Int32Array; slot: Int32Array } {
  let count = 0;
  for (let n = 0; n < counts.length; n++) count += Math.ceil(counts[n] / 4);
  const groups = new Int32Array(count * GROUP_FIELDS);
  const slot = new Int32Array(counts.length * K);
  let g = 0;
  let first = 0;
  for (let n = 0; n < counts.length; n++) {
    const c = counts[n];
    for (let j = 0; j < c; j += 4, g++) {
      const r = g * GROUP_FIELDS;
      groups[r] = n;
      for (let i = 0; i < 4; i++) groups[r + 1 + i] = token[first + Math.min(j + i, c - 1)]; // the last token again in lanes past the decision's
      groups[r + 5] = first + j;
      groups[r + 6] = Math.min(4, c - j);
    }
    for (let k = 0; k < K; k++) slot[n * K + k] = first + (k < c ? k : 0);
    first += c;
  }
  return { groups, slot };
}

/** The pairs ordered by token, decisions ascending within a token (a stable counting sort). */
function byToken(decision: Int32Array, token: Int32Array, V: number): AllowedEntries['byToken'] {
  const start = new Int32Array(V + 1);
  for (let i = 0; i < token.length; i++) start[token[i] + 1]++;
  for (let v = 0; v < V; v++) start[v + 1] += start[v];
  const out = { decision: new Int32Array(token.length), token: new Int32Array(token.length), at: new Int32Array(token.length) };
  for (let i = 0; i < token.length; i++) {
    const p = start[token[i]]++;
    out.decision[p] = decision[i];
    out.token[p] = token[i];
    out.at[p] = decision[i] * V + token[i];
  }
  return out;
}

export function disposeDecisionBatch(b: DecisionBatch): void {
  b.encoder.dispose();
  b.decoder.dispose();
  b.gated.dispose();
  tf.dispose([b.allowedIndex, b.allowedBias, b.chosenOneHot, b.chosenFlat, b.packIndex, b.padIndex, b.mask]);
}
