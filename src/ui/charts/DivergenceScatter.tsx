import { memo, useMemo, useRef, useState, type KeyboardEvent, type Ref, type RefObject } from 'react';
import { Axes } from './Axes';
import { ChartDownload } from './export/ChartDownload';
import type { GroupedDatum } from './divergence-data';
import { layoutScatter, type PointCategory, type ScatterPoint } from './scatter-layout';
import { COARSE_POINTER, useMediaQuery } from '../use-media-query';
import { useWidth } from './use-size';

const CATEGORY_WORDS: Record<PointCategory, string> = { success: 'success', circuitous: 'circuitous success', failure: 'failure' };

function describe(p: GroupedDatum, xLabel: string, yLabel: string): string {
  return `task ${p.group + 1}, trajectory ${p.member + 1}, turn ${p.turn + 1} (${CATEGORY_WORDS[p.category]}): ${xLabel} ${p.x.toFixed(3)}, ${yLabel} ${p.y.toFixed(3)}`;
}

interface MarkProps {
  p: ScatterPoint<GroupedDatum>;
  index: number;
  active: boolean;
  label: string;
  onPick(p: GroupedDatum): void;
  onHover(p: GroupedDatum | null): void;
  onFocusPoint(index: number): void;
}

/** One point; a roving tab stop (only the active point is in the Tab order), Enter opens it. */
function Mark({ p, index, active, label, onPick, onHover, onFocusPoint }: MarkProps) {
  const common = {
    className: `pt pt-${p.category}${active ? ' active' : ''}`, 'data-testid': 'divergence-point', 'data-category': p.category,
    'data-index': index, role: 'button', tabIndex: active ? 0 : -1, 'aria-label': label,
    onClick: () => onPick(p), onMouseEnter: () => onHover(p), onMouseLeave: () => onHover(null),
    onFocus: () => { onFocusPoint(index); onHover(p); },
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
export const DivergenceScatter = memo(function DivergenceScatter({ title, data, xLabel, yLabel, onPick, legend }: DivergenceScatterProps) {
  const { ref, width } = useWidth(320);
  const [hover, setHover] = useState<GroupedDatum | null>(null);
  const touch = useMediaQuery(COARSE_POINTER);
  const [active, setActive] = useState(0);
  const svg = useRef<SVGSVGElement>(null);
  const side = Math.min(width, 300);
  const layout = useMemo(() => layoutScatter(data, { width: side, height: side }), [data, side]);
  // keyboard order: left to right, then bottom to top
  const order = useMemo(() => layout.points.map((_, i) => i).sort((a, b) => layout.points[a].cx - layout.points[b].cx || layout.points[b].cy - layout.points[a].cy), [layout]);
  const current = Math.min(active, Math.max(0, order.length - 1));
  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    let next: number | null = null;
    if (e.key in moves) next = Math.max(0, Math.min(order.length - 1, current + moves[e.key]));
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = order.length - 1;
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const p = layout.points[order[current]];
      if (p) onPick(p);
      return;
    }
    if (next === null || order.length === 0) return;
    e.preventDefault(); // the lab's arrow shortcuts skip handled keys
    setActive(next);
    svg.current?.querySelector<SVGElement>(`[data-index="${order[next]}"]`)?.focus();
  };
  return (
    <figure className="chart scatter" aria-label={title} ref={ref}>
      <figcaption>{title}<ChartDownload title={title} legend={legend} /></figcaption>
      <svg width={side} height={side} role="group" ref={svg} onKeyDown={onKeyDown}
        aria-label={`${title}: ${data.length} responses. Tab to a point, then arrow keys move between points and Enter opens one.`}>
        <Axes plot={layout.plot} xTicks={layout.ticks} yTicks={layout.yTicks} xLabel={xLabel} yLabel={yLabel} />
        <line {...layout.diagonal} className="diagonal" />
        <line x1={layout.zero.x} x2={layout.zero.x} y1={layout.plot.top} y2={layout.plot.bottom} className="zero" />
        <line x1={layout.plot.left} x2={layout.plot.right} y1={layout.zero.y} y2={layout.zero.y} className="zero" />
        {layout.points.map((p, i) => (
          <Mark key={`${p.group}:${p.member}:${p.turn}`} p={p} index={i} active={order[current] === i} label={describe(p, xLabel, yLabel)}
            onPick={onPick} onHover={setHover} onFocusPoint={(k) => setActive(order.indexOf(k))} />
        ))}
      </svg>
      <p className="hover-line" aria-live="polite">
        {hover
          ? describe(hover, xLabel, yLabel)
          : data.length === 0 ? 'No responses yet.' : touch ? 'Tap a point for its numbers and its trajectory.' : 'Hover or Tab to a point for its numbers; click or Enter opens that trajectory.'}
      </p>
    </figure>
  );
});

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
