import '../../experiments/experiments.css';
import { useEffect, useMemo } from 'react';
import { brittlenessChart, gapText, SPLIT_SOURCES, type SplitRow, type SplitValue } from '../../../core/brittleness';
import { loadShippedConcept } from '../../../app/concepts-client';
import { useConceptsStore } from '../../../state/concepts-store';
import { ExperimentChart } from '../../experiments/ExperimentChart';
import { shippedUrl } from '../shipped';
const key = (concept: string) => `splits:${concept}`;
const pct = (v: SplitValue) => (v.mean === null ? '–' : `${(v.mean * 100).toFixed(1)} %${v.halfWidth === null ? '' : ` ± ${(v.halfWidth * 100).toFixed(1)}`}`);

/** Seen vs unseen for every concept with a split, read from the results files the CLI commands wrote. */
export function BrittlenessConcept() {
  const shipped = useConceptsStore((s) => s.shipped);
  useEffect(() => {
    for (const source of SPLIT_SOURCES) {
      const url = shippedUrl(source.file);
      if (url) void loadShippedConcept(key(source.concept), url, source.rows);
    }
  }, []);
  const rows = useMemo(() => SPLIT_SOURCES.flatMap((s) => (shipped[key(s.concept)]?.data as SplitRow[] | null | undefined) ?? []), [shipped]);
  const problems = SPLIT_SOURCES.filter((s) => !shippedUrl(s.file) || shipped[key(s.concept)]?.status === 'failed');
  const loading = SPLIT_SOURCES.some((s) => shipped[key(s.concept)]?.status === 'loading');
  return (
    <div className="concept-body">
      <section className="concept-shipped" aria-labelledby="brittle-title">
        <h3 id="brittle-title">Seen vs unseen, every concept</h3>
        {loading && <p aria-busy="true">Loading the results files…</p>}
        {rows.length > 0 && (
          <div className="exp-table-wrap">
            <table className="exp-table" data-table="brittleness">
              <caption>Success on fresh tasks of each split; mean ± 95 % interval (over tasks for search, over seeds for experiments).</caption>
              <thead>
                <tr><th scope="col">#</th><th scope="col">Concept</th><th scope="col">Measure</th><th scope="col">Seen</th><th scope="col">Unseen</th><th scope="col">Gap</th></tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={`${r.concept}/${r.measure}`}>
                    <td>{i + 1}</td><th scope="row">{r.concept}</th><td>{r.measure}</td><td>{pct(r.seen)}</td><td>{pct(r.unseen)}</td><td>{gapText(r)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {rows.length > 0 && (
          <div className="exp-charts">
            <ExperimentChart layout={brittlenessChart(rows)} caption="Bars numbered as the table's rows; whiskers are the 95 % intervals." />
          </div>
        )}
        {problems.length > 0 && (
          <ul className="notice">
            {problems.map((s) => <li key={s.concept}>{s.concept}: no results yet ({s.file}); run <code>{s.command}</code></li>)}
          </ul>
        )}
        <p className="concept-note">Sources: {SPLIT_SOURCES.map((s) => s.file).join(', ')}.</p>
      </section>
    </div>
  );
}
