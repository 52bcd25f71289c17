import { proxy } from 'comlink';
import { useState } from 'react';
import { cancelConcept, runConcept } from '../../../app/concepts-client';
import type { SearchResults } from '../../../core/search';
import { IDLE_RUN, useConceptsStore } from '../../../state/concepts-store';
import { RunProgress } from '../RunProgress';
import { SearchFigures } from './SearchFigures';
import { BROWSER_CONFIG, browserStudy } from './browser-config';

const ID = 'best-of-n';


function Field({ label, value, min, max, onChange }: { label: string; value: number; min: number; max: number; onChange: (v: number) => void }) {
  return (
    <label className="concept-field">
      {label}{' '}
      <input type="number" value={value} min={min} max={max} onChange={(e) => onChange(Math.min(max, Math.max(min, Math.round(Number(e.target.value) || min))))} />
    </label>
  );
}

/** The same study as the CLI, at a browser size, in a concepts worker. */
export function BrowserRun() {
  const run = useConceptsStore((s) => s.runs[ID]) ?? IDLE_RUN;
  const [samples, setSamples] = useState(8);
  const [tasks, setTasks] = useState(3);
  const [iterations, setIterations] = useState(4);
  const start = () => {
    const options = browserStudy(samples, tasks, iterations);
    const total = iterations + 2 * options.splits.length;
    void runConcept<SearchResults>(ID, total, async (api, progress) => {
      let done = 0;
      return api.bestOfN(BROWSER_CONFIG, options, proxy((event, results) => {
        done += 1;
        const text = event.kind === 'iteration'
          ? `trained iteration ${event.iteration.iteration}`
          : `searched ${event.samples.split} tasks at iteration ${event.samples.iteration}`;
        progress(done, text, results);
      }));
    });
  };
  const data = run.data as SearchResults | null;
  return (
    <section className="concept-run" aria-labelledby="bon-run-title">
      <h3 id="bon-run-title">Run it in this browser</h3>
      <p className="concept-note" data-text="true">
        A tiny version of the same study (household, 5 receptacles, 8-turn cap, GRPO with B = 2, G = 4): search the initial
        policy, train, search again, on seen and unseen tasks. The policy really samples and trains in a worker.
      </p>
      <div className="concept-controls">
        <Field label="Samples per task (n)" value={samples} min={1} max={32} onChange={setSamples} />
        <Field label="Tasks per split" value={tasks} min={1} max={8} onChange={setTasks} />
        <Field label="Training iterations" value={iterations} min={1} max={40} onChange={setIterations} />
        <button type="button" className="primary" onClick={start} disabled={run.status === 'running'}>Run best-of-N</button>
        {run.status === 'running' && <button type="button" onClick={() => cancelConcept(ID)}>Stop</button>}
      </div>
      <RunProgress run={run} label="Best-of-N progress" />
      {data && data.samples.length > 0 && <SearchFigures results={data} source="this browser" />}
    </section>
  );
}
