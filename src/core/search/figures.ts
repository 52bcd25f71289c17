/**
 * The study's figures as chart layouts (src/core/experiments/charts): the same geometry feeds the
 * SVG files next to the docs page and the Concepts view.
 *
 * 1. success vs N (log₂ axis), one curve per searched checkpoint: pass@N with its 95% band;
 * 2. success vs episodes sampled (log axis): search on the initial policy (N episodes) beside
 *    training (iteration · B · G episodes, then one try) and the trained policy searched;
 * 3. seen vs unseen bars (the out-of-distribution check).
 */
import { layoutBarChart, layoutLineChart, type BarChartLayout, type ChartSize, type LineChartLayout } from '../experiments/charts/layout';
import type { CurvePoint, CurveSeries } from '../experiments/summarize';
import type { Split } from '../env/types';
import type { MeanCi } from '../experiments/stats';
import type { SearchResults } from './results';
import { curveAt, passAt, searchCurves, searchedIterations, type SearchCurve } from './summary';

const point = (x: number, ci: MeanCi): CurvePoint => ({ x, mean: ci.mean ?? 0, low: ci.low, high: ci.high });

export function checkpointLabel(iteration: number, trainingEpisodes: number): string {
  return iteration === 0 ? 'initial policy' : `after ${iteration} it. (${trainingEpisodes} episodes)`;
}

/** pass@N vs N, one curve per checkpoint, on one split. */
export function successVsNChart(results: Pick<SearchResults, 'samples'>, split: Split, size?: ChartSize): LineChartLayout {
  const series: CurveSeries[] = searchCurves(results).filter((c) => c.split === split).map((c) => ({
    id: `checkpoint-${c.iteration}`, label: checkpointLabel(c.iteration, c.trainingEpisodes),
    points: c.points.map((p) => point(p.N, p.passAtK)),
  }));
  return layoutLineChart({
    title: `Best-of-N with the verifier (${split} tasks)`, xLabel: 'N samples per task (log scale)', yLabel: 'success',
    series, yDomain: [0, 1], format: 'percent', xScale: 'log',
  }, size);
}

/** Search vs training on one axis: episodes sampled before one new task is answered. */
export function costChart(results: Pick<SearchResults, 'samples'>, split: Split, size?: ChartSize): LineChartLayout {
  const curves = searchCurves(results).filter((c) => c.split === split);
  const iterations = searchedIterations(results);
  const initial = curveAt(curves, iterations[0], split);
  const trained = curveAt(curves, iterations[iterations.length - 1], split);
  const series: CurveSeries[] = [];
  if (initial) series.push({ id: 'search-initial', label: 'search: initial policy, best-of-N', points: initial.points.map((p) => point(p.episodes, p.passAtK)) });
  const training = curves.map((c) => ({ c, p: c.points[0] })).filter(({ p }) => p && p.N === 1);
  series.push({ id: 'training', label: 'training, then best-of-1', points: training.map(({ c, p }) => point(c.trainingEpisodes + 1, p.passAtK)) });
  if (trained && trained !== initial) {
    series.push({ id: 'search-trained', label: 'training, then best-of-N', points: trained.points.map((p) => point(p.episodes, p.passAtK)) });
  }
  return layoutLineChart({
    title: `Search vs training: cost in episodes (${split} tasks)`, xLabel: 'episodes sampled before answering a new task (log scale)',
    yLabel: 'success', series, yDomain: [0, 1], format: 'percent', xScale: 'log',
  }, size);
}

/** Seen vs unseen success for the initial and the last checkpoint, at best-of-1 and best-of-`n`. */
export function splitBars(results: Pick<SearchResults, 'samples' | 'options'>, n = Math.min(16, results.options.samplesPerTask), size?: ChartSize): BarChartLayout {
  const curves = searchCurves(results);
  const iterations = searchedIterations(results);
  const picks = [...new Set([iterations[0], iterations[iterations.length - 1]])];
  const groups = picks.flatMap((it) => [1, n].filter((N, i, a) => a.indexOf(N) === i).map((N) => ({
    label: `${it === 0 ? 'initial' : `${it} it.`}, best-of-${N}`,
    bars: results.options.splits.map((split) => ({ id: split, label: split, ...barOf(curveAt(curves, it, split), N) })),
  })));
  return layoutBarChart({ title: 'Seen vs unseen tasks', xLabel: 'checkpoint and search budget', yLabel: 'success', groups, yDomain: [0, 1], format: 'percent' }, size);
}

function barOf(curve: SearchCurve | undefined, N: number): { mean: number | null; low: number | null; high: number | null } {
  const p = curve?.points.find((q) => q.N === N);
  return { mean: passAt(curve, N), low: p?.passAtK.low ?? null, high: p?.passAtK.high ?? null };
}
