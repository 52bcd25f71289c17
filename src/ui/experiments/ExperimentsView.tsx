import './experiments.css';
import { RunInBrowser } from './RunInBrowser';
import { ShippedResults } from './ShippedResults';

/** The Experiments page: the paper's claims checked by the CLI (shipped) and, smaller, in this browser. */
export function ExperimentsView() {
  return (
    <div className="experiments">
      <p className="exp-intro">
        Each experiment checks one claim of the PlanPO paper with a tiny policy on miniature environments, over several seeds.
        Tables show mean ± 95% confidence intervals; a claim that does not hold at this scale is reported as measured.
      </p>
      <ShippedResults />
      <RunInBrowser />
    </div>
  );
}
