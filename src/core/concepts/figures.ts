/**
 * Chart inputs of the reward concepts, built from their points (results.ts), for the shared
 * layouts in core/experiments/charts (the SVG files and the lab's charts draw the same geometry).
 */
import type { LineChartInput } from '../experiments/charts/layout';
import type { CurveSeries } from '../experiments/summarize';
import type { BranchPoint, BranchSpec } from './branches';
import { armPoints, smooth } from './results';
import { PROXY_REWARD } from './reward-hacking';

const WINDOW = 5;

function series(id: string, label: string, points: readonly BranchPoint[], value: (p: BranchPoint) => number): CurveSeries {
  const ys = smooth(points.map(value), WINDOW);
  return { id, label, points: points.map((p, i) => ({ x: p.iteration, mean: ys[i], low: null, high: null })) };
}

/** Reward hacking: the checker's pay (share of its most, m per turn) and true success, per branch. */
export function hackingChart(spec: BranchSpec, points: readonly BranchPoint[]): LineChartInput {
  const maxTurns = spec.base.maxTurns ?? 30;
  const pay = (p: BranchPoint) => (p.rewardsMeasured[PROXY_REWARD] ?? 0) / maxTurns;
  const out: CurveSeries[] = [];
  for (const arm of spec.arms) {
    const pts = armPoints(points, arm.id);
    out.push(series(`${arm.id}-pay`, `${arm.id} arm: checker's pay`, pts, pay));
    out.push(series(`${arm.id}-success`, `${arm.id} arm: true success`, pts, (p) => p.successRate));
  }
  return {
    title: 'Keyword checker pay vs true success',
    xLabel: spec.warmup > 0 ? `iteration (branches start after ${spec.warmup})` : 'iteration',
    yLabel: 'share', series: out, yDomain: [0, 1], format: 'percent',
  };
}

/** One metric per arm against iterations (loop-penalty: success and loops per episode). */
export function armsChart(spec: BranchSpec, points: readonly BranchPoint[], metric: 'successRate' | 'loopsPerEpisode', title: string): LineChartInput {
  return {
    title, xLabel: 'iteration', yLabel: metric === 'successRate' ? 'success' : 'loops per episode',
    series: spec.arms.map((arm) => series(arm.id, arm.label, armPoints(points, arm.id), (p) => p[metric])),
    ...(metric === 'successRate' ? { yDomain: [0, 1] as [number, number], format: 'percent' as const } : { yMin: 0 }),
  };
}
