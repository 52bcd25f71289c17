import './reward-concepts.css';
import { layoutLineChart } from '../../../core/experiments/charts/layout';
import type { BranchEvaluation, BranchPoint, BranchSpec } from '../../../core/concepts/branches';
import { REWARD_CONCEPTS, type RewardConceptId } from '../../../core/concepts/reward-concepts';
import { runRewardConcept, type BranchRunData } from '../../../app/concepts-client';
import { IDLE_RUN, useConceptsStore } from '../../../state/concepts-store';
import { ExperimentChart } from '../../experiments/ExperimentChart';
import { conceptResultsFile, parseBranchResults, useShipped } from '../shipped';
import { ShippedNotice } from '../ShippedSection';

function Charts({ id, spec, points, caption }: { id: RewardConceptId; spec: BranchSpec; points: BranchPoint[]; caption: string }) {
  const charts = REWARD_CONCEPTS[id].charts(spec, points);
  return (
    <div className="reward-concept-charts">
      {Object.entries(charts).map(([stem, input]) => (
        <ExperimentChart key={stem} layout={layoutLineChart(input)} caption={caption} />
      ))}
    </div>
  );
}

function Evaluations({ evaluations, label }: { evaluations: BranchEvaluation[]; label: string }) {
  if (evaluations.length === 0) return null;
  return (
    <div className="reward-concept-table">
      <table aria-label={label}>
        <thead><tr><th scope="col">arm</th><th scope="col">split</th><th scope="col">success</th><th scope="col">mean turns</th></tr></thead>
        <tbody>
          {evaluations.map((e) => (
            <tr key={`${e.arm}/${e.split}`}><td>{e.arm}</td><td>{e.split}</td><td>{`${Math.round(e.successRate * 100)} %`}</td><td>{e.meanTurns.toFixed(1)}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A trained reward concept: the documented CLI figure (bundled results.json), and a button that
 * trains the same arms at a tiny size in this browser's worker, drawing the same charts live.
 */
export function BranchConceptPanel({ id }: { id: RewardConceptId }) {
  const concept = REWARD_CONCEPTS[id];
  const file = useShipped(id, conceptResultsFile(id), parseBranchResults);
  const shipped = file.data;
  const run = useConceptsStore((s) => s.runs[id]) ?? IDLE_RUN;
  const points = (run.data as BranchRunData | null)?.points ?? [];
  const browserSpec = concept.spec('browser');
  const total = browserSpec.warmup + browserSpec.arms.length * browserSpec.iterations;
  return (
    <section className="reward-concept" aria-label={`${concept.title}: runs`}>
      <h3>Measured with the CLI</h3>
      {shipped ? (
        <>
          <Charts id={id} spec={shipped.spec} points={shipped.points} caption={`${shipped.command} (${shipped.backend})`} />
          <Evaluations evaluations={shipped.evaluations} label="Evaluation on seen and unseen tasks" />
        </>
      ) : <ShippedNotice status={file.status} error={file.error} />}
      <h3>Train it in this browser</h3>
      <div className="reward-concept-run">
        <button type="button" onClick={() => void runRewardConcept(id)} disabled={run.status === 'running'}>
          {run.status === 'running' ? 'Training…' : 'Train the tiny version here'}
        </button>
        <span role="status" aria-live="polite" data-status={run.status}>
          {run.status === 'idle' && `${total} tiny iterations (G = ${browserSpec.base.groupSize}, B = ${browserSpec.base.tasksPerIteration}, ${browserSpec.base.maxTurns} turns)`}
          {run.status === 'running' && `iteration ${points.length} of ${total} on ${run.backend}`}
          {run.status === 'finished' && `done: ${points.length} iterations on ${run.backend}`}
          {run.status === 'failed' && `failed: ${run.error}`}
        </span>
      </div>
      {points.length > 0 && <Charts id={id} spec={browserSpec} points={points} caption={`this browser (${run.backend})`} />}
      {run.status === 'finished' && points.length > 0 && points.every((p) => p.successRate === 0) && (
        <p className="notice" data-testid="tiny-run-no-success">
          Success stayed at 0 % in this tiny run, as expected at this size: {(browserSpec.base.groupSize ?? 0) * (browserSpec.base.tasksPerIteration ?? 0)} episodes
          of at most {browserSpec.base.maxTurns} turns per iteration, {browserSpec.iterations} iterations per arm, from an untrained policy that
          rarely reaches the goal in so few turns, so no episode earns the goal reward to learn from. The arms can still differ in the
          other measures charted; the CLI run above
          {shipped ? ` (G = ${shipped.spec.base.groupSize}, B = ${shipped.spec.base.tasksPerIteration}, ${shipped.spec.base.maxTurns} turns, ${shipped.spec.iterations} iterations)` : ''} is
          large enough for success to move.
        </p>
      )}
    </section>
  );
}
