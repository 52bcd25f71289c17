import '../../experiments/experiments.css';
import { parseResults } from '../../../core/experiments/results';
import { conceptResultsFile, useShipped } from '../shipped';
import { ResultsReport } from '../../experiments/ResultsReport';
import { BrowserComparison } from './BrowserComparison';
import { ShippedSection } from '../ShippedSection';

/** Self-improvement beside GRPO and PlanPO: the CLI's measured comparison, then the same one run here. */
export function SelfImprovementConcept() {
  const shipped = useShipped('self-improvement', conceptResultsFile('self-improvement'), parseResults);
  const data = shipped.data;
  return (
    <div className="concept-body">
      <ShippedSection id="si" status={shipped.status} error={shipped.error} ready={Boolean(data)}>
        {data && <ResultsReport results={data} label="Comparison by the CLI" />}
      </ShippedSection>
      <BrowserComparison />
    </div>
  );
}
