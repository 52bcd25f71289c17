import { useState } from 'react';
import { runCheckpoint } from '../../app/run-client';
import { downloadMetricsCsv, downloadMetricsJson, downloadRunFile } from '../../app/export/run-export';
import { exportRun as exportRollouts } from '../../app/export/rollouts-export';
import { useRunStore, type RunTelemetry } from '../../state/run-store';
import { estimatorLabel } from '../../core/advantage/registry';

/**
 * Per run: its metrics as CSV or JSON, the whole run (config, metrics, checkpoint, reports) as a .rlrun file, and
 * its kept rollout groups as rollouts.v1 (they open in "Your rollouts" and in the CLI).
 */
export function RunExports() {
  const runs = useRunStore((s) => s.runs);
  const lab = useRunStore((s) => s.startedWith);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  if (runs.length === 0 || !lab) return null;
  const exportRun = async (run: RunTelemetry) => {
    setBusy(run.id);
    setMessage(null);
    try {
      const checkpoint = await runCheckpoint(run.id);
      const saved = downloadRunFile(useRunStore.getState().runs.find((r) => r.id === run.id) ?? run, lab, checkpoint);
      setMessage(checkpoint
        ? `Saved ${estimatorLabel(run.estimator)} at iteration ${checkpoint.iteration} (${saved.metrics.length} iterations of metrics, ${saved.reports.length} reports).`
        : `Saved ${estimatorLabel(run.estimator)} without a checkpoint (its worker has none): the curves open, training cannot resume.`);
    } catch (error) {
      setMessage(`Could not export the run: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="run-exports" role="group" aria-label="Export results">
      <span className="muted">Export:</span>
      {runs.map((run) => {
        const name = estimatorLabel(run.estimator);
        const none = run.metrics.length === 0;
        return (
          <span key={run.id} className="run-export">
            <strong>{name}</strong>
            <button type="button" disabled={none} onClick={() => downloadMetricsCsv(run, lab)} aria-label={`Download ${name} metrics as CSV`}>CSV</button>
            <button type="button" disabled={none} onClick={() => downloadMetricsJson(run, lab)} aria-label={`Download ${name} metrics as JSON`}>JSON</button>
            <button type="button" disabled={busy !== null || run.status === 'failed'} onClick={() => void exportRun(run)}
              aria-label={`Run file: export ${name} run`} title="Config, metrics, checkpoint and reports as one .rlrun file (while training: as of the latest checkpoint)">
              Run file
            </button>
            <button type="button" disabled={Object.keys(run.groups).length === 0} onClick={() => exportRollouts(run.id)}
              aria-label={`Download ${name} groups as rollouts.v1`}
              title="The iterations the lab keeps (the first and the latest 30), every estimator's advantages; opens in Your rollouts">
              rollouts.v1
            </button>
          </span>
        );
      })}
      {message && <span role="status" className="run-export-message">{message}</span>}
    </div>
  );
}
