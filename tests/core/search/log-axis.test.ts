import { describe, expect, it } from 'vitest';
import { layoutLineChart } from '../../../src/core/experiments/charts/layout';

const series = (xs: number[]) => [{ id: 'a', label: 'a', points: xs.map((x) => ({ x, mean: 0.5, low: null, high: null })) }];

describe('line charts on a log x axis', () => {
  it('ticks at the powers of two up to 256, evenly spaced', () => {
    const layout = layoutLineChart({ title: 't', xLabel: 'N', yLabel: 'y', series: series([1, 2, 4, 8, 16, 32, 64]), xScale: 'log' });
    expect(layout.xTicks.map((t) => t.label)).toEqual(['1', '2', '4', '8', '16', '32', '64']);
    const gaps = layout.xTicks.slice(1).map((t, i) => t.at - layout.xTicks[i].at);
    gaps.forEach((g) => expect(g).toBeCloseTo(gaps[0], 6));
    expect(layout.xTicks[0].at).toBeCloseTo(layout.left, 6);
    expect(layout.xTicks.at(-1)!.at).toBeCloseTo(layout.right, 6);
  });

  it('ticks at the powers of ten beyond 256, with k for thousands', () => {
    const layout = layoutLineChart({ title: 't', xLabel: 'episodes', yLabel: 'y', series: series([1, 300, 20_000]), xScale: 'log' });
    expect(layout.xTicks.map((t) => t.label)).toEqual(['1', '10', '100', '1000', '10k']);
  });
});
