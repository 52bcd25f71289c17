import type { ConceptRun } from '../../state/concepts-store';

/** A concept run's progress bar and status line (shared by every concept's browser run). */
export function RunProgress({ run, label }: { run: ConceptRun; label: string }) {
  if (run.status === 'idle') return null;
  return (
    <div className="concept-progress">
      <progress aria-label={label} max={Math.max(1, run.total)} value={run.done} data-done={run.done} />
      <span data-testid="concept-progress-text" role="status">
        {run.status === 'failed' ? `failed: ${run.error}` : `${run.done} / ${run.total} · ${run.message}`}
      </span>
    </div>
  );
}
