/**
 * Group statistics used by the advantage estimators.
 * `std` is Bessel-corrected (divides by n − 1), like torch.std and verl-agent's masked_var.
 */

/** Arithmetic mean; NaN for an empty list. */
export function mean(xs: ArrayLike<number>): number {
  if (xs.length === 0) return Number.NaN;
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return s / xs.length;
}

/** Unbiased sample variance Σ(x − x̄)² / (n − 1); NaN when n < 2. */
export function variance(xs: ArrayLike<number>): number {
  const n = xs.length;
  if (n < 2) return Number.NaN;
  const m = mean(xs);
  let s = 0;
  for (let i = 0; i < n; i++) s += (xs[i] - m) * (xs[i] - m);
  return s / (n - 1);
}

/** Bessel-corrected standard deviation √variance; NaN when n < 2. */
export function std(xs: ArrayLike<number>): number {
  return Math.sqrt(variance(xs));
}

/**
 * Smallest and largest value in one pass; [Infinity, -Infinity] for an empty list. A loop, not
 * `Math.min(...xs)`: spreading a few hundred thousand values into a call overflows the stack.
 */
export function minMax(xs: ArrayLike<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] < lo) lo = xs[i];
    if (xs[i] > hi) hi = xs[i];
  }
  return [lo, hi];
}
