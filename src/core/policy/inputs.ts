/**
 * Sparse feature indices (features.ts) → the sparse matrices the network multiplies (sparse.ts).
 *
 *   encoder  X [R, H]          row r: its hashed n-grams, each 1/√n (unit norm)
 *   decoder  F [N, W_dec + R]  row n: prev token, action bag (counts), position, and its context row
 *   gated    M [N·V, N·G]      the lookahead and copy terms of decision n as one product:
 *            z[n, v] += Σ_j g[n, j]·L[n, j, v] + Σ_k g[n, J + k]·C[r(n), k, v]
 *            with g = h₂·[W_look | W_gate], G = J + K gates per decision, for the tokens v decision n
 *            may choose (every logit the model reads; the others keep z = h₂·W_out + b_out)
 *
 * A null row (padding) has no entries.
 */
import { COPY_KINDS, LOOKAHEAD_KINDS } from './features';
import { freeDecodingTokens } from './sampling';
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

/**
 * One decision's gated inputs: lookahead j·V + v (decoding.ts), its prompt's copy k·V + v, and the
 * tokens it may choose (ascending; null: every token but <pad>, as for the sampler).
 */
export interface GatedRow {
  lookahead: ArrayLike<number>;
  copy: ArrayLike<number>;
  allowed: ArrayLike<number> | null;
}

/**
 * A prompt's copy features by token: bit k of kinds[v] is set when the prompt has copy feature
 * k·V + v, so token v's copy gates are J + k for its set bits, k ascending. Cached per copy array:
 * every decision of the prompt reads them.
 */
interface CopyByToken {
  V: number;
  kinds: Uint8Array;
}

const COPY_BY_TOKEN = new WeakMap<ArrayLike<number>, CopyByToken>();
if (COPY_KINDS > 8) throw new Error('copyByToken keeps a token\'s copy kinds in one byte');

function copyByToken(copy: ArrayLike<number>, V: number): CopyByToken {
  const hit = COPY_BY_TOKEN.get(copy);
  if (hit && hit.V === V) return hit;
  const kinds = new Uint8Array(V);
  for (let i = 0; i < copy.length; i++) kinds[copy[i] % V] |= 1 << Math.floor(copy[i] / V);
  const entry = { V, kinds };
  COPY_BY_TOKEN.set(copy, entry);
  return entry;
}

/**
 * Calls `entry(v, gate)` for decision `row`'s entries of M, in M's order: by token v over its allowed
 * tokens, ascending; per token its lookahead gates j, then its copy gates J + k, each ascending. Only
 * the allowed tokens: the update, π_ref and the sampler read no other logit, and the backward pass
 * gives the others ∂ℓ/∂z = 0, so leaving their entries out changes no number they compute.
 */
function forEachEntry(row: GatedRow, copy: CopyByToken, V: number, entry: (v: number, gate: number) => void): void {
  const look = row.lookahead;
  const allowed = row.allowed ?? freeDecodingTokens(V);
  for (let a = 0; a < allowed.length; a++) {
    const v = allowed[a];
    for (let i = 0; i < look.length; i++) if (look[i] % V === v) entry(v, Math.floor(look[i] / V)); // j ascends: look is j·V + v ascending
    for (let k = 0, bits = copy.kinds[v]; bits !== 0; k++, bits >>= 1) if (bits & 1) entry(v, LOOKAHEAD_KINDS + k);
  }
}

/**
 * M [N·V, N·G] for N decisions (`null` = padding, no entries): decision n's entries (forEachEntry) at
 * rows n·V + v and columns n·G + gate, rows non-decreasing.
 */
export function gatedEntries(rows: ReadonlyArray<GatedRow | null>, vocabSize: number): SparseEntries {
  const V = vocabSize;
  const N = rows.length;
  // each decision's copy table, looked up once (a prompt's decisions are consecutive and share one)
  const copies: Array<CopyByToken | null> = new Array(N).fill(null);
  for (let n = 0; n < N; n++) {
    const row = rows[n];
    if (row) copies[n] = n > 0 && rows[n - 1]?.copy === row.copy ? copies[n - 1] : copyByToken(row.copy, V);
  }
  let total = 0;
  const count = () => total++;
  for (let n = 0; n < N; n++) {
    const row = rows[n];
    if (row) forEachEntry(row, copies[n]!, V, count);
  }
  const entryRow = new Int32Array(total);
  const entryCol = new Int32Array(total);
  let at = 0;
  let rowBase = 0;
  let colBase = 0;
  const place = (v: number, gate: number) => {
    entryRow[at] = rowBase + v;
    entryCol[at++] = colBase + gate;
  };
  for (let n = 0; n < N; n++) {
    const row = rows[n];
    if (!row) continue;
    rowBase = n * V;
    colBase = n * GATES;
    forEachEntry(row, copies[n]!, V, place);
  }
  return { rows: N * V, cols: N * GATES, entryRow, entryCol, block: { blocks: N, gates: GATES, width: V } };
}
