/** Sparse feature indices → dense Float32Array rows: the inputs of the dense reference network. */

/** Encoder rows [R, H]: each row's active features set to 1/√n, so every row has unit norm. */
export function denseEncoder(rows: readonly Int32Array[], hashBuckets: number): Float32Array {
  const out = new Float32Array(rows.length * hashBuckets);
  rows.forEach((idx, r) => {
    const v = idx.length > 0 ? 1 / Math.sqrt(idx.length) : 0;
    for (let i = 0; i < idx.length; i++) out[r * hashBuckets + idx[i]] = v;
  });
  return out;
}

/** Multi-hot rows [R, width]: repeated indices add up. `rows[r] === null` leaves the row zero. */
export function denseMultiHot(rows: ReadonlyArray<ArrayLike<number> | null>, width: number): Float32Array {
  const out = new Float32Array(rows.length * width);
  rows.forEach((idx, r) => {
    if (!idx) return;
    for (let i = 0; i < idx.length; i++) out[r * width + idx[i]] += 1;
  });
  return out;
}

/**
 * The allowed-token mask as additive rows [R, V]: 0 on allowed tokens, −1e9 elsewhere. `null` allows every token
 * but <pad> (id 0); `undefined` (padding) allows everything, keeping padded rows finite.
 */
export function denseAllowedBias(rows: ReadonlyArray<readonly number[] | null | undefined>, vocabSize: number): Float32Array {
  const out = new Float32Array(rows.length * vocabSize);
  rows.forEach((allowed, r) => {
    if (allowed === undefined) return;
    const base = r * vocabSize;
    if (allowed === null) {
      out[base] = -1e9;
      return;
    }
    out.fill(-1e9, base, base + vocabSize);
    for (const t of allowed) out[base + t] = 0;
  });
  return out;
}
