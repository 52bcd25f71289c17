/**
 * Chart geometry for experiment figures (house style §6: a pure layout function, then a dumb
 * renderer). `layoutLineChart` draws per-iteration curves with 95% CI bands (the paper's training
 * curves); `layoutBarChart` draws grouped bars with CI whiskers (the paper's ablation bars).
 * Both return plain numbers and SVG path strings, so the same layout feeds the SVG files of
 * report.md (svg.ts) and the app's React component.
 */
import { scaleBand, scaleLinear, scaleLog } from 'd3-scale';
import { area, line } from 'd3-shape';
import { seriesColor } from './colors';
import type { CurveSeries } from '../summarize';

export type ValueFormat = 'percent' | 'number';

export interface ChartSize {
  width: number;
  height: number;
}

export interface AxisTick {
  value: number;
  /** Pixel position along the axis. */
  at: number;
  label: string;
}

export interface LegendItem {
  id: string;
  label: string;
  color: string;
  x: number;
  y: number;
}

export interface ChartFrame {
  width: number;
  height: number;
  /** Plot area in pixels. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  title: string;
  xLabel: string;
  yLabel: string;
  yTicks: AxisTick[];
  legend: LegendItem[];
}

export interface LineChartInput {
  title: string;
  xLabel: string;
  yLabel: string;
  series: CurveSeries[];
  yDomain?: [number, number];
  /** Lowest y shown when there is no fixed domain (0 for quantities that cannot be negative). */
  yMin?: number;
  format?: ValueFormat;
  /** 'log': x > 0 on a logarithmic axis (base 2 up to 256, else 10), ticks at the powers. */
  xScale?: 'linear' | 'log';
}

export interface LineChartLayout extends ChartFrame {
  kind: 'line';
  xTicks: AxisTick[];
  series: Array<{ id: string; label: string; color: string; path: string; band: string | null }>;
}

export interface BarInput {
  id: string;
  label: string;
  mean: number | null;
  low: number | null;
  high: number | null;
}

export interface BarChartInput {
  title: string;
  xLabel: string;
  yLabel: string;
  groups: Array<{ label: string; bars: BarInput[] }>;
  yDomain?: [number, number];
  yMin?: number;
  format?: ValueFormat;
}

export interface BarChartLayout extends ChartFrame {
  kind: 'bars';
  groups: Array<{ label: string; at: number }>;
  bars: Array<{ id: string; label: string; group: string; x: number; y: number; width: number; height: number; color: string; value: string; whisker: { x: number; y1: number; y2: number } | null }>;
}

export type ChartLayout = LineChartLayout | BarChartLayout;

export const DEFAULT_CHART_SIZE: ChartSize = { width: 560, height: 300 };
const CHAR_WIDTH = 6.4; // approximate width of an 11px sans-serif character
const LEGEND_ROW = 16;

export function formatValue(v: number, format: ValueFormat = 'number'): string {
  if (format === 'percent') return `${Math.round(v * 100)}%`;
  if (Number.isInteger(v)) return String(v);
  return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2).replace(/\.?0+$/, '') || '0';
}

/** Legend items in rows under the title; returns the items and the height they take. */
function layoutLegend(items: Array<{ id: string; label: string }>, width: number, top: number): { legend: LegendItem[]; height: number } {
  const legend: LegendItem[] = [];
  let x = 48;
  let y = top;
  items.forEach((item, index) => {
    const w = 18 + item.label.length * CHAR_WIDTH + 14;
    if (x + w > width - 8 && x > 48) {
      x = 48;
      y += LEGEND_ROW;
    }
    legend.push({ id: item.id, label: item.label, color: seriesColor(item.id, index), x, y });
    x += w;
  });
  return { legend, height: items.length > 0 ? y - top + LEGEND_ROW : 0 };
}

function frame(input: { title: string; xLabel: string; yLabel: string }, items: Array<{ id: string; label: string }>, size: ChartSize) {
  const { legend, height } = layoutLegend(items, size.width, 38);
  return { width: size.width, height: size.height, left: 52, right: size.width - 24, top: 42 + height, bottom: size.height - 40, title: input.title, xLabel: input.xLabel, yLabel: input.yLabel, legend };
}

function yScaleOf(values: number[], domain: [number, number] | undefined, f: { top: number; bottom: number }, yMin?: number) {
  const lo = domain ? domain[0] : yMin ?? Math.min(0, ...values);
  const hi = domain ? domain[1] : Math.max(lo + 1e-9, ...values);
  const y = scaleLinear().domain([lo, hi === lo ? lo + 1 : hi]).range([f.bottom, f.top]);
  return domain ? y : y.nice(5);
}

function ticksOf(scale: ReturnType<typeof scaleLinear<number, number>>, count: number, format: ValueFormat, integer = false): AxisTick[] {
  return scale.ticks(count).filter((v) => !integer || Number.isInteger(v)).map((value) => ({ value, at: scale(value), label: formatValue(value, format) }));
}

