import { useMemo, useState, type Ref, type RefObject } from 'react';
import { Axes } from './Axes';
import { ChartDownload } from './export/ChartDownload';
import type { GroupedDatum } from './divergence-data';
import { layoutScatter, type PointCategory, type ScatterPoint } from './scatter-layout';
import { useWidth } from './use-size';

const CATEGORY_WORDS: Record<PointCategory, string> = { success: 'success', circuitous: 'circuitous success', failure: 'failure' };

function Mark({ p, onPick, onHover }: { p: ScatterPoint<GroupedDatum>; onPick(p: GroupedDatum): void; onHover(p: GroupedDatum | null): void }) {
  const common = {
    className: `pt pt-${p.category}`, 'data-testid': 'divergence-point', 'data-category': p.category,
    onClick: () => onPick(p), onMouseEnter: () => onHover(p), onMouseLeave: () => onHover(null),
  };
  if (p.category === 'circuitous') return <path {...common} d={`M${p.cx},${p.cy - 5}L${p.cx + 5},${p.cy}L${p.cx},${p.cy + 5}L${p.cx - 5},${p.cy}Z`} />;
  if (p.category === 'failure') return <path {...common} d={`M${p.cx - 3},${p.cy - 3}L${p.cx + 3},${p.cy + 3}M${p.cx - 3},${p.cy + 3}L${p.cx + 3},${p.cy - 3}`} />;
  return <circle {...common} cx={p.cx} cy={p.cy} r={3.5} />;
}

export interface DivergenceScatterProps {
  title: string;
  data: GroupedDatum[];
  xLabel: string;
  yLabel: string;
  onPick(d: GroupedDatum): void;
  /** The shared marker legend (goes into downloaded files). */
  legend?: RefObject<HTMLElement | null>;
}

/** One point per response; y = x is "both estimators agree". */
export function DivergenceScatter({ title, data, xLabel, yLabel, onPick, legend }: DivergenceScatterProps) {
  const { ref, width } = useWidth<HTMLDivElement>(320);
  const [hover, setHover] = useState<GroupedDatum | null>(null);
  const side = Math.min(width, 300);
  const layout = useMemo(() => layoutScatter(data, { width: side, height: side }), [data, side]);
  return (
    <figure className="chart scatter" aria-label={title} ref={ref}>
      <figcaption>{title}<ChartDownload title={title} legend={legend} /></figcaption>
      <svg width={side} height={side} role="img" aria-label={`${title}: ${data.length} responses`}>
        <Axes plot={layout.plot} xTicks={layout.ticks} yTicks={layout.yTicks} xLabel={xLabel} yLabel={yLabel} />
        <line {...layout.diagonal} className="diagonal" />
        <line x1={layout.zero.x} x2={layout.zero.x} y1={layout.plot.top} y2={layout.plot.bottom} className="zero" />
        <line x1={layout.plot.left} x2={layout.plot.right} y1={layout.zero.y} y2={layout.zero.y} className="zero" />
        {layout.points.map((p) => <Mark key={`${p.group}:${p.member}:${p.turn}`} p={p} onPick={onPick} onHover={setHover} />)}
      </svg>
      <p className="hover-line" aria-live="off">
        {hover
          ? `task ${hover.group + 1}, trajectory ${hover.member + 1}, turn ${hover.turn + 1} (${CATEGORY_WORDS[hover.category]}): ${xLabel} ${hover.x.toFixed(3)}, ${yLabel} ${hover.y.toFixed(3)}`
          : data.length === 0 ? 'No responses yet.' : 'Hover a point for its numbers; click it to open that trajectory.'}
      </p>
    </figure>
  );
}

export function ScatterLegend({ ref }: { ref?: Ref<HTMLParagraphElement> }) {
  return (
    <p className="legend scatter-legend" ref={ref}>
      <span><svg width="10" height="10" aria-hidden="true"><circle cx="5" cy="5" r="3.5" className="pt pt-success" /></svg> success</span>
      <span><svg width="12" height="12" aria-hidden="true"><path d="M6,1L11,6L6,11L1,6Z" className="pt pt-circuitous" /></svg> circuitous success</span>
      <span><svg width="10" height="10" aria-hidden="true"><path d="M2,2L8,8M2,8L8,2" className="pt pt-failure" /></svg> failure</span>
      <span><svg width="16" height="10" aria-hidden="true"><line x1="0" y1="10" x2="16" y2="0" className="diagonal" /></svg> y = x</span>
    </p>
  );
}
