import '../reward-runs/reward-concepts.css';
import { useState } from 'react';
import { layoutLineChart } from '../../../core/experiments/charts/layout';
import type { ValueFunctionResult } from '../../../core/concepts/value-function';
import { creditChart, criticFitChart, defaultMember, trajectoryOf, valueVsReturnChart } from '../../../core/concepts/value-figures';
import { runValueFunctionConcept, VALUE_FUNCTION_ID } from '../../../app/concepts-client';
import { IDLE_RUN, useConceptsStore } from '../../../state/concepts-store';
import { ExperimentChart } from '../../experiments/ExperimentChart';
import { conceptResultsFile, parseValueResult, useShipped } from '../shipped';
import { ShippedNotice } from '../ShippedSection';

const f = (x: number) => x.toFixed(2);

/** One group of a PPO run: pick a member, see V(s_t) vs G_t and the critic's credit vs GRPO's. */
function GroupView({ result, caption, name }: { result: ValueFunctionResult; caption: string; name: string }) {
  const [picked, setPicked] = useState<number | null>(null);
  const member = picked ?? defaultMember(result);
  const traj = trajectoryOf(result, member);
  return (
    <div className="reward-concept">
      <p>{`Task "${result.task}", iteration ${result.iteration}: ${result.trajectories.filter((t) => t.success).length} of ${result.trajectories.length} members succeeded.`}</p>
      <label>
        {'Trajectory '}
        <select aria-label={`${name}: trajectory`} value={member} onChange={(e) => setPicked(Number(e.target.value))}>
          {result.trajectories.map((t) => (
            <option key={t.member} value={t.member}>{`member ${t.member}: ${t.success ? 'success' : 'failure'}, ${t.turns.length} turns`}</option>
          ))}
        </select>
      </label>
      {traj && (
        <>
          <div className="reward-concept-charts">
            <ExperimentChart layout={layoutLineChart(valueVsReturnChart(traj))} caption={caption} />
            <ExperimentChart layout={layoutLineChart(creditChart(traj))} caption={caption} />
          </div>
          <div className="reward-concept-table">
            <table aria-label={`${name}: per-turn values and credit`}>
              <thead><tr>{['t', 'action', 'r_t', 'V(s_t)', 'G_t', 'GAE Â_t', 'A_t used', 'GRPO A'].map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
              <tbody>
                {traj.turns.map((t) => (
                  <tr key={t.t}><td>{t.t + 1}</td><td>{t.action}</td><td>{f(t.reward)}</td><td>{f(t.value)}</td><td>{f(t.returnToGo)}</td><td>{f(t.gae)}</td><td>{f(t.advantage)}</td><td>{f(t.grpo)}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {result.history.length > 1 && <ExperimentChart layout={layoutLineChart(criticFitChart(result))} caption={caption} />}
    </div>
  );
}

export function ValueFunctionConcept() {
  const file = useShipped(VALUE_FUNCTION_ID, conceptResultsFile(VALUE_FUNCTION_ID), parseValueResult);
  const shipped = file.data;
  const run = useConceptsStore((s) => s.runs[VALUE_FUNCTION_ID]) ?? IDLE_RUN;
  const result = run.status === 'finished' ? (run.data as ValueFunctionResult | null) : null;
  return (
    <section className="reward-concept" aria-label="The value function: runs">
      <h3>Measured with the CLI</h3>
      {shipped ? <GroupView result={shipped} caption={`${shipped.command} (${shipped.backend})`} name="CLI run" /> : <ShippedNotice status={file.status} error={file.error} />}
      <h3>Train it in this browser</h3>
      <div className="reward-concept-run">
        <button type="button" onClick={() => void runValueFunctionConcept()} disabled={run.status === 'running'}>
          {run.status === 'running' ? 'Training…' : 'Train a tiny PPO run here'}
        </button>
        <span role="status" aria-live="polite" data-status={run.status}>
          {run.status === 'running' && `iteration ${run.done} on ${run.backend}`}
          {run.status === 'finished' && `done on ${run.backend}`}
          {run.status === 'failed' && `failed: ${run.error}`}
        </span>
      </div>
      {result && <GroupView result={result} caption={`this browser (${run.backend})`} name="Browser run" />}
    </section>
  );
}
