import { downloadProblemReport } from '../../app/import-client';
import { describeProblems } from '../../core/io/import/problems';
import { useImportStore } from '../../state/import-store';

const TOKEN_WORDS = {
  file: 'from the file (turns[].response_tokens)',
  estimated: 'estimated from the response text with a BPE tokenizer (GPT-4o’s o200k_base; the file has no token counts and the run’s own tokenizer is unknown, so counts are approximate)',
  mixed: 'from the file where present, otherwise estimated from the response text with a BPE tokenizer (o200k_base; approximate)',
};

/** What was read: counts, facets, the adapter, token source and the skipped lines. */
export function ImportSummaryPanel() {
  const summary = useImportStore((s) => s.summary);
  const seconds = useImportStore((s) => s.seconds);
  const gzip = useImportStore((s) => s.gzip);
  if (!summary) return null;
  const shown = summary.problems.length;
  return (
    <section aria-label="Import summary" className="import-summary" data-testid="import-summary"
      data-trajectories={summary.trajectories} data-groups={summary.groups} data-problems={summary.problemCount} data-skipped-lines={summary.skippedLines}
      data-seconds={seconds?.total ?? ''} data-read-seconds={seconds?.read ?? ''}>
      <h2>{summary.fileName}</h2>
      <p>
        <strong>{summary.trajectories}</strong> trajectories in <strong>{summary.groups}</strong> groups ·
        read by the <strong data-testid="import-adapter">{summary.adapterLabel}</strong> ({summary.format}{gzip ? ', gzip' : ''})
        {seconds !== null && <> · read in {seconds.read.toFixed(2)} s, grouped in {(seconds.total - seconds.read).toFixed(2)} s</>}
        {!summary.readOnly && summary.scoredGroups < summary.groups && <> · <span data-testid="scoring-status">scored by every estimator: {summary.scoredGroups} of {summary.groups} groups so far</span></>}
        {summary.readOnly && <> · <strong>read only</strong>: the file carries no reward, so nothing is scored</>}
      </p>
      <dl className="import-facets">
        <dt>Training steps</dt><dd>{summary.steps.length > 0 ? `${summary.steps.length} (${summary.steps[0]}–${summary.steps.at(-1)})` : 'none recorded'}</dd>
        <dt>Environments</dt><dd>{summary.environments.join(', ') || '–'}</dd>
        <dt>Task types</dt><dd>{summary.taskTypes.join(', ') || 'none recorded'}</dd>
        <dt>Response lengths L<sub>i,t</sub></dt><dd data-testid="token-source">{TOKEN_WORDS[summary.tokenCounts]}</dd>
      </dl>
      {summary.notes.map((n) => <p key={n} className="note">{n}</p>)}
      {summary.problemCount > 0 ? (
        <details className="import-problems" open={summary.problemCount <= 10}>
          <summary data-testid="problem-count">
            {describeProblems({ skippedLines: summary.skippedLines, problemCount: summary.problemCount, listed: shown })}; every good line was kept
          </summary>
          <button type="button" onClick={() => void downloadProblemReport()}>Download the problem report</button>
          <ol className="problem-list">
            {summary.problems.map((p, k) => <li key={k}><span className="line-no">{p.line !== null ? `line ${p.line}` : 'file'}</span> {p.reason}</li>)}
          </ol>
        </details>
      ) : <p className="muted" data-testid="problem-count">No problems: every line was read.</p>}
    </section>
  );
}
