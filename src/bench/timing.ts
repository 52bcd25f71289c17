/** Timing helpers shared by the Node and in-browser benchmarks. */

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Milliseconds per call of `fn`, averaged over enough calls to be measurable. */
export function perCall(fn: () => void, minMs = 200): number {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) {
    fn();
    n++;
  }
  return (performance.now() - t0) / n;
}
