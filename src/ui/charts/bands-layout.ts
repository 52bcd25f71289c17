/**
 * Distribution over training: per iteration, the 10–90% and 25–75% bands and the median of a
 * per-response quantity (A_PlanPO − A_GRPO), as nested areas. Pure geometry.
 */
import { area, line } from 'd3';
import type { DivergenceSummary } from '../../state/run-store';
import { CURVE_MARGIN } from './curves-layout';
import { extentOf, frameOf, linear, ticksOf, type Size, type Tick } from './scales';

export interface BandsLayout {
  outer: string;
  inner: string;
  median: string;
  zeroY: number;
  xTicks: Tick[];
  yTicks: Tick[];
  plot: { left: number; right: number; top: number; bottom: number };
  xAt(iteration: number): number;
}

export function layoutBands(data: readonly DivergenceSummary[], size: Size): BandsLayout {
  const frame = frameOf(size, CURVE_MARGIN);
  const xsRaw = data.map((d) => d.iteration);
  const x0 = xsRaw.length > 0 ? Math.min(...xsRaw) : 0;
  const x1 = xsRaw.length > 0 ? Math.max(...xsRaw, x0 + 1) : 1;
  const x = linear([x0, x1], [frame.left, frame.right], false);
  const y = linear(extentOf(data.flatMap((d) => d.quantiles), [0]), [frame.bottom, frame.top]);
  const band = (lo: number, hi: number) =>
    area<DivergenceSummary>().x((d) => x(d.iteration)).y0((d) => y(d.quantiles[lo])).y1((d) => y(d.quantiles[hi]))([...data]) ?? '';
  return {
    outer: band(0, 4),
    inner: band(1, 3),
    median: line<DivergenceSummary>().x((d) => x(d.iteration)).y((d) => y(d.quantiles[2]))([...data]) ?? '',
    zeroY: y(0),
    xTicks: ticksOf(x, 5).filter((t) => Number.isInteger(t.value)),
    yTicks: ticksOf(y, 4),
    plot: { left: frame.left, right: frame.right, top: frame.top, bottom: frame.bottom },
    xAt: (v) => x(v),
  };
}
