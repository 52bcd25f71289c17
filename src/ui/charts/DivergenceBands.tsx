import { memo, useMemo, useRef } from 'react';
import type { DivergenceSummary } from '../../state/run-store';
import { Axes } from './Axes';
import { ChartDownload } from './export/ChartDownload';
import { layoutBands } from './bands-layout';
import { useWidth } from './use-size';

/** How far the two estimators' advantages differ over training (10–90% and 25–75% bands, median). */
export const DivergenceBands = memo(function DivergenceBands({ title, data, yLabel }: { title: string; data: DivergenceSummary[]; yLabel: string }) {
  const { ref, width } = useWidth(320);
  const height = 180;
  const layout = useMemo(() => layoutBands(data, { width, height }), [data, width]);
  const legend = useRef<HTMLParagraphElement>(null);
  return (
    <figure className="chart bands" aria-label={title} ref={ref}>
      <figcaption>{title}<ChartDownload title={title} xLabel="iteration" yLabel={yLabel} legend={legend} /></figcaption>
      <svg width={width} height={height} role="img" aria-label={`${title} over ${data.length} iterations`}>
        <Axes plot={layout.plot} xTicks={layout.xTicks} yTicks={layout.yTicks} xLabel="iteration k" />
        <line x1={layout.plot.left} x2={layout.plot.right} y1={layout.zeroY} y2={layout.zeroY} className="zero" />
        <path d={layout.outer} className="band-outer" />
        <path d={layout.inner} className="band-inner" />
        <path d={layout.median} className="band-median" />
      </svg>
      <p className="legend bands-legend" ref={legend}>
        <span><svg width="16" height="10" aria-hidden="true"><line x1="0" x2="16" y1="5" y2="5" className="band-median" /></svg> median</span>
        <span><svg width="14" height="10" aria-hidden="true"><rect width="14" height="10" className="band-inner" /></svg> 25–75%</span>
        <span><svg width="14" height="10" aria-hidden="true"><rect width="14" height="10" className="band-outer" /></svg> 10–90%</span>
      </p>
      <p className="hover-line">{data.length === 0 ? 'Appears after the first iteration.' : `${yLabel}: median line, 25–75% dark band, 10–90% light band, per iteration.`}</p>
    </figure>
  );
});
