import { useMemo } from 'react';
import type { DivergenceSummary } from '../../state/run-store';
import { Axes } from './Axes';
import { layoutBands } from './bands-layout';
import { useWidth } from './use-size';

/** How far the two estimators' advantages differ over training (10–90% and 25–75% bands, median). */
export function DivergenceBands({ title, data, yLabel }: { title: string; data: DivergenceSummary[]; yLabel: string }) {
  const { ref, width } = useWidth<HTMLDivElement>(320);
  const height = 180;
  const layout = useMemo(() => layoutBands(data, { width, height }), [data, width]);
  return (
    <figure className="chart bands" aria-label={title} ref={ref}>
      <figcaption>{title}</figcaption>
      <svg width={width} height={height} role="img" aria-label={`${title} over ${data.length} iterations`}>
        <Axes plot={layout.plot} xTicks={layout.xTicks} yTicks={layout.yTicks} xLabel="iteration k" />
        <line x1={layout.plot.left} x2={layout.plot.right} y1={layout.zeroY} y2={layout.zeroY} className="zero" />
        <path d={layout.outer} className="band-outer" />
        <path d={layout.inner} className="band-inner" />
        <path d={layout.median} className="band-median" />
      </svg>
      <p className="hover-line">{data.length === 0 ? 'Appears after the first iteration.' : `${yLabel}: median line, 25–75% dark band, 10–90% light band, per iteration.`}</p>
    </figure>
  );
}
