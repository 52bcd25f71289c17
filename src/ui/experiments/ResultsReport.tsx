import { useMemo } from 'react';
import { experimentFigures } from '../../core/experiments/figures';
import { getExperiment, isExperimentId } from '../../core/experiments/registry';
import { figureLayout } from '../../core/experiments/report';
import type { ExperimentResults } from '../../core/experiments/results';
import { formatDuration } from '../../core/experiments/runner';
import { experimentTables } from '../../core/experiments/tables';
import { ExperimentChart } from './ExperimentChart';
import { ReportTable } from './ReportTable';

/** What report.md shows, for one results file: provenance, the claim, sizes, tables and figures. */
export function ResultsReport({ results, label }: { results: ExperimentResults; label: string }) {
  const { tables, figures } = useMemo(() => ({
    tables: experimentTables(results),
    figures: experimentFigures(results).map((f) => ({ file: f.file, caption: f.caption, layout: figureLayout(f) })),
  }), [results]);
  const p = results.provenance;
  const s = results.sizes;
  const def = isExperimentId(results.experiment) ? getExperiment(results.experiment) : null;
  const claim = def?.claim ?? '';
  return (
    <section className="exp-report" aria-label={label}>
      <h3>{results.title}</h3>
      {claim && <p className="exp-claim">{def?.claimLabel ?? 'Paper claim'}: {claim}</p>}
      <p className="exp-provenance" data-testid="exp-provenance">
        Produced by <code>{p.command}</code> at commit <code>{p.commit ?? 'unknown'}</code> on {p.date} · Rollout Lab {p.packageVersion}, TensorFlow.js {p.tfjsVersion}, backend {p.backend} · wall time {formatDuration(results.wallMs)}
      </p>
      <p className="muted">
        {s.seeds} seed{s.seeds === 1 ? '' : 's'}, {s.iterations} iterations of {s.tasksPerIteration} tasks × {s.groupSize} members, {results.runs.length} runs on {results.envs.join(', ')}.
        Intervals are 95% Student-t confidence intervals over seeds (wide with few seeds).
      </p>
      {tables.map((t) => <ReportTable key={t.id} table={t} />)}
      <div className="exp-charts">
        {figures.map((f) => <ExperimentChart key={f.file} layout={f.layout} caption={f.caption} />)}
      </div>
    </section>
  );
}
