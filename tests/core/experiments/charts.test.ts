import { describe, expect, it } from 'vitest';
import { layoutBarChart, layoutLineChart, formatValue } from '../../../src/core/experiments/charts/layout';
import { chartSvg, escapeXml } from '../../../src/core/experiments/charts/svg';
import { cssIdent, seriesColor } from '../../../src/core/experiments/charts/colors';

const SIZE = { width: 400, height: 240 };
const line = layoutLineChart({
  title: 'Success <on> household', xLabel: 'iteration', yLabel: 'Success rate', yDomain: [0, 1], format: 'percent',
  series: [
    { id: 'grpo', label: 'GRPO', points: [{ x: 1, mean: 0, low: null, high: null }, { x: 10, mean: 0.5, low: 0.3, high: 0.7 }, { x: 20, mean: 1, low: 0.9, high: 1.2 }] },
    { id: 'planpo', label: 'PlanPO', points: [{ x: 1, mean: 0.1, low: 0, high: 0.2 }, { x: 20, mean: 0.9, low: 0.8, high: 1 }] },
  ],
}, SIZE);

describe('line chart layout', () => {
  it('maps the y domain onto the plot area, top = 100% and bottom = 0%', () => {
    const top = line.yTicks.find((t) => t.value === 1)!;
    const bottom = line.yTicks.find((t) => t.value === 0)!;
    expect(top.at).toBeCloseTo(line.top, 6);
    expect(bottom.at).toBeCloseTo(line.bottom, 6);
    expect(top.label).toBe('100%');
  });

  it('draws one path per series starting at the first point, and a band only where the CI exists', () => {
    expect(line.series.map((s) => s.id)).toEqual(['grpo', 'planpo']);
    expect(line.series[0].path.startsWith(`M${line.left},${line.bottom}`)).toBe(true);
    expect(line.series[0].band).not.toBeNull();
    expect(line.series[1].band).not.toBeNull();
  });

  it('clamps a CI that leaves the fixed domain to the plot edge', () => {
    const ys = line.series[0].band!.match(/-?\d+(\.\d+)?/g)!.map(Number).filter((_, i) => i % 2 === 1);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(line.top - 1e-9);
  });

  it('x ticks are whole iterations within the data range', () => {
    expect(line.xTicks.every((t) => Number.isInteger(t.value) && t.value >= 1 && t.value <= 20)).toBe(true);
    expect(line.xTicks[0].at).toBeGreaterThanOrEqual(line.left);
  });

  it('legend entries carry the series colours keyed by estimator id', () => {
    expect(line.legend.map((l) => [l.id, l.color])).toEqual([['grpo', seriesColor('grpo', 0)], ['planpo', seriesColor('planpo', 1)]]);
    expect(line.top).toBeGreaterThan(line.legend[0].y);
  });
});

describe('bar chart layout', () => {
  const bars = layoutBarChart({
    title: 'Turns', xLabel: 'env', yLabel: 'turns',
    groups: [
      { label: 'household-v0', bars: [{ id: 'grpo', label: 'GRPO', mean: 10, low: 8, high: 12 }, { id: 'planpo', label: 'PlanPO', mean: 5, low: null, high: null }] },
      { label: 'shop-v0', bars: [{ id: 'grpo', label: 'GRPO', mean: null, low: null, high: null }, { id: 'planpo', label: 'PlanPO', mean: 4, low: 3, high: 5 }] },
    ],
  }, SIZE);

  it('bars stand on the zero line with heights proportional to their means', () => {
    const [a, b] = bars.bars;
    expect(a.y + a.height).toBeCloseTo(bars.bottom, 6);
    expect(a.height / b.height).toBeCloseTo(2, 6);
  });

  it('a missing mean draws no bar, and a missing CI draws no whisker', () => {
    expect(bars.bars.map((b) => `${b.group}/${b.id}`)).toEqual(['household-v0/grpo', 'household-v0/planpo', 'shop-v0/planpo']);
    expect(bars.bars[1].whisker).toBeNull();
    expect(bars.bars[0].whisker!.y1).toBeGreaterThan(bars.bars[0].whisker!.y2);
  });

  it('groups sit left to right inside the plot and bars of one series share a width', () => {
    expect(bars.groups[0].at).toBeLessThan(bars.groups[1].at);
    expect(bars.bars[0].x).toBeGreaterThanOrEqual(bars.left);
    expect(new Set(bars.bars.map((b) => b.width.toFixed(6))).size).toBe(1);
  });

  it('negative means hang below the zero line', () => {
    const neg = layoutBarChart({ title: 'd', xLabel: '', yLabel: '', groups: [{ label: 'g', bars: [{ id: 'a', label: 'a', mean: -2, low: null, high: null }, { id: 'b', label: 'b', mean: 2, low: null, high: null }] }] }, SIZE);
    const [a, b] = neg.bars;
    expect(a.y).toBeCloseTo(b.y + b.height, 6);
  });
});

describe('SVG markup', () => {
  it('is a standalone SVG document with an accessible title, escaped text and one path per series', () => {
    const svg = chartSvg(line);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('aria-label="Success &lt;on&gt; household"');
    expect(svg).not.toContain('<on>');
    expect(svg.match(/stroke-width: 2/g)).toHaveLength(2);
    expect(svg).toContain('var(--series-planpo, #0072B2)');
  });

  it('bar SVGs have one rect per bar plus the background and legend swatches', () => {
    const svg = chartSvg(layoutBarChart({ title: 't', xLabel: 'x', yLabel: 'y', groups: [{ label: 'g', bars: [{ id: 'seen', label: 'seen', mean: 0.5, low: 0.4, high: 0.6 }, { id: 'unseen', label: 'unseen', mean: 0.4, low: null, high: null }] }], format: 'percent', yDomain: [0, 1] }, SIZE));
    expect(svg.match(/<rect /g)).toHaveLength(1 + 2 + 2);
    expect(svg).toContain('seen: 50%');
  });

  it('escapes the five XML specials it can meet in labels', () => {
    expect(escapeXml('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
  });

  it('series ids become safe CSS identifiers and values format compactly', () => {
    expect(cssIdent('alpha-0.1')).toBe('alpha-0_1');
    expect(seriesColor('alpha-0.1', 9)).toBe('var(--series-alpha-0_1, #0072B2)');
    expect([formatValue(0.25, 'percent'), formatValue(123.4), formatValue(12.34), formatValue(1.5), formatValue(0)]).toEqual(['25%', '123', '12.3', '1.5', '0']);
  });
});

describe('y axis floor', () => {
  it('yMin keeps a CI that dips below zero from pulling the axis negative', () => {
    const input = { title: 't', xLabel: 'x', yLabel: 'y', series: [{ id: 'a', label: 'a', points: [{ x: 1, mean: 1, low: -3, high: 5 }, { x: 2, mean: 2, low: -1, high: 5 }] }] };
    expect(layoutLineChart(input, SIZE).yTicks[0].value).toBeLessThan(0);
    const floored = layoutLineChart({ ...input, yMin: 0 }, SIZE);
    expect(floored.yTicks[0].value).toBe(0);
    expect(floored.yTicks[0].at).toBeCloseTo(floored.bottom, 6);
  });
});
