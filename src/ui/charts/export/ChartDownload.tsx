import './chart-download.css';
import { useRef, useState, type RefObject } from 'react';
import { downloadChart, type ChartExportSpec } from './chart-export';

export interface ChartDownloadProps extends Omit<ChartExportSpec, 'legend'> {
  /** The HTML legend that explains this chart (it goes into the file). */
  legend?: RefObject<HTMLElement | null>;
}

/** "SVG" and "PNG" buttons that save the enclosing `<figure>`'s chart with title, axes and legend. */
export function ChartDownload({ legend, ...spec }: ChartDownloadProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async (kind: 'svg' | 'png') => {
    const svg = ref.current?.closest('figure')?.querySelector<SVGSVGElement>(':scope > svg');
    if (!svg) return;
    try {
      setError(null);
      await downloadChart(svg, { ...spec, legend: legend?.current ?? null }, kind);
    } catch (e) {
      setError(`Could not save the ${kind.toUpperCase()}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <span className="chart-download" ref={ref}>
      <button type="button" onClick={() => void save('svg')} aria-label={`Download ${spec.title} as SVG`} title="Download as SVG">SVG</button>
      <button type="button" onClick={() => void save('png')} aria-label={`Download ${spec.title} as PNG`} title="Download as PNG (2×)">PNG</button>
      {error && <span role="alert" className="error">{error}</span>}
    </span>
  );
}
