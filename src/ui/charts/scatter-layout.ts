/**
 * Advantage-divergence scatter: one point per response, x = one estimator's advantage, y =
 * another's (or A^E vs α·A^S). Both axes share a symmetric domain so the y = x diagonal is the
 * "no difference" line. Pure geometry.
 */
import { frameOf, linear, ticksOf, type Margin, type Size, type Tick } from './scales';

export type PointCategory = 'success' | 'circuitous' | 'failure';

export interface ScatterDatum {
  x: number;
  y: number;
  category: PointCategory;
  /** Trajectory member and turn, for selection and hover text. */
  member: number;
  turn: number;
}

export type ScatterPoint<D extends ScatterDatum = ScatterDatum> = D & {
  cx: number;
  cy: number;
};

export interface ScatterLayout<D extends ScatterDatum = ScatterDatum> {
  points: Array<ScatterPoint<D>>;
  ticks: Tick[];
  yTicks: Tick[];
  /** The y = x line across the plot, and the zero axes. */
  diagonal: { x1: number; y1: number; x2: number; y2: number };
  zero: { x: number; y: number };
  plot: { left: number; right: number; top: number; bottom: number };
}

const MARGIN: Margin = { top: 8, right: 10, bottom: 30, left: 44 };

export function layoutScatter<D extends ScatterDatum>(data: readonly D[], size: Size): ScatterLayout<D> {
  const frame = frameOf(size, MARGIN);
  let bound = 0;
  for (const d of data) bound = Math.max(bound, Math.abs(d.x), Math.abs(d.y));
  bound = bound > 0 ? bound * 1.05 : 1;
  const side = Math.min(frame.right - frame.left, frame.bottom - frame.top);
  const left = frame.left;
  const top = frame.top;
  const x = linear([-bound, bound], [left, left + side]);
  const y = linear([-bound, bound], [top + side, top]);
  const [d0, d1] = x.domain();
  const order: Record<PointCategory, number> = { failure: 0, success: 1, circuitous: 2 };
  const points = [...data]
    .sort((a, b) => order[a.category] - order[b.category])
    .map((d) => ({ ...d, cx: x(d.x), cy: y(d.y) }));
  return {
    points,
    ticks: ticksOf(x, 5),
    yTicks: ticksOf(y, 5),
    diagonal: { x1: x(d0), y1: y(d0), x2: x(d1), y2: y(d1) },
    zero: { x: x(0), y: y(0) },
    plot: { left, right: left + side, top, bottom: top + side },
  };
}
