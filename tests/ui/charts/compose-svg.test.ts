import { describe, expect, it } from 'vitest';
import { chartFileName, composeChartSvg, escapeXml, layoutLegend } from '../../../src/ui/charts/export/compose-svg';

const chart = { markup: '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><path d="M0,0L10,10"/></svg>', width: 200, height: 100 };

describe('composeChartSvg', () => {
  it('frames the chart with title, axis labels and a legend, sized to hold them', () => {
    const swatch = { markup: '<svg width="24" height="8"><line x2="24"/></svg>', width: 24, height: 8 };
    const out = composeChartSvg({ chart, title: 'Success <rate> & more', xLabel: 'iteration', yLabel: 'Success', legend: [{ label: 'GRPO', swatch }, { label: 'PlanPO', swatch }] });
    expect(out.width).toBe(12 + 18 + 200 + 12);
    expect(out.height).toBeGreaterThan(12 + 24 + 100 + 18);
    expect(out.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(out.svg).toContain('<title>Success &lt;rate&gt; &amp; more</title>');
    expect(out.svg).toContain('>iteration</text>');
    expect(out.svg).toContain('rotate(-90)');
    expect(out.svg).toContain('>GRPO</text>');
    expect(out.svg).toContain('>PlanPO</text>');
    expect(out.svg).toContain(chart.markup);
    expect(out.svg).toContain(`width="${out.width}" height="${out.height}"`);
  });

  it('adds nothing for a self-contained chart but the background', () => {
    const out = composeChartSvg({ chart, background: 'rgb(1, 2, 3)' });
    expect(out.svg).not.toContain('<text');
    expect(out.svg).toContain('fill="rgb(1, 2, 3)"');
    expect([out.width, out.height]).toEqual([224, 124]);
  });

  it('wraps a long title onto more lines instead of running past the edge', () => {
    const title = 'GRPO vs PlanPO advantage per response on every task of iteration 12';
    const out = composeChartSvg({ chart, title });
    const lines = [...out.svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(title);
    expect(lines.every((l) => 12 + l.length * 8.8 <= out.width)).toBe(true);
    expect(out.height).toBe(composeChartSvg({ chart, title: 'short' }).height + (lines.length - 1) * 18);
  });

  it('wraps legend items onto new rows', () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ label: `estimator number ${i}`, swatch: null }));
    const placed = layoutLegend(items, 300);
    expect(placed[0]).toMatchObject({ x: 0, row: 0 });
    expect(Math.max(...placed.map((p) => p.row))).toBeGreaterThan(1);
    expect(placed.every((p) => p.x === 0 || p.x + p.label.length * 6.6 + 16 <= 300)).toBe(true);
  });
});

describe('chart file names', () => {
  it('are ASCII words joined by hyphens', () => {
    expect(chartFileName('Mean turns T (dashed: oracle T*)', 'svg')).toBe('mean-turns-t-dashed-oracle-t.svg');
    expect(chartFileName('α(k)', 'png')).toBe('alpha-k.png');
    expect(chartFileName('***', 'png')).toBe('chart.png');
    expect(escapeXml(`a"b'c`)).toBe('a&quot;b&apos;c');
  });
});
