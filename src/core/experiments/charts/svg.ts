/**
 * Chart layouts → standalone SVG markup (strings, no DOM), for the SVG files next to report.md.
 * Colours are `style` properties with CSS-variable fallbacks, so the files render on their own
 * and pick up the app's palette when inlined.
 */
import type { AxisTick, BarChartLayout, ChartFrame, ChartLayout, LineChartLayout } from './layout';

/** Escapes text for SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const n = (v: number): string => String(Math.round(v * 10) / 10);

function axes(f: ChartFrame, xTicks: AxisTick[] | null): string[] {
  const out: string[] = [];
  for (const t of f.yTicks) {
    out.push(`<line x1="${n(f.left)}" x2="${n(f.right)}" y1="${n(t.at)}" y2="${n(t.at)}" stroke="#ddd"/>`);
    out.push(`<text x="${n(f.left - 6)}" y="${n(t.at + 4)}" text-anchor="end">${escapeXml(t.label)}</text>`);
  }
  for (const t of xTicks ?? []) {
    out.push(`<line x1="${n(t.at)}" x2="${n(t.at)}" y1="${n(f.bottom)}" y2="${n(f.bottom + 4)}" stroke="#555"/>`);
    out.push(`<text x="${n(t.at)}" y="${n(f.bottom + 16)}" text-anchor="middle">${escapeXml(t.label)}</text>`);
  }
  out.push(`<line x1="${n(f.left)}" x2="${n(f.right)}" y1="${n(f.bottom)}" y2="${n(f.bottom)}" stroke="#555"/>`);
  out.push(`<line x1="${n(f.left)}" x2="${n(f.left)}" y1="${n(f.top)}" y2="${n(f.bottom)}" stroke="#555"/>`);
  out.push(`<text x="${n((f.left + f.right) / 2)}" y="${n(f.height - 6)}" text-anchor="middle">${escapeXml(f.xLabel)}</text>`);
  out.push(`<text transform="translate(12 ${n((f.top + f.bottom) / 2)}) rotate(-90)" text-anchor="middle">${escapeXml(f.yLabel)}</text>`);
  return out;
}

function legend(f: ChartFrame): string[] {
  return f.legend.map((item) =>
    `<g><rect x="${n(item.x)}" y="${n(item.y - 9)}" width="12" height="10" style="fill: ${item.color}"/><text x="${n(item.x + 16)}" y="${n(item.y)}">${escapeXml(item.label)}</text></g>`);
}

function lineBody(l: LineChartLayout): string[] {
  const bands = l.series.filter((s) => s.band).map((s) => `<path d="${s.band}" style="fill: ${s.color}; fill-opacity: 0.1; stroke: none"/>`);
  const lines = l.series.map((s) => `<path d="${s.path}" style="fill: none; stroke: ${s.color}; stroke-width: 2"><title>${escapeXml(s.label)}</title></path>`);
  return [...bands, ...lines];
}

function barBody(b: BarChartLayout): string[] {
  const out: string[] = [];
  for (const bar of b.bars) {
    out.push(`<rect x="${n(bar.x)}" y="${n(bar.y)}" width="${n(bar.width)}" height="${n(bar.height)}" style="fill: ${bar.color}"><title>${escapeXml(`${bar.group} · ${bar.label}: ${bar.value}`)}</title></rect>`);
    if (bar.whisker) {
      const w = bar.whisker;
      out.push(`<path d="M${n(w.x)},${n(w.y1)}V${n(w.y2)}M${n(w.x - 4)},${n(w.y1)}H${n(w.x + 4)}M${n(w.x - 4)},${n(w.y2)}H${n(w.x + 4)}" fill="none" stroke="#333"/>`);
    }
  }
  for (const g of b.groups) out.push(`<text x="${n(g.at)}" y="${n(b.bottom + 16)}" text-anchor="middle">${escapeXml(g.label)}</text>`);
  return out;
}

/** A complete `<svg>` document for the layout. */
export function chartSvg(layout: ChartLayout): string {
  const body = layout.kind === 'line' ? [...axes(layout, layout.xTicks), ...lineBody(layout)] : [...axes(layout, null), ...barBody(layout)];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" role="img" aria-label="${escapeXml(layout.title)}" font-family="system-ui, sans-serif" font-size="11" fill="#222">`,
    `<title>${escapeXml(layout.title)}</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${n(layout.width / 2)}" y="16" text-anchor="middle" font-size="13" font-weight="600">${escapeXml(layout.title)}</text>`,
    ...legend(layout),
    ...body,
    '</svg>',
  ].join('\n');
}
