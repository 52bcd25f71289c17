import { describe, expect, it } from 'vitest';
import { CURVE_PIECE, layoutCurves, niceEnd, pieces, smooth } from '../../../src/ui/charts/curves-layout';
import { layoutScatter } from '../../../src/ui/charts/scatter-layout';
import { layoutBands } from '../../../src/ui/charts/bands-layout';
import { barBound, layoutBars } from '../../../src/ui/charts/bars-layout';
import { extentOf, nearestIndex } from '../../../src/ui/charts/scales';

const size = { width: 300, height: 150 };

describe('training curve layout', () => {
  it('smoothing is a debiased moving average that starts at the first value', () => {
    const s = smooth([1, 1, 1, 5], 0.5) as number[];
    expect(s[0]).toBe(1);
    expect(s[2]).toBeCloseTo(1);
    expect(s[3]).toBeGreaterThan(1);
    expect(s[3]).toBeLessThan(5);
  });

  it('no smoothing returns the values themselves and nulls stay gaps', () => {
    expect(smooth([2, null, 4], 0)).toEqual([2, null, 4]);
  });

  it('lines span the plot area from the first to the last iteration', () => {
    const layout = layoutCurves({ series: [{ id: 'grpo', points: [{ x: 1, y: 0 }, { x: 2, y: 0.5 }, { x: 3, y: 1 }] }], yInclude: [0, 1] }, size);
    expect(layout.xAt(1)).toBeCloseTo(layout.plot.left);
    expect(layout.xAt(3)).toBeCloseTo(layout.plot.right);
    expect(layout.yAt(0)).toBeCloseTo(layout.plot.bottom);
    expect(layout.yAt(1)).toBeCloseTo(layout.plot.top);
    expect(layout.lines[0].raw.startsWith('M')).toBe(true);
    expect(layout.lines[0].smooth).not.toBe('');
  });

  it('the reference line is drawn and the y axis includes it', () => {
    const layout = layoutCurves({
      series: [{ id: 'a', points: [{ x: 1, y: 10 }, { x: 2, y: 12 }] }],
      reference: [{ x: 1, y: 4 }, { x: 2, y: 4 }],
    }, size);
    expect(layout.reference).toMatch(/^M/);
    expect(layout.yAt(4)).toBeLessThanOrEqual(layout.plot.bottom);
  });

  it('marks the SFT → RL boundary at the first RL iteration, and only where it lies on the axis', () => {
    const series = [{ id: 'a', points: [1, 2, 3].map((x) => ({ x, y: x / 4 })) }];
    const marked = layoutCurves({ series, phase: { x: 1, label: 'SFT → RL' } }, size);
    expect(marked.phaseMark).toEqual({ x: marked.plot.left, label: 'SFT → RL' });
    expect(layoutCurves({ series }, size).phaseMark).toBeNull();
    expect(layoutCurves({ series, phase: { x: 9, label: 'SFT → RL' } }, size).phaseMark).toBeNull();
  });

  it('hovering a pixel finds the nearest iteration', () => {
    const layout = layoutCurves({ series: [{ id: 'a', points: [1, 2, 3, 4].map((x) => ({ x, y: x })) }] }, size);
    expect(layout.iterationAt(layout.xAt(2.4))).toBe(2);
    expect(layout.iterationAt(-100)).toBe(1);
    expect(layout.iterationAt(1e6)).toBe(4);
  });

  it('pieces cover every point once, each starting where the one before ended', () => {
    const points = Array.from({ length: 70 }, (_, i) => i);
    const ps = pieces(points, 32);
    expect(ps.map((p) => [p[0], p.at(-1)])).toEqual([[0, 32], [32, 64], [64, 69]]);
    expect(pieces([7], 32)).toEqual([[7]]);
    expect(pieces([], 32)).toEqual([]);
  });

  it('the x axis of a growing curve ends at a round number ahead of the data', () => {
    expect([1, 7, 9.5, 10, 11, 55, 61, 130, 999].map(niceEnd)).toEqual([1, 8, 10, 10, 12, 60, 80, 150, 1000]);
    const points = [1, 2, 3, 4, 5, 6, 7].map((x) => ({ x, y: x }));
    const layout = layoutCurves({ series: [{ id: 'a', points }], growX: true }, size);
    expect(layout.xAt(8)).toBeCloseTo(layout.plot.right);
    expect(layout.xAt(7)).toBeLessThan(layout.plot.right);
  });

  it('appending an iteration to a live curve redraws only its last piece', () => {
    const metric = (x: number) => ({ x, y: Math.sin(x / 5) * 0.4 + 0.5 });
    const run = (n: number) => layoutCurves({ series: [{ id: 'a', points: Array.from({ length: n }, (_, i) => metric(i + 1)) }], yInclude: [0, 1], growX: true }, size);
    const before = run(2 * CURVE_PIECE + 5).lines[0];
    const after = run(2 * CURVE_PIECE + 6).lines[0];
    expect(after.rawPieces.slice(0, 2)).toEqual(before.rawPieces.slice(0, 2));
    expect(after.smoothPieces.slice(0, 2)).toEqual(before.smoothPieces.slice(0, 2));
    expect(after.rawPieces[2]).not.toBe(before.rawPieces[2]);
    expect(after.raw).toBe(after.rawPieces.join(''));
    // without room to grow every point moves when the axis stretches
    const fixed = (n: number) => layoutCurves({ series: [{ id: 'a', points: Array.from({ length: n }, (_, i) => metric(i + 1)) }], yInclude: [0, 1] }, size).lines[0];
    expect(fixed(2 * CURVE_PIECE + 6).rawPieces[0]).not.toBe(fixed(2 * CURVE_PIECE + 5).rawPieces[0]);
  });

  it('an empty chart still lays out without NaN', () => {
    const layout = layoutCurves({ series: [] }, size);
    expect(layout.lines).toEqual([]);
    expect(layout.iterationAt(10)).toBeNull();
    expect(layout.yTicks.every((t) => Number.isFinite(t.at))).toBe(true);
  });
});

