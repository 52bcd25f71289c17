/**
 * pass@k and best-of-N from the same samples (test-time search with a verifier).
 *
 *   pass@k = 1 − C(n − c, k) / C(n, k)
 *
 * the unbiased estimator of "at least one of k samples succeeds" from n ≥ k samples of which c
 * succeeded (Chen et al. 2021, "Evaluating Large Language Models Trained on Code", §2.1, Eq. 1).
 * With a perfect verifier (the environment's own success check), best-of-N picks a success
 * whenever one of the N samples has one, so best-of-N success is exactly pass@N.
 *
 * Details a reader could get wrong (pinned in tests/core/search/pass-at-k.test.ts):
 * - The ratio of binomials is computed as the product ∏_{i=n−c+1}^{n} (1 − k/i): no factorials,
 *   no overflow at n = 64.
 * - n − c < k means every k-subset holds a success: pass@k = 1 exactly.
 * - k > n is undefined (the samples cannot say); it throws.
 * - `bestOfFirst` is the literal procedure (look at the first N samples, in sampling order); its
 *   mean over tasks estimates the same quantity with more variance.
 */

/** Unbiased pass@k from n samples with c successes (Chen et al. 2021, Eq. 1). */
export function passAtK(n: number, c: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(c) || !Number.isInteger(k) || k < 1 || c < 0 || c > n) {
    throw new RangeError(`passAtK needs integers 0 ≤ c ≤ n and k ≥ 1 (n=${n}, c=${c}, k=${k})`);
  }
  if (k > n) throw new RangeError(`pass@${k} needs at least ${k} samples, got ${n}`);
  if (n - c < k) return 1;
  let allFail = 1; // C(n−c, k) / C(n, k)
  for (let i = n - c + 1; i <= n; i++) allFail *= 1 - k / i;
  return 1 - allFail;
}

/** Best-of-N with a perfect verifier, literally: 1 if any of the first N samples succeeded. */
export function bestOfFirst(successes: readonly boolean[], N: number): 0 | 1 {
  if (N < 1 || N > successes.length) throw new RangeError(`best-of-${N} needs at least ${N} samples, got ${successes.length}`);
  for (let i = 0; i < N; i++) if (successes[i]) return 1;
  return 0;
}

/** 1, 2, 4, … up to `max` (and `max` itself when it is not a power of two). */
export function powersOfTwo(max: number): number[] {
  const out: number[] = [];
  for (let k = 1; k <= max; k *= 2) out.push(k);
  if (out[out.length - 1] !== max && max >= 1) out.push(max);
  return out;
}
