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
