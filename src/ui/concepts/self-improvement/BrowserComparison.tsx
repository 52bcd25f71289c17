import { proxy } from 'comlink';
import { useState } from 'react';
import { version as packageVersion } from '../../../../package.json';
import { cancelConcept, runConcept } from '../../../app/concepts-client';
import { planExperiment, planUnits } from '../../../core/experiments/plan';
import type { ExperimentResults } from '../../../core/experiments/results';
import { assembleResults, runPlan, type RunOne } from '../../../core/experiments/runner';
import { IDLE_RUN, useConceptsStore } from '../../../state/concepts-store';
import { ResultsReport } from '../../experiments/ResultsReport';
import { RunProgress } from '../RunProgress';

const ID = 'self-improvement';

/** The experiment at its reduced size, with the person's seeds and iterations, 8 evaluation episodes per split. */
export const browserPlan = (seeds: number, iterations: number) =>
  planExperiment('self-improvement', 'reduced', { seeds, iterations, evalEpisodes: 8 });

function NumberField({ label, value, max, onChange }: { label: string; value: number; max: number; onChange: (v: number) => void }) {
  return (
    <label className="concept-field">
      {label}{' '}
      <input type="number" value={value} min={1} max={max} onChange={(e) => onChange(Math.min(max, Math.max(1, Math.round(Number(e.target.value) || 1))))} />
    </label>
  );
}

/** GRPO, PlanPO and self-improvement trained one after another in a concepts worker, then evaluated. */
export function BrowserComparison() {
  const run = useConceptsStore((s) => s.runs[ID]) ?? IDLE_RUN;
  const [seeds, setSeeds] = useState(1);
  const [iterations, setIterations] = useState(6);
  const start = () => {
    const plan = browserPlan(seeds, iterations);
    void runConcept<ExperimentResults>(ID, planUnits(plan), async (api, progress) => {
      const t0 = performance.now();
      const runOne: RunOne = (spec, hooks) => api.trainRun(spec, proxy(hooks.onIteration), proxy((e) => hooks.onEvaluation?.(e)));
      const runs = await runPlan(plan, runOne, {
        now: () => performance.now(), concurrency: 1,
        onProgress: (p) => progress(p.doneUnits, `${p.event.runId} ${p.event.kind}${p.event.iteration ? ` ${p.event.iteration}` : ''}`),
      });
      const provenance = {
        command: `Concepts view: self-improvement at the reduced size (${seeds} seed${seeds === 1 ? '' : 's'}, ${iterations} iterations)`,
        commit: null, date: new Date().toISOString(), packageVersion, tfjsVersion: 'browser', backend: 'worker', platform: navigator.userAgent,
      };
      return assembleResults(plan, runs, provenance, performance.now() - t0);
    });
  };
  const data = run.status === 'finished' ? (run.data as ExperimentResults | null) : null;
  return (
    <section className="concept-run" aria-labelledby="si-run-title">
      <h3 id="si-run-title">Run it in this browser</h3>
      <p className="concept-note" data-text="true">
        The same three arms at the Experiments page&apos;s reduced size (household, 5 receptacles, 15-turn cap, B = 2, G = 6), one run
        after another in a worker, each evaluated on 8 fresh seen and 8 unseen tasks.
      </p>
      <div className="concept-controls">
        <NumberField label="Seeds" value={seeds} max={3} onChange={setSeeds} />
        <NumberField label="Iterations" value={iterations} max={40} onChange={setIterations} />
        <button type="button" className="primary" onClick={start} disabled={run.status === 'running'}>Run the comparison</button>
        {run.status === 'running' && <button type="button" onClick={() => cancelConcept(ID)}>Stop</button>}
      </div>
      <RunProgress run={run} label="Self-improvement progress" />
      {data && <ResultsReport results={data} label="Comparison in this browser" />}
    </section>
  );
}
