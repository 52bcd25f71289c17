import { useId, useState } from 'react';
import { cancelRun, defaultConcurrency, runReduced } from '../../app/experiments-client';
import { SIZE_PRESETS } from '../../core/experiments/plan';
import { EXPERIMENTS, isExperimentId } from '../../core/experiments/registry';
import { formatDuration } from '../../core/experiments/runner';
import { EXPERIMENT_IDS, type ExperimentId } from '../../core/experiments/types';
import { experimentsEvents, useExperimentsStore } from '../../state/experiments-store';
import { ResultsReport } from './ResultsReport';

const reduced = SIZE_PRESETS.reduced;

/** Run one experiment at the reduced size in trainer workers, with a progress bar and an ETA. */
export function RunInBrowser() {
  const experiment = useExperimentsStore((s) => s.local.experiment);
  const status = useExperimentsStore((s) => s.local.status);
  const progress = useExperimentsStore((s) => s.local.progress);
  const results = useExperimentsStore((s) => s.local.results);
  const error = useExperimentsStore((s) => s.local.error);
  const [seeds, setSeeds] = useState(reduced.seeds);
  const [iterations, setIterations] = useState(reduced.iterations);
  const id = useId();
  const running = status === 'running';
  const start = () => void runReduced(experiment, { seeds, iterations });
  const pick = (id: string) => isExperimentId(id) && experimentsEvents.localExperimentSelected(id as ExperimentId);
  return (
    <section className="exp-panel" aria-labelledby="exp-run-heading">
      <h2 id="exp-run-heading">Run in your browser</h2>
      <p className="muted">
        The same experiment definitions at the reduced size ({reduced.tasksPerIteration} tasks × {reduced.groupSize} members per iteration),
        one trainer worker per run, {defaultConcurrency()} at a time. Expect wide intervals: this is a demonstration, not a replication.
      </p>
      <div className="exp-controls">
        <span className="exp-field">
          <label htmlFor={`${id}-experiment`}>Experiment</label>{' '}
          <select id={`${id}-experiment`} value={experiment} disabled={running} onChange={(e) => pick(e.target.value)}>
            {EXPERIMENT_IDS.map((x) => <option key={x} value={x}>{EXPERIMENTS[x].title}</option>)}
          </select>
        </span>
        <span className="exp-field">
          <label htmlFor={`${id}-seeds`}>Seeds</label>{' '}
          <input id={`${id}-seeds`} type="number" min={1} max={5} value={seeds} disabled={running} onChange={(e) => setSeeds(Math.max(1, Math.round(Number(e.target.value) || 1)))} />
        </span>
        <span className="exp-field">
          <label htmlFor={`${id}-iterations`}>Iterations</label>{' '}
          <input id={`${id}-iterations`} type="number" min={1} max={200} value={iterations} disabled={running} onChange={(e) => setIterations(Math.max(1, Math.round(Number(e.target.value) || 1)))} />
        </span>
        <button type="button" className="primary" onClick={start} disabled={running}>Run experiment</button>
        <button type="button" onClick={cancelRun} disabled={!running}>Cancel</button>
      </div>
      <p className="exp-claim">Claim under test: {EXPERIMENTS[experiment].claim}</p>
      {(running || progress) && (
        <div className="exp-progress">
          <progress aria-label="Experiment progress" max={1} value={progress?.fraction ?? 0} data-done-units={progress?.doneUnits ?? 0} />
          <span data-testid="exp-progress-text">
            {Math.round((progress?.fraction ?? 0) * 100)}% · {progress?.runsDone ?? 0}/{progress?.runsTotal ?? '?'} runs
            {progress && ` · ${formatDuration(progress.elapsedMs)} elapsed, ETA ${formatDuration(progress.etaMs)}`}
            {status === 'finished' && ' · finished'}
            {status === 'cancelled' && ' · cancelled'}
          </span>
        </div>
      )}
      {error && <p className="notice" role="alert">The experiment failed: {error}</p>}
      {results && <ResultsReport results={results} label="Results of this browser run" />}
    </section>
  );
}
