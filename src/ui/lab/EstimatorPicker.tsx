import { MAX_RUNS } from '../../state/lab-config';
import { configEvents } from '../../state/config-store';
import { estimatorOptions } from './estimator-options';

/** Two to four estimators from the registry, one run each, in the order they were ticked. */
export function EstimatorPicker({ chosen }: { chosen: string[] }) {
  const toggle = (id: string, on: boolean) => {
    configEvents.estimatorsChosen(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  };
  return (
    <fieldset className="estimators">
      <legend>Estimators to compare (one run each)</legend>
      {estimatorOptions().map(({ id, label, color, combination }) => {
        const on = chosen.includes(id);
        const locked = (on && chosen.length <= 2) || (!on && chosen.length >= MAX_RUNS);
        return (
          <label key={id} className="check" title={combination}>
            <input type="checkbox" checked={on} disabled={locked} onChange={(e) => toggle(id, e.target.checked)} />
            <span className="swatch" style={{ background: color }} aria-hidden="true" />
            {label}
          </label>
        );
      })}
    </fieldset>
  );
}
