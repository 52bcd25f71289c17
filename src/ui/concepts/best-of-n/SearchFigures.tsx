import '../../experiments/experiments.css';
import { useMemo } from 'react';
// the modules themselves, not core/search's barrel: it re-exports the tfjs trainer, which the page must not load
import { costChart, splitBars, successVsNChart } from '../../../core/search/figures';
import { headlineSentence } from '../../../core/search/report';
import { searchHeadlines } from '../../../core/search/summary';
import type { SearchResults } from '../../../core/search/results';
import { ExperimentChart } from '../../experiments/ExperimentChart';

/** The study's three figures and its headline numbers, from results (shipped or from this browser). */
export function SearchFigures({ results, source }: { results: SearchResults; source: string }) {
  const split = results.options.splits[0];
  const charts = useMemo(() => ({
    n: successVsNChart(results, split),
    cost: costChart(results, split),
    splits: results.options.splits.length > 1 ? splitBars(results) : null,
  }), [results, split]);
  return (
    <div className="concept-figures" data-source={source}>
      <ul className="concept-headlines">
        {searchHeadlines(results).map((h) => <li key={h.split}>{headlineSentence(h)}</li>)}
      </ul>
      <div className="exp-charts">
        <ExperimentChart layout={charts.n} caption={`pass@N (unbiased, from n = ${results.options.samplesPerTask} samples per task), mean over ${results.options.tasks} tasks with 95% band; ${source}.`} />
        <ExperimentChart layout={charts.cost} caption="Episodes sampled before answering one new task: search pays N per task; training pays its episodes once." />
        {charts.splits && <ExperimentChart layout={charts.splits} caption="The out-of-distribution check: the same study on unseen layouts." />}
      </div>
    </div>
  );
}
