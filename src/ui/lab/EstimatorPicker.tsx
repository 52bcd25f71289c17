import { seriesVar } from '../palette';
import { ESTIMATOR_IDS } from '../../core/advantage/registry';
import { MAX_RUNS } from '../../app/lab-config';
import { configEvents } from '../../state/config-store';
import { estimatorLabel } from '../group/advantage-lanes';

/** Two to four estimators from the registry, one run each, in the order they were ticked. */
export function EstimatorPicker({ chosen }: { chosen: string[] }) {
  const toggle = (id: string, on: boolean) => {
    configEvents.estimatorsChosen(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  };
  return (
    <fieldset className="estimators">
      <legend>Estimators to compare (one run each)</legend>
      {ESTIMATOR_IDS.map((id) => {
        const on = chosen.includes(id);
        const locked = (on && chosen.length <= 2) || (!on && chosen.length >= MAX_RUNS);
        return (
          <label key={id} className="check">
            <input type="checkbox" checked={on} disabled={locked} onChange={(e) => toggle(id, e.target.checked)} />
            <span className="swatch" style={{ background: seriesVar(id) }} aria-hidden="true" />
            {estimatorLabel(id)}
          </label>
        );
      })}
    </fieldset>
  );
}
