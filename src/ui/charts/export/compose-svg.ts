/**
 * A chart as a standalone SVG file: the rendered chart (already serialized with its styles
 * inlined, see inline-styles.ts) framed by a title on top, optional axis labels, and a legend row
 * below, on an opaque background. Pure string work, no DOM: unit-tested in Node.
 */

export interface LegendItem {
  label: string;
  /** A small standalone `<svg>` (styles inlined) drawn before the label; null: label only. */
  swatch: { markup: string; width: number; height: number } | null;
}

export interface ChartFile {
  /** The chart's `<svg>…</svg>` markup (styles inlined) and its size in CSS pixels. */
  chart: { markup: string; width: number; height: number };
  title?: string;
  xLabel?: string;
  yLabel?: string;
  legend?: LegendItem[];
  background?: string;
  font?: string;
}

export interface ComposedSvg {
  svg: string;
  width: number;
  height: number;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const PAD = 12;
const TITLE_LINE = 18;
const TITLE_CHAR_W = 8.8; // 14 px bold, a generous average advance
const LABEL_H = 18;
const ROW_H = 18;
const CHAR_W = 6.6; // an estimate of the legend font's average advance, for wrapping

/** `text` broken at spaces into lines of at most `maxChars` characters (a longer word keeps its own line). */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Legend items placed left to right, wrapped at `width`. */
export function layoutLegend(items: readonly LegendItem[], width: number): Array<LegendItem & { x: number; row: number }> {
  let x = 0;
  let row = 0;
  return items.map((item) => {
    const w = (item.swatch ? item.swatch.width + 5 : 0) + item.label.length * CHAR_W + 16;
    if (x > 0 && x + w > width) {
      x = 0;
      row++;
    }
    const placed = { ...item, x, row };
    x += w;
    return placed;
  });
}

/** Frame `file.chart` with title, axis labels and legend; returns the SVG text and its size. */
export function composeChartSvg(file: ChartFile): ComposedSvg {
  const { chart } = file;
  const font = file.font ?? 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  const left = PAD + (file.yLabel ? LABEL_H : 0);
  const width = Math.ceil(left + chart.width + PAD);
  const titleLines = file.title ? wrapWords(file.title, Math.max(12, Math.floor((width - 2 * PAD) / TITLE_CHAR_W))) : [];
  const top = PAD + (titleLines.length > 0 ? titleLines.length * TITLE_LINE + 6 : 0);
  const legend = layoutLegend(file.legend ?? [], width - 2 * PAD);
  const rows = legend.length === 0 ? 0 : Math.max(...legend.map((l) => l.row)) + 1;
  const chartBottom = top + chart.height + (file.xLabel ? LABEL_H : 0);
  const height = Math.ceil(chartBottom + (rows > 0 ? 6 + rows * ROW_H : 0) + PAD);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(font)}">`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="${escapeXml(file.background ?? '#ffffff')}"/>`,
  ];
  if (file.title) {
    const tspans = titleLines.map((line, i) => `<tspan x="${PAD}" dy="${i === 0 ? 0 : TITLE_LINE}">${escapeXml(line)}</tspan>`).join('');
    parts.push(`<title>${escapeXml(file.title)}</title>`, `<text x="${PAD}" y="${PAD + 14}" font-size="14" font-weight="600" fill="#1a1a1a" class="chart-title">${tspans}</text>`);
  }
  parts.push(`<g transform="translate(${left} ${top})">${chart.markup}</g>`);
  if (file.xLabel) parts.push(`<text x="${left + chart.width / 2}" y="${top + chart.height + 14}" text-anchor="middle" font-size="11" fill="#1a1a1a" class="x-label">${escapeXml(file.xLabel)}</text>`);
  if (file.yLabel) parts.push(`<text transform="translate(${PAD + 11} ${top + chart.height / 2}) rotate(-90)" text-anchor="middle" font-size="11" fill="#1a1a1a" class="y-label">${escapeXml(file.yLabel)}</text>`);
  if (rows > 0) {
    parts.push(`<g class="legend" transform="translate(${PAD} ${chartBottom + 6})" font-size="11" fill="#1a1a1a">`);
    for (const item of legend) {
      const y = item.row * ROW_H;
      let x = item.x;
      if (item.swatch) {
        parts.push(`<g transform="translate(${x} ${y + (ROW_H - item.swatch.height) / 2 - 2})">${item.swatch.markup}</g>`);
        x += item.swatch.width + 5;
      }
      parts.push(`<text x="${x}" y="${y + 11}">${escapeXml(item.label)}</text>`);
    }
    parts.push('</g>');
  }
  parts.push('</svg>');
  return { svg: parts.join(''), width, height };
}

/** A file name from a chart title: lower case, words joined by hyphens, ASCII only. */
export function chartFileName(title: string, extension: 'svg' | 'png'): string {
  const stem = title
    .normalize('NFKD')
    .replace(/α/g, 'alpha').replace(/[^\w\s-]+/g, ' ')
    .trim().toLowerCase().replace(/[\s_-]+/g, '-')
    .slice(0, 80) || 'chart';
  return `${stem}.${extension}`;
}
