/**
 * Shared chart geometry: plot areas inside a size, nice linear scales and their ticks.
 * Pure (d3-scale only), used by every layoutX function.
 */
import { scaleLinear, type ScaleLinear } from 'd3';

export interface Size {
  width: number;
  height: number;
}

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Tick {
  value: number;
  /** Pixel position along the axis. */
  at: number;
  label: string;
}

export const DEFAULT_MARGIN: Margin = { top: 8, right: 10, bottom: 24, left: 40 };

export interface Frame {
  size: Size;
  margin: Margin;
  /** Plot area in pixels. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export function frameOf(size: Size, margin: Margin = DEFAULT_MARGIN): Frame {
  return {
    size, margin, left: margin.left, right: Math.max(margin.left + 1, size.width - margin.right),
    top: margin.top, bottom: Math.max(margin.top + 1, size.height - margin.bottom),
  };
}

/** A finite [lo, hi] with lo < hi covering `values` (a flat 0..1 when there are none). */
export function extentOf(values: Iterable<number | null | undefined>, include: number[] = []): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of [...values, ...include]) {
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (lo === Infinity) return [0, 1];
  if (lo === hi) return [lo - (Math.abs(lo) || 1) * 0.5, hi + (Math.abs(hi) || 1) * 0.5];
  return [lo, hi];
}

export function linear(domain: [number, number], range: [number, number], nice = true): ScaleLinear<number, number> {
  const scale = scaleLinear().domain(domain).range(range);
  return nice ? scale.nice(5) : scale;
}

export function formatTick(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1000) return `${Math.round(value / 100) / 10}k`;
  if (abs >= 10) return String(Math.round(value));
  return String(Number(value.toPrecision(2)));
}

/**
 * One format for all of an axis's ticks, from their spacing: fixed decimals (0.5, 1.0, 1.5), or,
 * when the ticks are tiny (|max| < 0.001), the same power of ten for every tick (1.5e-6, 5.0e-7
 * become 15e-7, 5e-7), so one axis never mixes 0.0000015 with 5e-7. Minus signs are U+2212.
 */
export function formatTicks(values: readonly number[]): string[] {
  if (values.length === 0) return [];
  const max = Math.max(...values.map(Math.abs));
  const step = values.length > 1 ? Math.abs(values[1] - values[0]) : max || 1;
  const minus = (s: string) => s.replace(/^-/, '\u2212');
  if (max >= 1000) return values.map((v) => minus(v === 0 ? '0' : `${Number((v / 1000).toFixed(Math.max(0, Math.ceil(-Math.log10(step / 1000)))))}k`));
  if (max > 0 && max < 1e-3) {
    const exp = Math.floor(Math.log10(step));
    const digits = Math.max(0, Math.ceil(-Math.log10(step / 10 ** exp) + 1e-9));
    return values.map((v) => (v === 0 ? '0' : minus(`${(v / 10 ** exp).toFixed(digits)}e${exp}`)));
  }
  const decimals = Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
  return values.map((v) => minus(v.toFixed(Math.min(decimals, 6))));
}

export function ticksOf(scale: ScaleLinear<number, number>, count = 5): Tick[] {
  const values = scale.ticks(count);
  const labels = formatTicks(values);
  return values.map((value, i) => ({ value, at: scale(value), label: labels[i] }));
}

/** Index of the value in ascending `xs` nearest to x (−1 when empty). */
export function nearestIndex(xs: readonly number[], x: number): number {
  if (xs.length === 0) return -1;
  let lo = 0;
  let hi = xs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= x) lo = mid;
    else hi = mid;
  }
  return Math.abs(xs[lo] - x) <= Math.abs(xs[hi] - x) ? lo : hi;
}
