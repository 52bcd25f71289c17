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
  let n = 0;
  for (const idx of rows) n += idx ? idx.length + (contextRow ? 1 : 0) : 0;
  const entryRow = new Int32Array(n);
  const entryCol = new Int32Array(n);
  let at = 0;
  rows.forEach((idx, r) => {
    if (!idx) return;
    for (let i = 0; i < idx.length; i++) {
      entryRow[at] = r;
      entryCol[at++] = idx[i];
    }
    if (contextRow) {
      entryRow[at] = r;
      entryCol[at++] = width + contextRow[r];
    }
  });
  return { rows: rows.length, cols: width + contexts, entryRow, entryCol };
}

/** One decision's gated inputs: lookahead j·V + v (decoding.ts) and its prompt's copy k·V + v. */
export interface GatedRow {
  lookahead: ArrayLike<number>;
  copy: ArrayLike<number>;
}

/** A prompt's copy features as sorted keys v·G + J + k (cached: every decision of the prompt reuses them). */
const COPY_KEYS = new WeakMap<ArrayLike<number>, { V: number; keys: Int32Array }>();

function copyKeys(copy: ArrayLike<number>, V: number): Int32Array {
  const hit = COPY_KEYS.get(copy);
  if (hit && hit.V === V) return hit.keys;
  const keys = Int32Array.from(copy, (f) => (f % V) * GATES + LOOKAHEAD_KINDS + Math.floor(f / V)).sort();
  COPY_KEYS.set(copy, { V, keys });
  return keys;
}

/** One decision's entries of M, sorted by (v, gate): token v and gate column per entry. */
interface GatedKeys {
  V: number;
  copy: ArrayLike<number>;
  token: Int32Array;
  gate: Int32Array;
}

/**
 * Cached per lookahead list: a decision's lookahead array is made once when it is sampled and the
 * same object comes back in the π_ref and update batches, so its merged keys are built once.
 */
const GATED_KEYS = new WeakMap<object, GatedKeys>();

function gatedKeys(row: GatedRow, V: number): GatedKeys {
  const cacheable = typeof row.lookahead === 'object' && row.lookahead !== null;
  const hit = cacheable ? GATED_KEYS.get(row.lookahead) : undefined;
  if (hit && hit.V === V && hit.copy === row.copy) return hit;
  const look = Int32Array.from(row.lookahead, (f) => (f % V) * GATES + Math.floor(f / V)).sort(); // (v, j)
  const copy = copyKeys(row.copy, V); // (v, J + k)
  const n = look.length + copy.length;
  const token = new Int32Array(n);
  const gate = new Int32Array(n);
  let i = 0;
  let j = 0;
  for (let at = 0; at < n; at++) { // merge two sorted key lists
    const key = j >= copy.length || (i < look.length && look[i] <= copy[j]) ? look[i++] : copy[j++];
    token[at] = Math.floor(key / GATES);
    gate[at] = key % GATES;
  }
  const keys = { V, copy: row.copy, token, gate };
  if (cacheable) GATED_KEYS.set(row.lookahead, keys);
  return keys;
}

/** M [N·V, N·G] for N decisions (`null` = padding, no entries), entries sorted by (v, gate) per decision. */
export function gatedEntries(rows: ReadonlyArray<GatedRow | null>, vocabSize: number): SparseEntries {
  const V = vocabSize;
  let total = 0;
  const parts = rows.map((row) => {
    if (!row) return null;
    const keys = gatedKeys(row, V);
    total += keys.token.length;
    return keys;
  });
  const entryRow = new Int32Array(total);
  const entryCol = new Int32Array(total);
  let at = 0;
  parts.forEach((part, n) => {
    if (!part) return;
    const { token, gate } = part;
    for (let e = 0; e < token.length; e++, at++) {
      entryRow[at] = n * V + token[e];
      entryCol[at] = n * GATES + gate[e];
    }
  });
  const N = rows.length;
  return { rows: N * V, cols: N * GATES, entryRow, entryCol, block: { blocks: N, gates: GATES, width: V } };
}
