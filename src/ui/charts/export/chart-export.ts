/** A rendered chart (`<figure>` holding an `<svg>`) → the SVG or PNG file the download buttons save. */
import { downloadBlob } from '../../../app/export/download';
import { chartFileName, composeChartSvg, type ComposedSvg } from './compose-svg';
import { backgroundOf, legendItemsFrom, serializeWithStyles } from './inline-styles';
import { svgToPng } from './rasterize';

export interface ChartExportSpec {
  title: string;
  xLabel?: string;
  yLabel?: string;
  /** An HTML legend whose entries go into the file; omitted when the chart's SVG has its own. */
  legend?: Element | null;
  /** The chart's SVG already draws its title and legend (experiments charts): do not add them. */
  selfContained?: boolean;
}

export function chartSvg(svg: SVGSVGElement, spec: ChartExportSpec): ComposedSvg {
  return composeChartSvg({
    chart: serializeWithStyles(svg),
    title: spec.selfContained ? undefined : spec.title,
    xLabel: spec.xLabel,
    yLabel: spec.yLabel,
    legend: legendItemsFrom(spec.legend ?? null),
    background: backgroundOf(svg),
  });
}

export async function downloadChart(svg: SVGSVGElement, spec: ChartExportSpec, kind: 'svg' | 'png'): Promise<void> {
  const file = chartSvg(svg, spec);
  const blob = kind === 'svg'
    ? new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n${file.svg}`], { type: 'image/svg+xml' })
    : await svgToPng(file.svg, file.width, file.height, 2);
  downloadBlob(blob, chartFileName(spec.title, kind));
}
