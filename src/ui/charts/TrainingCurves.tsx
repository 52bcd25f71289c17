import { seriesVar } from '../palette';
import './charts.css';
import { memo, useMemo, useRef, useState, type RefObject } from 'react';
import { useWhileVisible } from '../use-while-visible';
import type { IterationMetrics } from '../../core/train/metrics';
import { useRunStore, type RunTelemetry } from '../../state/run-store';
import { useThrottled } from '../use-throttled';
import { estimatorLabel } from '../../core/advantage/registry';
import { Axes } from './Axes';
import { ChartDownload } from './export/ChartDownload';
import { layoutCurves, type CurvePoint } from './curves-layout';
import { useWidth } from './use-size';
import { useRecordingStore } from '../../state/recording-store';
import { recordedOverlay, type Overlay } from '../classroom/recorded-overlay';

interface Panel {
  key: string;
  title: string;
  pick(m: IterationMetrics): number | null;
  yInclude?: number[];
  reference?(m: IterationMetrics): number | null;
  format(v: number): string;
}

const pct = (v: number) => `${Math.round(v * 100)}%`;
const num = (v: number) => (Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(3));

export const PANELS: Panel[] = [
  { key: 'success', title: 'Success rate', pick: (m) => m.successRate, yInclude: [0, 1], format: pct },
  { key: 'turns', title: 'Mean turns T (dotted grey: oracle T*)', pick: (m) => m.meanTurns, reference: (m) => m.meanOracleTurns, yInclude: [0], format: num },
  { key: 'tokens', title: 'Mean response tokens L', pick: (m) => m.meanResponseTokens, yInclude: [0], format: num },
  { key: 'alpha', title: 'α(k)', pick: (m) => m.alpha, yInclude: [0], format: num },
  { key: 'kl', title: 'KL to reference', pick: (m) => m.kl, format: num },
  { key: 'clip', title: 'Clip fraction', pick: (m) => m.clipFraction, yInclude: [0], format: pct },
  { key: 'zero', title: 'Zero-variance groups', pick: (m) => m.zeroStdGroupFraction, yInclude: [0, 1], format: pct },
];

/** Each run's points per panel, kept while its metrics are the same array (a report for one run leaves the other's as they were). */
const pointsCache = new WeakMap<readonly IterationMetrics[], Map<string, CurvePoint[]>>();

function panelPoints(metrics: readonly IterationMetrics[], panel: Panel): CurvePoint[] {
  let byPanel = pointsCache.get(metrics);
  if (!byPanel) pointsCache.set(metrics, (byPanel = new Map()));
  let points = byPanel.get(panel.key);
  if (!points) byPanel.set(panel.key, (points = metrics.map((m): CurvePoint => ({ x: m.iteration, y: panel.pick(m) }))));
  return points;
}

/** The SFT → RL boundary: RL's first iteration samples from the warm start, so its point is the warm start's success. */
export const SFT_PHASE_LABEL = 'SFT → RL';

const CurvePanel = memo(function CurvePanel({ panel, runs, width, hover, onHover, legend, warmStart, overlay }: {
  panel: Panel; runs: RunTelemetry[]; width: number; hover: number | null; onHover(k: number | null): void; legend: RefObject<HTMLParagraphElement | null>;
  warmStart: boolean; overlay: Overlay | null;
}) {
  const height = 150;
  const layout = useMemo(() => {
    const series = [...runs, ...(overlay?.runs.map((r, i) => ({ ...r, id: `recording-${i}` })) ?? [])]
      .map((r) => ({ id: r.id, points: panelPoints(r.metrics, panel) }));
    const ref = panel.reference && runs[0] ? runs[0].metrics.map((m) => ({ x: m.iteration, y: panel.reference!(m) })) : undefined;
    const phase = warmStart && panel.key === 'success' ? { x: 1, label: SFT_PHASE_LABEL } : undefined;
    return layoutCurves({ series, reference: ref, yInclude: panel.yInclude, smoothing: 0.6, phase, growX: true }, { width, height });
  }, [runs, panel, width, warmStart, overlay]);
  const values = hover === null ? [] : runs.map((r) => {
    const m = r.metrics.find((x) => x.iteration === hover);
    const v = m ? panel.pick(m) : null;
    return `${estimatorLabel(r.estimator)} ${v === null ? '–' : panel.format(v)}`;
  });
  return (
    <figure className="chart curve" aria-label={panel.title} data-panel={panel.key}>
      <figcaption>{panel.title}<ChartDownload title={panel.title} yLabel={panel.title.replace(/\s*\(.*\)$/, '')} legend={legend} /></figcaption>
      <svg width={width} height={height} role="img" aria-label={`${panel.title} per iteration`}
        onMouseMove={(e) => onHover(layout.iterationAt(e.clientX - e.currentTarget.getBoundingClientRect().left))}
        onMouseLeave={() => onHover(null)}>
        <Axes plot={layout.plot} xTicks={layout.xTicks} yTicks={layout.yTicks} xLabel="iteration k" />
        {layout.reference && <path d={layout.reference} className="reference" />}
        {layout.reference && layout.referenceEnd && (
          <text x={layout.referenceEnd.x - 2} y={layout.referenceEnd.y - 5} textAnchor="end" className="reference-label">T*</text>
        )}
        {layout.phaseMark && (
          <g className="phase-mark" data-phase="sft-rl">
            <line x1={layout.phaseMark.x} x2={layout.phaseMark.x} y1={layout.plot.top} y2={layout.plot.bottom} />
            <text x={layout.phaseMark.x + 3} y={layout.plot.top + 10}>{layout.phaseMark.label}</text>
          </g>
        )}
        {overlay && layout.lines.slice(runs.length).map((l, i) => (
          <g key={l.id} style={{ stroke: seriesVar(overlay.runs[i].estimator) }} className="run-line recorded-overlay" data-testid="recorded-overlay">
            {l.smoothPieces.map((d, k) => <path key={k} d={d} className="smooth" />)}
          </g>
        ))}
        {layout.lines.slice(0, runs.length).map((l, i) => (
          // one <path> per piece: appending an iteration rewrites the last piece's path only (curves-layout.ts)
          <g key={l.id} style={{ stroke: seriesVar(runs[i].estimator) }} className={`run-line dash-${i}`}>
            {l.rawPieces.map((d, k) => <path key={`r${k}`} d={d} className="raw" />)}
            {l.smoothPieces.map((d, k) => <path key={`s${k}`} d={d} className="smooth" />)}
          </g>
        ))}
        {hover !== null && <line x1={layout.xAt(hover)} x2={layout.xAt(hover)} y1={layout.plot.top} y2={layout.plot.bottom} className="hover-rule" />}
      </svg>
      <p className="hover-line">{hover === null ? '\u00a0' : `iteration ${hover}: ${values.join(' · ')}`}</p>
    </figure>
  );
});

