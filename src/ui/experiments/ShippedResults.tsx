import { useEffect, useId } from 'react';
import { loadShipped, showShipped } from '../../app/experiments-client';
import { useExperimentsStore } from '../../state/experiments-store';
import { ResultsReport } from './ResultsReport';

/** Results produced by the CLI and shipped with the app: shown instantly, labelled with their provenance. */
export function ShippedResults() {
  const status = useExperimentsStore((s) => s.shipped.status);
  const entries = useExperimentsStore((s) => s.shipped.entries);
  const error = useExperimentsStore((s) => s.shipped.error);
  const selected = useExperimentsStore((s) => s.selectedFile);
  const results = useExperimentsStore((s) => (s.selectedFile ? s.shipped.results[s.selectedFile] : undefined));
  const id = useId();
  useEffect(() => {
    void loadShipped();
  }, []);
  return (
    <section className="exp-panel" aria-labelledby="exp-shipped-heading">
      <h2 id="exp-shipped-heading">Results from the command line</h2>
      <p className="muted">
        Produced with <code>npm run -s cli -- experiment NAME</code> and shipped with the app, so they show at once.
      </p>
      {status === 'loading' && <p>Loading shipped results…</p>}
      {error && <p className="notice" role="alert">Could not load shipped results: {error}</p>}
      {status === 'ready' && entries.length === 0 && <p>No results are shipped with this build.</p>}
      {entries.length > 0 && (
        <p className="exp-field">
          <label htmlFor={`${id}-file`}>Shipped experiment</label>{' '}
          <select id={`${id}-file`} value={selected ?? ''} onChange={(e) => void showShipped(e.target.value)}>
            {entries.map((e) => <option key={e.file} value={e.file}>{e.title} ({e.file})</option>)}
          </select>
        </p>
      )}
      {results && <ResultsReport results={results} label="Shipped results" />}
    </section>
  );
}
