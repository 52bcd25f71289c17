/**
 * Sparse feature indices (features.ts) → the sparse matrices the network multiplies (sparse.ts).
 *
 *   encoder  X [R, H]          row r: its hashed n-grams, each 1/√n (unit norm)
 *   decoder  F [N, W_dec + R]  row n: prev token, action bag (counts), position, and its context row
 *   gated    M [N·V, N·G]      the lookahead and copy terms of decision n as one product:
 *            z[n, v] += Σ_j g[n, j]·L[n, j, v] + Σ_k g[n, J + k]·C[r(n), k, v]
 *            with g = h₂·[W_look | W_gate], G = J + K gates per decision
 *
 * A null row (padding, or a decision without lookahead) has no entries.
 */
import { COPY_KINDS, LOOKAHEAD_KINDS } from './features';
import type { SparseEntries } from './sparse';

/** Gates per decision: the lookahead kinds, then the copy kinds. */
export const GATES = LOOKAHEAD_KINDS + COPY_KINDS;

/** X [R, H]: each row's active features, scaled by 1/√n (a row without features stays zero). */
export function encoderEntries(rows: readonly ArrayLike<number>[], hashBuckets: number): SparseEntries {
  const e = bagEntries(rows, hashBuckets);
  e.rowScale = Float32Array.from(rows, (idx) => (idx.length > 0 ? 1 / Math.sqrt(idx.length) : 0));
  return e;
}

/** Multi-hot rows [R, width]: repeated indices add up; `null` leaves the row zero. */
export function bagEntries(rows: ReadonlyArray<ArrayLike<number> | null>, width: number): SparseEntries {
  return decoderEntries(rows, null, width);
}

/**
 * [f | e_r] [N, W_dec + R]: decision n's decoder features, plus a 1 at column W_dec + contextRow[n]
 * (its context's row of the decoder table, model.ts); `null` rows (padding) stay zero.
 */
export function decoderEntries(rows: ReadonlyArray<ArrayLike<number> | null>, contextRow: ArrayLike<number> | null, width: number, contexts = 0): SparseEntries {
  const extra = contextRow ? 1 : 0;
  let n = 0;
  for (let r = 0; r < rows.length; r++) {
    const idx = rows[r];
    if (idx) n += idx.length + extra;
  }
  const entryRow = new Int32Array(n);
  const entryCol = new Int32Array(n);
  let at = 0;
  for (let r = 0; r < rows.length; r++) {
    const idx = rows[r];
    if (!idx) continue;
    for (let i = 0; i < idx.length; i++, at++) {
      entryRow[at] = r;
      entryCol[at] = idx[i];
    }
    if (contextRow) {
      entryRow[at] = r;
      entryCol[at++] = width + contextRow[r];
    }
  }
  return { rows: rows.length, cols: width + contexts, entryRow, entryCol };
}

/** One decision's gated inputs: lookahead j·V + v (decoding.ts) and its prompt's copy k·V + v. */
export interface GatedRow {
  lookahead: ArrayLike<number>;
  copy: ArrayLike<number>;
}

/** One decision's entries of M, sorted by (v, gate): token v and gate column per entry. */
interface GatedKeys {
  V: number;
  copy: ArrayLike<number>;
  token: Int32Array;
  gate: Int32Array;
}

/** Splits sorted keys v·G + gate into token and gate arrays. */
function splitKeys(keys: Int32Array, V: number, copy: ArrayLike<number>): GatedKeys {
  const token = new Int32Array(keys.length);
  const gate = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    token[i] = Math.floor(keys[i] / GATES);
    gate[i] = keys[i] % GATES;
  }
  return { V, copy, token, gate };
}

/**
 * A prompt's copy features as sorted keys v·G + J + k, and as the gated keys of a decision without
 * lookahead (cached: every decision of the prompt reuses them, most of them as they are).
 */
const COPY_KEYS = new WeakMap<ArrayLike<number>, { keys: Int32Array; alone: GatedKeys }>();

function copyKeys(copy: ArrayLike<number>, V: number): { keys: Int32Array; alone: GatedKeys } {
  const hit = COPY_KEYS.get(copy);
  if (hit && hit.alone.V === V) return hit;
  const keys = Int32Array.from(copy, (f) => (f % V) * GATES + LOOKAHEAD_KINDS + Math.floor(f / V)).sort();
  const entry = { keys, alone: splitKeys(keys, V, copy) };
  COPY_KEYS.set(copy, entry);
  return entry;
}

/**
 * Cached per lookahead list: a decision's lookahead array is made once when it is sampled and the
 * same object comes back in the π_ref and update batches, so its merged keys are built once.
 */
const GATED_KEYS = new WeakMap<object, GatedKeys>();

function gatedKeys(row: GatedRow, V: number): GatedKeys {
  const prompt = copyKeys(row.copy, V);
  if (row.lookahead.length === 0) return prompt.alone; // the prompt's copy entries only
  const cacheable = typeof row.lookahead === 'object' && row.lookahead !== null;
  const hit = cacheable ? GATED_KEYS.get(row.lookahead) : undefined;
  if (hit && hit.V === V && hit.copy === row.copy) return hit;
  const look = Int32Array.from(row.lookahead, (f) => (f % V) * GATES + Math.floor(f / V)).sort(); // (v, j)
  const copy = prompt.keys; // (v, J + k)
  const merged = new Int32Array(look.length + copy.length);
  let i = 0;
  let j = 0;
  for (let at = 0; at < merged.length; at++) { // merge two sorted key lists
    merged[at] = j >= copy.length || (i < look.length && look[i] <= copy[j]) ? look[i++] : copy[j++];
  }
  const keys = splitKeys(merged, V, row.copy);
  if (cacheable) GATED_KEYS.set(row.lookahead, keys);
  return keys;
}

/** M [N·V, N·G] for N decisions (`null` = padding, no entries), entries sorted by (v, gate) per decision. */
export function gatedEntries(rows: ReadonlyArray<GatedRow | null>, vocabSize: number): SparseEntries {
  const V = vocabSize;
  const N = rows.length;
  const parts: Array<GatedKeys | null> = new Array(N);
  let total = 0;
  for (let n = 0; n < N; n++) {
    const row = rows[n];
    const keys = row ? gatedKeys(row, V) : null;
    parts[n] = keys;
    if (keys) total += keys.token.length;
  }
  const entryRow = new Int32Array(total);
  const entryCol = new Int32Array(total);
  let at = 0;
  for (let n = 0; n < N; n++) {
    const part = parts[n];
    if (!part) continue;
    const { token, gate } = part;
    const rowBase = n * V;
    const colBase = n * GATES;
    for (let e = 0; e < token.length; e++, at++) {
      entryRow[at] = rowBase + token[e];
      entryCol[at] = colBase + gate[e];
    }
  }
  return { rows: N * V, cols: N * GATES, entryRow, entryCol, block: { blocks: N, gates: GATES, width: V } };
}