/** While training, the curves redraw at most this often. */
export const CURVES_REFRESH_MS = 2000;

/** Small multiples, one line per run (colour by estimator, dash by run), hover shared across panels. */
export function TrainingCurves() {
  const training = useRunStore((s) => s.training);
  const [runs, section] = useWhileVisible(useThrottled(useRunStore((s) => s.runs), training ? CURVES_REFRESH_MS : 0));
  const sftEpisodes = useRunStore((s) => s.startedWith?.run.sftEpisodes ?? 0);
  const recording = useRecordingStore((s) => s.recording);
  const startedWith = useRunStore((s) => s.startedWith);
  const overlay = useMemo(() => recordedOverlay(recording, startedWith, runs), [recording, startedWith, runs]);
  const [hover, setHover] = useState<number | null>(null);
  const legend = useRef<HTMLParagraphElement>(null);
  const { ref, width } = useWidth(1000);
  const columns = width >= 1100 ? 4 : width >= 760 ? 3 : width >= 480 ? 2 : 1;
  const panelWidth = Math.floor((width - (columns - 1) * 12) / columns);
  return (
    <section aria-label="Training curves" className="training-curves" ref={section} data-control="curves">
      <h3>Training curves</h3>
      <p className="legend" ref={legend}>
        {runs.map((r, i) => (
          <span key={r.id}><svg width="24" height="8" aria-hidden="true"><line x1="0" x2="24" y1="4" y2="4" className={`legend-line dash-${i}`} style={{ stroke: seriesVar(r.estimator) }} /></svg> {estimatorLabel(r.estimator)}</span>
        ))}
        <span><svg width="24" height="8" aria-hidden="true"><line x1="0" x2="24" y1="4" y2="4" className="reference" /></svg> oracle T* (turns panel)</span>
        {sftEpisodes > 0 && (
          <span className="phase-note">{SFT_PHASE_LABEL}: RL starts from a warm start cloned from {sftEpisodes} oracle demonstrations (the same for every run); iteration 1 is its success</span>
        )}
        {overlay && (
          <span><svg width="24" height="8" aria-hidden="true"><line x1="0" x2="24" y1="4" y2="4" className="legend-line recorded-overlay" /></svg> the recording (pale, long dashes)</span>
        )}
        <span className="muted">faint: raw · bold: smoothed · x axis: iteration k</span>
      </p>
      {overlay && (
        <p className="recorded-differs" data-testid="recorded-differs">
          The pale long-dashed lines are the recording, trained ahead of time with these very settings and seed
          on {overlay.trainedOn}. This live run uses {runs[0]?.backend ?? 'this browser\'s backend'} in this browser:
          another backend adds and multiplies its floats in a different order, so after a few iterations a sampled
          token flips, the rollouts part ways, and the live curves can tell a different story than the recording.
        </p>
      )}
      <div className="curve-grid" ref={ref}>
        {PANELS.map((p) => <CurvePanel key={p.key} panel={p} runs={runs} width={panelWidth} hover={hover} onHover={setHover} legend={legend} warmStart={sftEpisodes > 0} overlay={overlay} />)}
      </div>
    </section>
  );
}
