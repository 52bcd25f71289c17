import type { RunConfig } from '../../core/train/config';
import { EstimatorParamFields } from './EstimatorParamFields';
import { RewardFields } from './RewardFields';
import { RunFields } from './RunFields';

/** The less-often changed knobs, folded away: the run's `advanced` settings, the reward, each estimator's parameters. */
export function AdvancedFields({ run }: { run: RunConfig }) {
  return (
    <details className="advanced">
      <summary>More settings</summary>
      <div className="field-grid">
        <RunFields run={run} group="advanced" />
      </div>
      <RewardFields run={run} />
      <EstimatorParamFields />
    </details>
  );
}
