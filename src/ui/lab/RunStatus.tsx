import { memo, useMemo } from 'react';
import { seriesVar } from '../palette';
import { useConfigStore } from '../../state/config-store';
import { useRunStore, type RunTelemetry } from '../../state/run-store';
import { estimatorLabel } from '../../core/advantage/registry';
import { useBackendStore } from '../../state/backend-store';
import { slowEstimate } from '../classroom/SlowBackendNote';

const STATUS_WORDS: Record<RunTelemetry['status'], string> = {
  starting: 'starting', ready: 'ready', running: 'training', paused: 'paused', finished: 'finished', failed: 'failed',
};

/** One run's line; memoised, so a report re-renders only its own run's line. */
const RunLine = memo(function RunLine({ run, total, shownNotice }: { run: RunTelemetry; total: number; shownNotice: string | null }) {
  const slow = run.status === 'running' ? slowEstimate(run.itersPerSecond, run.iteration, total) : null;
  // the backend's own notice is already in the status bar: say it once
  const notice = run.notice && shownNotice ? run.notice.split('; ').filter((n) => n !== shownNotice).join('; ') || null : run.notice;
  return (
    <li data-testid="run-status" data-estimator={run.estimator} data-iteration={run.iteration} data-status={run.status}
      data-backend={run.backend ?? ''} data-fingerprint={run.fingerprint ?? ''} data-metrics-fingerprint={run.metricsFingerprint ?? ''}>
      <span className="swatch" style={{ background: seriesVar(run.estimator) }} aria-hidden="true" />
      <strong>{estimatorLabel(run.estimator)}</strong> · {STATUS_WORDS[run.status]}
      {run.backend && <> · {run.backend}</>}
      {' '}· iteration {run.iteration}/{total}
      {run.itersPerSecond !== null && <> · {run.itersPerSecond.toFixed(2)} it/s</>}
      {run.fingerprint && <> · <span title="Fingerprint of iteration 1's rollout groups: the same link on the same backend gives the same one">rollouts #{run.fingerprint}</span></>}
      {slow && <span className="notice" data-testid="slow-estimate"> · {slow}</span>}
      {notice && <span className="notice"> · {notice}</span>}
      {run.error && <span className="error" role="alert"> · {run.error}</span>}
    </li>
  );
});

/** One line per run: backend, iteration, iterations per second; and a note when settings changed. */
export function RunStatus() {
  const runs = useRunStore((s) => s.runs);
  const startedWith = useRunStore((s) => s.startedWith);
  const config = useConfigStore((s) => s.config);
  const shownNotice = useBackendStore((s) => s.info?.notice ?? null);
  const stale = useMemo(() => startedWith !== null && JSON.stringify(startedWith) !== JSON.stringify(config), [startedWith, config]);
  if (runs.length === 0) {
    return <p className="run-status-empty">No runs yet. <strong>Train</strong> or <strong>Step</strong> starts one run per estimator, from the same weights and tasks.</p>;
  }
  return (
    <div className="run-status" aria-label="Runs">
      <ul>{runs.map((r) => <RunLine key={r.id} run={r} total={startedWith?.run.iterations ?? 0} shownNotice={shownNotice} />)}</ul>
      {stale && <p role="status" className="notice">Settings changed since these runs started: press Reset to apply them.</p>}
    </div>
  );
}
