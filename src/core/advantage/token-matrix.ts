/**
 * Per-response advantages to a [rows, tokens] matrix, as verl's `scores.unsqueeze(-1) * response_mask`:
 *
 *   M[r][j] = A_r · 1[j < L_r]
 *
 * Every valid token of row r carries the row's advantage; padding is exactly 0 (never −0).
 */

/** Row-major matrix of `width` columns (default: the longest response). */
export function broadcastToTokens(perRow: readonly number[], numTokens: readonly number[], width?: number): number[][] {
  if (perRow.length !== numTokens.length) throw new Error('broadcastToTokens: one length per row is required');
  const columns = width ?? Math.max(0, ...numTokens);
  return perRow.map((a, r) => Array.from({ length: columns }, (_, j) => (j < numTokens[r] ? a : 0)));
}