describe('divergence scatter layout', () => {
  const data = [
    { x: 0.6, y: 1.2, category: 'success' as const, member: 0, turn: 0 },
    { x: 0.6, y: -0.2, category: 'circuitous' as const, member: 1, turn: 3 },
    { x: -1.3, y: -1.2, category: 'failure' as const, member: 2, turn: 1 },
  ];

  it('both axes share one symmetric domain, so the diagonal is y = x', () => {
    const layout = layoutScatter(data, size);
    const { diagonal, zero } = layout;
    expect(diagonal.x2 - diagonal.x1).toBeCloseTo(diagonal.y1 - diagonal.y2);
    expect((diagonal.x1 + diagonal.x2) / 2).toBeCloseTo(zero.x);
    expect((diagonal.y1 + diagonal.y2) / 2).toBeCloseTo(zero.y);
  });

  it('points with equal x sit in one column, higher y higher on screen', () => {
    const layout = layoutScatter(data, size);
    const byMember = Object.fromEntries(layout.points.map((p) => [p.member, p]));
    expect(byMember[0].cx).toBeCloseTo(byMember[1].cx);
    expect(byMember[0].cy).toBeLessThan(byMember[1].cy);
  });

  it('circuitous points are drawn last so they stay visible', () => {
    expect(layoutScatter(data, size).points.map((p) => p.category)).toEqual(['failure', 'success', 'circuitous']);
  });

  it('every point lies inside the plot area', () => {
    const layout = layoutScatter(data, size);
    for (const p of layout.points) {
      expect(p.cx).toBeGreaterThanOrEqual(layout.plot.left);
      expect(p.cx).toBeLessThanOrEqual(layout.plot.right);
      expect(p.cy).toBeGreaterThanOrEqual(layout.plot.top);
      expect(p.cy).toBeLessThanOrEqual(layout.plot.bottom);
    }
  });
});

describe('distribution band layout', () => {
  it('draws nested bands and a median line over the iterations', () => {
    const layout = layoutBands([
      { iteration: 1, quantiles: [-1, -0.5, 0, 0.5, 1], count: 10 },
      { iteration: 2, quantiles: [-2, -1, 0.2, 1, 2], count: 10 },
    ], size);
    expect(layout.outer).toMatch(/^M/);
    expect(layout.inner).toMatch(/^M/);
    expect(layout.median).toMatch(/^M/);
    expect(layout.zeroY).toBeGreaterThan(layout.plot.top);
    expect(layout.zeroY).toBeLessThan(layout.plot.bottom);
    expect(layout.xAt(1)).toBeCloseTo(layout.plot.left);
  });
});

describe('advantage bar layout', () => {
  it('positive bars rise from the zero line and negative ones hang below it', () => {
    const { bars, zeroY } = layoutBars([{ key: 'a', value: 1 }, { key: 'b', value: -0.5 }], { width: 42, height: 20 }, 1);
    expect(zeroY).toBe(10);
    expect(bars[0]).toMatchObject({ y: 0, height: 10, negative: false });
    expect(bars[1]).toMatchObject({ y: 10, height: 5, negative: true });
    expect(bars[1].x).toBeCloseTo(bars[0].width + 2);
  });

  it('values beyond the shared bound are clipped and non-finite ones are flat', () => {
    const { bars } = layoutBars([{ key: 'a', value: 5 }, { key: 'b', value: NaN }], { width: 20, height: 20 }, 1);
    expect(bars[0].height).toBe(10);
    expect(bars[1].height).toBe(0);
    expect(barBound([0.2, -3, NaN])).toBe(3);
  });
});

describe('scales', () => {
  it('a constant series gets a non-empty domain and missing values are ignored', () => {
    expect(extentOf([2, 2, null])).toEqual([1, 3]);
    expect(extentOf([])).toEqual([0, 1]);
    expect(extentOf([0, 0])).toEqual([-0.5, 0.5]);
  });

  it('nearest index finds the closest of sorted values', () => {
    expect(nearestIndex([1, 5, 9], 6)).toBe(1);
    expect(nearestIndex([1, 5, 9], 7.5)).toBe(2);
    expect(nearestIndex([], 3)).toBe(-1);
  });
});

describe('tick labels', () => {
  it('one format per axis: fixed decimals from the spacing, one power of ten for tiny ticks, true minus signs', async () => {
    const { formatTicks } = await import('../../../src/ui/charts/scales');
    expect(formatTicks([0, 0.5, 1, 1.5])).toEqual(['0.0', '0.5', '1.0', '1.5']);
    expect(formatTicks([-1, 0, 1])).toEqual(['\u22121', '0', '1']);
    expect(formatTicks([0, 5e-7, 1e-6, 1.5e-6])).toEqual(['0', '5e-7', '10e-7', '15e-7']);
    expect(formatTicks([0, 20, 40])).toEqual(['0', '20', '40']);
    expect(formatTicks([0, 2000, 4000])).toEqual(['0', '2k', '4k']);
  });
});
