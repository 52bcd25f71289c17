/**
 * Seed statistics for experiment reports: mean ± 95% confidence interval over seeds.
 *
 *   x̄ ± t_{0.975, n−1} · s / √n,   s = Bessel-corrected standard deviation over the n seeds
 *
 * Student-t, not the normal 1.96: with 2–5 seeds the t quantile is 12.71 (n = 2), 4.30 (n = 3),
 * 2.78 (n = 5), so the honest interval is wide. Details a reader could get wrong (pinned in
 * tests/core/experiments/stats.test.ts):
 * - One seed has no interval: `halfWidth` is null and reports print the mean alone.
 * - Missing values (null, e.g. "mean successful turns" of a run with no success) are dropped
 *   before counting n; the summary says how many seeds contributed.
 * - The t quantile is computed (regularized incomplete beta + bisection), not looked up, so any
 *   number of seeds works; tests check it against the printed table.
 */
import { mean, std } from '../math/stats';

export interface MeanCi {
  /** Seeds that contributed a value. */
  n: number;
  mean: number | null;
  /** t_{0.975, n−1}·s/√n; null when n < 2. */
  halfWidth: number | null;
  low: number | null;
  high: number | null;
}

/** Mean and 95% Student-t confidence interval of the non-null values. */
export function meanCi(values: ReadonlyArray<number | null | undefined>, level = 0.95): MeanCi {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const n = xs.length;
  if (n === 0) return { n, mean: null, halfWidth: null, low: null, high: null };
  const m = mean(xs);
  if (n < 2) return { n, mean: m, halfWidth: null, low: null, high: null };
  const halfWidth = tQuantile(1 - (1 - level) / 2, n - 1) * (std(xs) / Math.sqrt(n));
  return { n, mean: m, halfWidth, low: m - halfWidth, high: m + halfWidth };
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export function tCdf(t: number, df: number): number {
  const x = df / (df + t * t);
  const tail = 0.5 * regularizedBeta(x, df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The p-quantile of Student's t (0 < p < 1), by bisection on tCdf (|error| < 1e-10). */
export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) throw new RangeError(`tQuantile needs 0 < p < 1 and df > 0, got p=${p}, df=${df}`);
  if (p === 0.5) return 0;
  if (p < 0.5) return -tQuantile(1 - p, df);
  let lo = 0;
  let hi = 1;
  while (tCdf(hi, df) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (tCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** I_x(a, b), the regularized incomplete beta function (continued fraction, Lentz's method). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log(1 - x) - logBeta(a, b));
  // The continued fraction converges fast for x < (a+1)/(a+b+2); use the symmetry otherwise.
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedBeta(1 - x, b, a);
  return (front * betaFraction(x, a, b)) / a;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let f = d;
  for (let m = 1; m <= 300; m++) {
    for (const numerator of [(m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m)), -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))]) {
      d = 1 + numerator * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + numerator / c;
      if (Math.abs(c) < tiny) c = tiny;
      f *= c * d;
    }
    if (Math.abs(c * d - 1) < 1e-15) break;
  }
  return f;
}

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** ln Γ(z) for z > 0 (Lanczos approximation, g = 7, 9 terms). */
function logGamma(z: number): number {
  const g = 7;
  const coef = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const zz = z - 1;
  let x = coef[0];
  for (let i = 1; i < g + 2; i++) x += coef[i] / (zz + i);
  const t = zz + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (zz + 0.5) * Math.log(t) - t + Math.log(x);
}

/** "0.62 ± 0.11" (or "0.62" for one seed, "–" for none), with `digits` decimals. */
export function formatMeanCi(ci: MeanCi, digits = 2, scale = 1): string {
  if (ci.mean === null) return '–';
  const m = (ci.mean * scale).toFixed(digits);
  return ci.halfWidth === null ? m : `${m} ± ${(ci.halfWidth * scale).toFixed(digits)}`;
}
