import { memo } from 'react';
import { hasStepFiles, openRunStep, runStepName } from '../../app/run-folder';
import { reopenRunFolder } from '../../app/reopen-import';
import type { StepSummaryRow } from '../../core/run/step-summary';
import { useImportStore } from '../../state/import-store';
import { useRunStore, type RunStepEntry } from '../../state/run-folder-store';

const size = (bytes: number | null) => (bytes === null ? '…' : bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`);
const pct = (x: number) => `${Math.round(x * 100)}%`;
const num = (x: number | null, digits = 2) => (x === null ? '–' : x.toFixed(digits));
const stepLabel = (step: number | null) => (step === null ? 'no step' : `step ${step}`);

/** One step's row; memoised, so a posted overview row re-renders its own row only (a run has hundreds). */
const StepRow = memo(function StepRow({ k, entry, row, open, busy }: { k: number; entry: RunStepEntry; row: StepSummaryRow | undefined; open: boolean; busy: boolean }) {
  return (
    <tr data-step={entry.step ?? ''} data-summarised={row ? 'true' : 'false'} aria-current={open ? 'true' : undefined} className={open ? 'run-step-open' : undefined}>
      <th scope="row">{stepLabel(entry.step)}</th>
      <td>
        <button type="button" disabled={busy || open || !hasStepFiles(k)} aria-label={`Open ${stepLabel(entry.step)}`} onClick={() => void openRunStep(k)}>{open ? 'open' : 'Open'}</button>
      </td>
      <td>{entry.files}{entry.ranks > 1 ? ` (${entry.ranks} ranks)` : ''}</td>
      <td>{size(entry.bytes)}</td>
      {row ? (
        <>
          <td data-col="groups">{row.groups}</td>
          <td>{row.trajectories}</td>
          <td>{pct(row.successRate)}</td>
          <td title="groups whose rewards are all equal: GRPO's advantage is 0 there">{pct(row.zeroGrpoFraction)}</td>
          <td>{num(row.successTurnsSpread)}</td>
          <td>{num(row.responseTokensSpread, 1)}</td>
          <td>{row.problems}</td>
        </>
      ) : (
        <td colSpan={7} className="muted">summarising…</td>
      )}
    </tr>
  );
});

/** A training run's folder: its steps at once, the overview filling in step by step, a step opened on demand. */
export function RunSteps() {
  const name = useRunStore((s) => s.name);
  const steps = useRunStore((s) => s.steps);
  const rows = useRunStore((s) => s.rows);
  const files = useRunStore((s) => s.files);
  const bytes = useRunStore((s) => s.bytes);
  const overview = useRunStore((s) => s.overview);
  const overviewError = useRunStore((s) => s.overviewError);
  const opened = useRunStore((s) => s.opened);
  const withoutFolder = useRunStore((s) => s.withoutFolder);
  const fileName = useImportStore((s) => s.fileName);
  const busy = useImportStore((s) => s.status === 'reading');
  if (name === null) return null;
  const byStep = new Map(rows.map((r) => [r.step, r]));
  const done = steps.filter((s) => byStep.has(s.step)).length;
  const openK = opened !== null && runStepName(opened) === fileName ? opened : null;
  const named = steps.filter((s) => s.step !== null);
  return (
    <section aria-label="Training run" className="run-steps" data-testid="run-steps" data-overview={overview}>
      <h3>Run {name}</h3>
      <p>
        {named.length} training steps ({named[0]?.step}–{named.at(-1)?.step}) · {files} files · {size(bytes)} ·{' '}
        <span data-testid="run-overview-status">
          {overview === 'streaming' ? `overview: ${done} of ${steps.length} steps summarised` : overview === 'done' ? `overview of all ${steps.length} steps` : overview === 'failed' ? `overview stopped: ${overviewError}` : 'overview stopped'}
        </span>
      </p>
      {withoutFolder && (
        <p className="note" data-testid="run-without-folder">
          Kept from your last visit: the step that was open and the overview. Re-open the folder to see every step.{' '}
          {withoutFolder.reopen !== null && <button type="button" onClick={() => void reopenRunFolder()}>Re-open {withoutFolder.reopen}</button>}
        </p>
      )}
      <p className="muted" id="run-steps-help">Per training step: groups, trajectories, success rate, share of groups whose rewards are all equal (no GRPO gradient), mean std of T among successes, mean std of L among successful responses, problems. Open a step to see its groups.</p>
      <div className="table-scroll">
        <table className="run-steps-table" aria-describedby="run-steps-help">
          <caption className="sr-only">Steps of run {name}</caption>
          <thead>
            <tr><th scope="col">Step</th><th scope="col"><span className="sr-only">Open</span></th><th scope="col">Files</th><th scope="col">Size</th><th scope="col">Groups</th><th scope="col">Trajectories</th><th scope="col">Success</th><th scope="col">All equal</th><th scope="col">T spread</th><th scope="col">L spread</th><th scope="col">Problems</th></tr>
          </thead>
          <tbody>
            {steps.map((entry, k) => <StepRow key={`${entry.step}-${k}`} k={k} entry={entry} row={byStep.get(entry.step)} open={openK === k} busy={busy} />)}
          </tbody>
        </table>
      </div>
    </section>
  );
}
