import { exportRun } from '../../app/run-export';
import { useRunStore } from '../../state/run-store';

/** Beside the runs: download their kept iterations as rollouts.v1 (opens in "Your rollouts" and in the CLI). */
export function ExportRunButton() {
  const runs = useRunStore((s) => s.runs);
  const ready = runs.filter((r) => Object.keys(r.groups).length > 0);
  if (ready.length === 0) return null;
  return (
    <span className="export-run">
      {ready.map((r) => (
        <button key={r.id} type="button" title="The iterations the lab keeps (the first and the latest 30), every estimator's advantages"
          onClick={() => exportRun(r.id)}>
          Export {r.estimator} run as rollouts.v1
        </button>
      ))}
    </span>
  );
}
