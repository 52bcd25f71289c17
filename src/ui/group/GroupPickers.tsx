import { useShallow } from 'zustand/react/shallow';
import { useRunStore } from '../../state/run-store';
import { useViewStore, viewEvents, type SortKey } from '../../state/view-store';
import { estimatorLabel } from '../../core/advantage/registry';
import { EXAMPLE_ID, type Selection } from './selection';

/** Run, iteration, task and sort order of the group view. */
export function GroupPickers({ selection }: { selection: Selection }) {
  // the runs' ids and estimators only: a report (new telemetry, same runs) does not re-render the pickers
  const runs = useRunStore(useShallow((s) => s.runs.map((r) => `${r.id}\u0000${r.estimator}`)))
    .map((key) => { const [id, estimator] = key.split('\u0000'); return { id, estimator }; });
  const hasExample = useRunStore((s) => s.example !== null);
  const sortBy = useViewStore((s) => s.sortBy);
  const sortEstimator = useViewStore((s) => s.sortEstimator);
  const followLatest = useViewStore((s) => s.iteration === null);
  const runValue = selection.source === 'example' ? EXAMPLE_ID : selection.run?.id ?? '';
  const sortValue = sortBy === 'advantage' ? `advantage:${sortEstimator ?? selection.estimators[0]}` : sortBy;
  const chooseSort = (v: string) => {
    const [key, est] = v.split(':');
    viewEvents.sortChosen(key as SortKey, est ?? null);
  };
  const latest = selection.iterations.at(-1);
  return (
    <div className="group-pickers">
      <span className="picker"><label htmlFor="pick-run">Run</label>
        <select id="pick-run" value={runValue} onChange={(e) => viewEvents.runSelected(e.target.value)}>
          {runs.map((r) => <option key={r.id} value={r.id}>{estimatorLabel(r.estimator)} run</option>)}
          {hasExample && <option value={EXAMPLE_ID}>Worked example (constructed)</option>}
        </select>
      </span>
      {selection.source === 'run' && (
        <span className="picker"><label htmlFor="pick-iteration">Iteration</label>
          <select id="pick-iteration" value={followLatest ? 'latest' : String(selection.iteration)}
            onChange={(e) => viewEvents.iterationPicked(e.target.value === 'latest' ? null : Number(e.target.value))}>
            <option value="latest">latest{latest !== undefined ? ` (${latest})` : ''}</option>
            {[...selection.iterations].reverse().map((k) => <option key={k} value={k}>{k}</option>)}
          </select>
        </span>
      )}
      {selection.groups.length > 1 && (
        <span className="picker"><label htmlFor="pick-task">Task</label>
          <select id="pick-task" value={selection.groupIndex} onChange={(e) => viewEvents.groupPicked(Number(e.target.value))}>
            {selection.groups.map((g, b) => (
              <option key={b} value={b}>{b + 1}: {g[0]?.task.instruction ?? g[0]?.task.task_id}</option>
            ))}
          </select>
        </span>
      )}
      <span className="picker"><label htmlFor="pick-sort">Sort trajectories by</label>
        <select id="pick-sort" value={sortValue} onChange={(e) => chooseSort(e.target.value)}>
          <option value="member">sample order</option>
          <option value="length">length (T)</option>
          {selection.estimators.map((id) => <option key={id} value={`advantage:${id}`}>advantage ({estimatorLabel(id)})</option>)}
        </select>
      </span>
    </div>
  );
}
