import { useDeferredValue, useMemo } from 'react';
import { useImportStore } from '../../state/import-store';
import { Axes } from '../charts/Axes';
import { layoutCurves } from '../charts/curves-layout';
import { useWidth } from '../charts/use-size';
import { estimatorLabel } from '../../core/advantage/registry';
import { overviewPanels, type OverviewPanel } from './overview-layout';

const pct = (v: number) => `${Math.round(v * 100)}%`;
const num = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '–' : v.toFixed(2));

function Panel({ panel, width }: { panel: OverviewPanel; width: number }) {
  const height = 130;
  const layout = useMemo(() => layoutCurves({ series: panel.series, yInclude: panel.yInclude }, { width, height }), [panel, width]);
  return (
    <figure className="chart curve" aria-label={panel.title} data-panel={panel.key}>
      <figcaption>{panel.title}</figcaption>
      <svg width={width} height={height} role="img" aria-label={`${panel.title} per training step`}>
        <Axes plot={layout.plot} xTicks={layout.xTicks} yTicks={layout.yTicks} />
        {layout.lines.map((l) => (
          <g key={l.id} style={{ stroke: panel.colors[l.id] }} className="run-line"><path d={l.raw} className="smooth" /></g>
        ))}
      </svg>
    </figure>
  );
}

/** By training step: all-equal groups, length spreads and heterogeneity (what PlanPO uses), mean advantages per estimator. */
export function ImportOverview({ estimators }: { estimators: string[] }) {
  const rows = useDeferredValue(useImportStore((s) => s.overview));
  const estimated = useImportStore((s) => s.summary?.tokenCounts !== 'file');
  const panels = useMemo(() => overviewPanels(rows, estimators, estimated), [rows, estimators, estimated]);
  const { ref, width } = useWidth(1000);
  const columns = width >= 1100 ? 4 : width >= 760 ? 3 : width >= 480 ? 2 : 1;
  const panelWidth = Math.floor((width - (columns - 1) * 12) / columns);
  if (rows.length === 0) return null;
  return (
    <section aria-label="Overview by training step" className="import-overview">
      <h3>Overview by training step</h3>
      {rows.some((r) => r.step !== null) && <div className="curve-grid" ref={ref}>{panels.map((p) => <Panel key={p.key} panel={p} width={panelWidth} />)}</div>}
      <div className="table-scroll">
        <table className="overview-table" data-testid="overview-table">
          <thead>
            <tr>
              <th scope="col">Step</th><th scope="col">Groups</th><th scope="col">Success</th>
              <th scope="col">All-equal (GRPO 0)</th><th scope="col">Spread T (successes)</th>
              <th scope="col">Spread L<sub>i,t</sub>{estimated ? ' (estimated)' : ''}</th>
              <th scope="col" title="median over the step's groups of max L / min L within the group">max/min L</th>
              <th scope="col" title="median over the step's groups of std(L) / mean(L) within the group">CV of L</th>
              {estimators.map((id) => <th key={id} scope="col">mean A / |A| {estimatorLabel(id)}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, 200).map((r) => (
              <tr key={String(r.step)}>
                <th scope="row">{r.step ?? '–'}</th><td>{r.groups}</td><td>{pct(r.successRate)}</td>
                <td>{pct(r.zeroGrpoFraction)}</td><td>{num(r.successTurnsSpread)}</td><td>{num(r.responseTokensSpread)}</td>
                <td data-col="length-ratio">{num(r.lengthRatio)}</td><td data-col="length-cv">{num(r.lengthCv)}</td>
                {estimators.map((id) => (
                  <td key={id} data-estimator={id}>{num(r.estimators[id]?.meanAdvantage)} / {num(r.estimators[id]?.meanAbsAdvantage)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
