/** The allowed-token mask, the one dense input of the network (the others are sparse: inputs.ts). */

/**
 * Additive mask rows [R, V]: 0 on allowed tokens, −1e9 elsewhere. `null` allows every token
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