/** Curves with CI bands: one series per arm, x = iteration. */
export function layoutLineChart(input: LineChartInput, size: ChartSize = DEFAULT_CHART_SIZE): LineChartLayout {
  const f = frame(input, input.series, size);
  const points = input.series.flatMap((s) => s.points);
  const xs = points.map((p) => p.x);
  const log = input.xScale === 'log';
  const xDomain: [number, number] = log ? [Math.min(...xs), Math.max(...xs, 2)] : [Math.min(...xs, 1), Math.max(...xs, 2)];
  const x = log ? scaleLog().domain(xDomain).range([f.left, f.right]) : scaleLinear().domain(xDomain).range([f.left, f.right]);
  const ys = points.flatMap((p) => [p.mean, p.low ?? p.mean, p.high ?? p.mean]);
  const y = yScaleOf(ys, input.yDomain, f, input.yMin);
  const clampY = (v: number): number => y(Math.min(Math.max(v, y.domain()[0]), y.domain()[1]));
  const series = input.series.map((s, index) => {
    const path = line<(typeof s.points)[number]>().x((p) => x(p.x)).y((p) => clampY(p.mean))(s.points) ?? '';
    const withBand = s.points.filter((p) => p.low !== null && p.high !== null);
    const band = withBand.length > 1
      ? area<(typeof s.points)[number]>().x((p) => x(p.x)).y0((p) => clampY(p.low!)).y1((p) => clampY(p.high!))(withBand)
      : null;
    return { id: s.id, label: s.label, color: seriesColor(s.id, index), path, band };
  });
  const format = input.format ?? 'number';
  const xTicks = log ? logTicks(xDomain, x) : ticksOf(x as ReturnType<typeof scaleLinear<number, number>>, 6, 'number', true);
  return { kind: 'line', ...f, yTicks: ticksOf(y, 5, format), xTicks, series };
}

/** Ticks at the powers of 2 (domains up to 256) or of 10 inside a positive domain. */
function logTicks([lo, hi]: [number, number], x: (v: number) => number): AxisTick[] {
  const base = hi <= 256 ? 2 : 10;
  const out: AxisTick[] = [];
  for (let v = base ** Math.ceil(Math.log(lo) / Math.log(base) - 1e-9); v <= hi * (1 + 1e-9); v *= base) {
    out.push({ value: v, at: x(v), label: v >= 10_000 ? `${v / 1000}k` : String(v) });
  }
  return out;
}

/** Grouped bars with CI whiskers: groups along x (arms or envs), one bar per series in each. */
export function layoutBarChart(input: BarChartInput, size: ChartSize = DEFAULT_CHART_SIZE): BarChartLayout {
  const seriesIds: Array<{ id: string; label: string }> = [];
  for (const g of input.groups) for (const b of g.bars) if (!seriesIds.some((s) => s.id === b.id)) seriesIds.push({ id: b.id, label: b.label });
  const f = frame(input, seriesIds.length > 1 ? seriesIds : [], size);
  const outer = scaleBand().domain(input.groups.map((_, i) => `${i}`)).range([f.left, f.right]).paddingInner(0.2).paddingOuter(0.1);
  const inner = scaleBand().domain(seriesIds.map((s) => s.id)).range([0, outer.bandwidth()]).padding(0.08);
  const values = input.groups.flatMap((g) => g.bars.flatMap((b) => [b.mean, b.high, b.low])).filter((v): v is number => v !== null);
  const y = yScaleOf(values, input.yDomain, f, input.yMin);
  const format = input.format ?? 'number';
  const clampY = (v: number): number => y(Math.min(Math.max(v, y.domain()[0]), y.domain()[1]));
  const bars: BarChartLayout['bars'] = [];
  input.groups.forEach((g, gi) => g.bars.forEach((b) => {
    if (b.mean === null) return;
    const x0 = (outer(`${gi}`) ?? 0) + (inner(b.id) ?? 0);
    const zero = Math.min(Math.max(0, y.domain()[0]), y.domain()[1]);
    const top = clampY(Math.max(b.mean, zero));
    const base = clampY(Math.min(b.mean, zero));
    const color = seriesColor(b.id, seriesIds.findIndex((s) => s.id === b.id));
    const whisker = b.low !== null && b.high !== null ? { x: x0 + inner.bandwidth() / 2, y1: clampY(b.low), y2: clampY(b.high) } : null;
    bars.push({ id: b.id, label: b.label, group: g.label, x: x0, y: top, width: inner.bandwidth(), height: base - top, color, value: formatValue(b.mean, format), whisker });
  }));
  const groups = input.groups.map((g, gi) => ({ label: g.label, at: (outer(`${gi}`) ?? 0) + outer.bandwidth() / 2 }));
  return { kind: 'bars', ...f, yTicks: ticksOf(y, 5, format), groups, bars };
}
