/**
 * Training curves: one line per run over iterations, lightly smoothed (debiased EMA, as
 * TensorBoard does) over a faint raw line, with an optional reference line (e.g. the oracle's
 * mean T*). Pure geometry for the dumb <CurveChart> component.
 *
 * Live curves redraw only what changed: each line also comes in pieces of CURVE_PIECE points
 * (`rawPieces`, `smoothPieces`), and with `growX` the x axis ends at a round number ahead of the
 * data (niceEnd), so while a run appends iterations its scales stay put, every full piece keeps
 * the very same path text (React leaves that <path> alone) and only the last piece is redrawn.
 * The EMA is causal, so appending never changes an earlier smoothed value.
 */
import { line } from 'd3';
import { extentOf, frameOf, linear, nearestIndex, ticksOf, type Size, type Tick } from './scales';

export interface CurvePoint {
  x: number;
  /** null = no value this iteration (a gap). */
  y: number | null;
}

export interface CurveSeries {
  id: string;
  points: CurvePoint[];
}

export interface CurvesInput {
  series: CurveSeries[];
  /** Reference values per x (drawn dashed), e.g. the oracle's mean T*. */
  reference?: CurvePoint[];
  /** EMA weight in [0, 1): 0 = no smoothing. */
  smoothing?: number;
  /** Values the y axis must include (e.g. 0 and 1 for rates). */
  yInclude?: number[];
  /** A phase boundary to mark (e.g. SFT → RL at the first RL iteration). */
  phase?: { x: number; label: string };
  /** End the x axis at niceEnd(last x) instead of the last x: room to grow into (live runs). */
  growX?: boolean;
}

export interface CurveLine {
  id: string;
  raw: string;
  smooth: string;
  /** `raw` and `smooth` as consecutive pieces of CURVE_PIECE points (each piece starts at the last point of the one before). */
  rawPieces: string[];
  smoothPieces: string[];
  /** Smoothed values per point (null where the raw value is null). */
  smoothed: Array<number | null>;
}

export interface CurvesLayout {
  lines: CurveLine[];
  reference: string | null;
  /** Pixel position of the reference line's last point (for its "T*" label). */
  referenceEnd: { x: number; y: number } | null;
  xTicks: Tick[];
  yTicks: Tick[];
  plot: { left: number; right: number; top: number; bottom: number };
  /** The phase boundary's pixel x and label, when one was given and lies on the x axis. */
  phaseMark: { x: number; label: string } | null;
  /** Pixel x of iteration x and the inverse, for hover. */
  xAt(x: number): number;
  yAt(y: number): number;
  /** The iteration nearest to pixel px among all series' x values. */
  iterationAt(px: number): number | null;
}

/** Debiased exponential moving average; nulls stay null and do not update the average. */
export function smooth(values: ReadonlyArray<number | null>, weight: number): Array<number | null> {
  let avg = 0;
  let norm = 0;
  return values.map((v) => {
    if (v === null || !Number.isFinite(v)) return null;
    avg = weight * avg + (1 - weight) * v;
    norm = weight * norm + (1 - weight);
    return avg / norm;
  });
}

/** Points per path piece of a live curve (see the file's comment). */
export const CURVE_PIECE = 32;

/** Consecutive pieces of `points`, CURVE_PIECE segments each, the next starting where the last ended. */
export function pieces<P>(points: readonly P[], size = CURVE_PIECE): P[][] {
  const out: P[][] = [];
  for (let start = 0; start < points.length - 1 || (start === 0 && points.length > 0); start += size) out.push(points.slice(start, start + size + 1));
  return out;
}

const STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k that is ≥ x: an axis end that moves every ~25 % of growth. */
export function niceEnd(x: number): number {
  if (!(x > 0)) return x;
  const decade = 10 ** Math.floor(Math.log10(x));
  const end = STEPS.map((s) => s * decade).find((v) => v >= x * (1 - 1e-12)) ?? 10 * decade;
  return Number(end.toPrecision(12));
}

/** Room below for the x-axis title ("iteration k"). */
export const CURVE_MARGIN = { top: 8, right: 12, bottom: 38, left: 44 };

function referenceEnd(points: CurvePoint[] | undefined, x: (v: number) => number, y: (v: number) => number): { x: number; y: number } | null {
  const last = points?.filter((p) => p.y !== null && Number.isFinite(p.y)).at(-1);
  return last ? { x: x(last.x), y: y(last.y as number) } : null;
}

export function layoutCurves(input: CurvesInput, size: Size): CurvesLayout {
  const frame = frameOf(size, CURVE_MARGIN);
  const allPoints = [...input.series.flatMap((s) => s.points), ...(input.reference ?? [])];
  const xs = [...new Set(allPoints.map((p) => p.x))].sort((a, b) => a - b);
  const last = xs.length > 0 ? Math.max(xs[xs.length - 1], xs[0] + 1) : 1;
  const [x0, x1] = xs.length > 0 ? [xs[0], input.growX ? Math.max(niceEnd(last), last) : last] : [0, 1];
  const x = linear([x0, x1], [frame.left, frame.right], false);
  const y = linear(extentOf(allPoints.map((p) => p.y), input.yInclude), [frame.bottom, frame.top]);
  const path = line<{ x: number; y: number | null }>()
    .defined((p) => p.y !== null && Number.isFinite(p.y))
    .x((p) => x(p.x))
    .y((p) => y(p.y as number));
  const weight = input.smoothing ?? 0.6;
  const lines = input.series.map((s) => {
    const smoothed = smooth(s.points.map((p) => p.y), weight);
    const rawPieces = pieces(s.points).map((ps) => path(ps) ?? '');
    const smoothPieces = pieces(s.points.map((p, i) => ({ x: p.x, y: smoothed[i] }))).map((ps) => path(ps) ?? '');
    return { id: s.id, raw: rawPieces.join(''), smooth: smoothPieces.join(''), rawPieces, smoothPieces, smoothed };
  });
  return {
    lines,
    reference: input.reference && input.reference.length > 0 ? path(input.reference) : null,
    referenceEnd: referenceEnd(input.reference, x, y),
    xTicks: ticksOf(x, 5).filter((t) => Number.isInteger(t.value)),
    yTicks: ticksOf(y, 4),
    plot: { left: frame.left, right: frame.right, top: frame.top, bottom: frame.bottom },
    phaseMark: input.phase && xs.length > 0 && input.phase.x >= x0 && input.phase.x <= x1 ? { x: x(input.phase.x), label: input.phase.label } : null,
    xAt: (v) => x(v),
    yAt: (v) => y(v),
    iterationAt: (px) => (xs.length === 0 ? null : xs[nearestIndex(xs, x.invert(px))]),
  };
}
