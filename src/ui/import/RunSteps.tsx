import { memo } from 'react';
import { hasStepFiles, openRunStep, runStepName } from '../../app/run-folder';
import { reopenRunFolder } from '../../app/reopen-import';
import type { StepSummaryRow } from '../../core/run/step-summary';
import { useImportStore } from '../../state/import-store';
import { useRunStore, type RunStepEntry } from '../../state/run-folder-store';
import { useStagedCount } from '../use-staged-count';

const size = (bytes: number | null) => (bytes === null ? '…' : bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`);
const pct = (x: number) => `${Math.round(x * 100)}%`;
const num = (x: number | null, digits = 2) => (x === null ? '–' : x.toFixed(digits));
const stepLabel = (step: number | null) => (step === null ? 'no step' : `step ${step}`);

/**
 * A step's Open button. While a step is read the others refuse a click (the table says it is busy)
 * rather than each being disabled: toggling hundreds of buttons restyled every row twice per open.
 */
function OpenStep({ k, label, open }: { k: number; label: string; open: boolean }) {
  const available = hasStepFiles(k);
  const onClick = () => { if (useImportStore.getState().status !== 'reading') void openRunStep(k); };
  return (
    <button type="button" disabled={open || !available} title={available ? undefined : 're-open the folder to open this step'} aria-label={`Open ${label}`} onClick={onClick}>
      {open ? 'open' : 'Open'}
    </button>
  );
}

/** One step's row; memoised, so a posted overview row re-renders its own row only (a run has hundreds). */
const StepRow = memo(function StepRow({ k, entry, row, open }: { k: number; entry: RunStepEntry; row: StepSummaryRow | undefined; open: boolean }) {
  return (
    <tr role="row" data-step={entry.step ?? ''} data-summarised={row ? 'true' : 'false'} aria-current={open ? 'true' : undefined} className={open ? 'run-step-open' : undefined}>
      <th role="rowheader" scope="row">{stepLabel(entry.step)}</th>
      <td role="cell"><OpenStep k={k} label={stepLabel(entry.step)} open={open} /></td>
      <td role="cell">{entry.files}{entry.ranks > 1 ? ` (${entry.ranks} ranks)` : ''}</td>
      <td role="cell">{size(entry.bytes)}</td>
      {row ? (
        <>
          <td role="cell" data-col="groups">{row.groups}</td>
          <td role="cell">{row.trajectories}</td>
          <td role="cell">{pct(row.successRate)}</td>
          <td role="cell" title="groups whose rewards are all equal: GRPO's advantage is 0 there">{pct(row.zeroGrpoFraction)}</td>
          <td role="cell">{num(row.successTurnsSpread)}</td>
          <td role="cell">{num(row.responseTokensSpread, 1)}</td>
          <td role="cell">{row.problems}</td>
        </>
      ) : (
        <td role="cell" colSpan={7} className="muted run-steps-pending">summarising…</td>
      )}
    </tr>
  );
});

const COLUMNS = ['Step', 'Open', 'Files', 'Size', 'Groups', 'Trajectories', 'Success', 'All equal', 'T spread', 'L spread', 'Problems'];

/** Rows drawn per frame when a run is listed: its first screenful at once, the rest a frame at a time. */
export const ROWS_PER_STAGE = 40;

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
  const stages = useStagedCount(Math.ceil(steps.length / ROWS_PER_STAGE), `${name}:${steps.length}`);
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
        {/* Rows are grids with content-visibility: only the rows in view are styled and laid out.
            Explicit roles keep the table's semantics, which a changed display would drop. */}
        <table role="table" className="run-steps-table" aria-describedby="run-steps-help" aria-busy={busy}>
          <caption className="sr-only">Steps of run {name}</caption>
          <thead role="rowgroup">
            <tr role="row">{COLUMNS.map((c) => <th key={c} role="columnheader" scope="col">{c === 'Open' ? <span className="sr-only">Open</span> : c}</th>)}</tr>
          </thead>
          <tbody role="rowgroup">
            {steps.slice(0, stages * ROWS_PER_STAGE).map((entry, k) => <StepRow key={`${entry.step}-${k}`} k={k} entry={entry} row={byStep.get(entry.step)} open={openK === k} />)}
          </tbody>
        </table>
      </div>
    </section>
  );
}
