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

export function ticksOf(scale: ScaleLinear<number, number>, count = 5): Tick[] {
  return scale.ticks(count).map((value) => ({ value, at: scale(value), label: formatTick(value) }));
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
