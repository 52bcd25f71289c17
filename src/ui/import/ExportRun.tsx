import { exportRun } from '../../app/run-export';
import { useRunStore } from '../../state/run-store';
import { estimatorLabel } from '../group/advantage-lanes';

/** Beside the runs: download their kept iterations as rollouts.v1 (opens in "Your rollouts" and in the CLI). */
export function ExportRunButton() {
  const runs = useRunStore((s) => s.runs);
  const ready = runs.filter((r) => Object.keys(r.groups).length > 0);
  if (ready.length === 0) return null;
  return (
    <span className="export-run" role="group" aria-label="Rollout groups as rollouts.v1">
      <span className="muted">Groups as rollouts.v1:</span>
      {ready.map((r) => (
        <button key={r.id} type="button" title="The iterations the lab keeps (the first and the latest 30), every estimator's advantages; opens in Your rollouts"
          aria-label={`Download ${estimatorLabel(r.estimator)} groups as rollouts.v1`} onClick={() => exportRun(r.id)}>
          {estimatorLabel(r.estimator)}
        </button>
      ))}
    </span>
  );
}
