import '../../experiments/experiments.css';
import { useEffect } from 'react';
import resultsUrl from '../../../../docs/concepts/self-improvement/results.json?url';
import { loadShippedConcept } from '../../../app/concepts-client';
import { parseResults, type ExperimentResults } from '../../../core/experiments/results';
import { useConceptsStore } from '../../../state/concepts-store';
import { ResultsReport } from '../../experiments/ResultsReport';
import { BrowserComparison } from './BrowserComparison';
import { ShippedSection } from '../ShippedSection';

/** Self-improvement beside GRPO and PlanPO: the CLI's measured comparison, then the same one run here. */
export function SelfImprovementConcept() {
  const shipped = useConceptsStore((s) => s.shipped['self-improvement']);
  useEffect(() => void loadShippedConcept('self-improvement', resultsUrl, parseResults), []);
  const data = shipped?.data as ExperimentResults | null | undefined;
  return (
    <div className="concept-body">
      <ShippedSection id="si" status={shipped?.status} error={shipped?.error} ready={Boolean(data)}>
        {data && <ResultsReport results={data} label="Comparison by the CLI" />}
      </ShippedSection>
      <BrowserComparison />
    </div>
  );
}
