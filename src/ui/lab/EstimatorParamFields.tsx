import { useConfigStore, configEvents } from '../../state/config-store';
import { getEstimator } from '../../core/advantage/registry';
import { paramFields } from './estimator-options';
import { ParamField } from './fields';

/**
 * One group per compared estimator with its declared parameters (More settings), α_init, α_final
 * and the α schedule of the PlanPO entries included: α is each entry's own parameter.
 */
export function EstimatorParamFields() {
  const estimators = useConfigStore((s) => s.config.estimators);
  const own = useConfigStore((s) => s.config.estimatorParams);
  return (
    <>
      {estimators.map((id) => {
        const fields = paramFields(id, own?.[id]);
        const entry = getEstimator(id);
        const label = (key: string) => entry.params.find((p) => p.key === key)?.label ?? key;
        const schedules = entry.schedules.map((s) => `${s.label} runs from ${label(s.initKey)} to ${label(s.finalKey)} (${label(s.kindKey)}) over k = 1..K`);
        return (
          <fieldset key={id} className="estimator-params" aria-label={`${entry.label} parameters`}>
            <legend>{entry.label} parameters</legend>
            {schedules.map((text) => <p key={text} className="muted">{text}</p>)}
            {fields.length === 0 ? <p className="muted">No parameters.</p> : (
              <div className="field-grid">
                {fields.map(({ spec, value }) => (
                  <ParamField key={spec.key} spec={spec} value={value} onChange={(v) => configEvents.estimatorParamEdited(id, spec.key, v)} />
                ))}
              </div>
            )}
          </fieldset>
        );
      })}
    </>
  );
}
