import { useConfigStore, configEvents } from '../../state/config-store';
import { getEstimator } from '../../core/advantage/registry';
import type { ParamValue } from '../../core/advantage/params';
import { paramFields, type ParamField } from './estimator-options';
import { NumberField, SelectField } from './fields';

function Field({ estimator, field }: { estimator: string; field: ParamField }) {
  const { spec, value } = field;
  const set = (v: ParamValue | null) => configEvents.estimatorParamEdited(estimator, spec.key, v);
  const label = `${spec.label}`;
  if (spec.type === 'boolean') {
    return (
      <label className="check" title={spec.help}>
        <input type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} /> {label}
      </label>
    );
  }
  if (spec.type === 'choice') {
    return <SelectField label={label} value={String(value)} options={(spec.choices ?? []).map((c) => ({ value: c, label: c }))} onChange={set} />;
  }
  return (
    <NumberField label={label} value={typeof value === 'number' ? value : null} min={spec.min ?? -1e9} max={spec.max ?? 1e9}
      integer={spec.type === 'integer'} step={spec.type === 'integer' ? 1 : undefined} hint={spec.help}
      onCommit={(v) => set(v)} />
  );
}

/** One group per compared estimator with its declared parameters (More settings). */
export function EstimatorParamFields() {
  const estimators = useConfigStore((s) => s.config.estimators);
  const own = useConfigStore((s) => s.config.estimatorParams);
  return (
    <>
      {estimators.map((id) => {
        const fields = paramFields(id, own?.[id], true);
        const entry = getEstimator(id);
        const schedules = entry.schedules.map((s) => `${s.label} runs from α_init to α_final (set above, shared by the runs) over k = 1..K`);
        return (
          <fieldset key={id} className="estimator-params" aria-label={`${entry.label} parameters`}>
            <legend>{entry.label} parameters</legend>
            {schedules.map((text) => <p key={text} className="muted">{text}</p>)}
            {fields.length === 0 ? <p className="muted">No parameters.</p> : (
              <div className="field-grid">
                {fields.map((f) => <Field key={f.spec.key} estimator={id} field={f} />)}
              </div>
            )}
          </fieldset>
        );
      })}
    </>
  );
}
