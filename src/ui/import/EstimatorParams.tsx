import type { ParamValue } from '../../core/params/spec';
import { adjustableParams } from '../../core/io/import/session/params';
import { changeParam } from '../../app/import-client';
import { useImportStore } from '../../state/import-store';
import { ParamField } from '../lab/fields';
import { seriesVar } from '../palette';

/** Every estimator's declared parameters; a change re-scores that estimator on every group (in the worker). */
export function EstimatorParamsPanel() {
  const summary = useImportStore((s) => s.summary);
  const problems = useImportStore((s) => s.paramProblems);
  if (!summary) return null;
  return (
    <details className="import-params">
      <summary>Estimator parameters (re-scored live on every group)</summary>
      <p className="muted">α is fixed here: an import has no training clock, so the α(k) schedule does not apply.</p>
      {problems.map((p) => <p key={p} className="error" role="alert">{p}</p>)}
      <div className="param-grid">
        {summary.estimators.map((e) => {
          const specs = adjustableParams(e.id);
          return (
            <fieldset key={e.id} className="param-set" style={{ borderColor: seriesVar(e.id) }}>
              <legend>{e.label}</legend>
              {e.error && <p className="error">{e.failedGroups} groups not scored: {e.error}</p>}
              {specs.map((p) => (
                <ParamField key={p.key} spec={p} value={(summary.params[e.id]?.[p.key] as ParamValue | undefined) ?? p.default} ariaLabel={`${e.label} ${p.key}`}
                  onChange={(v) => { if (v !== null) void changeParam(e.id, p.key, v); }} />
              ))}
              {specs.length === 0 && <p className="muted">no parameters</p>}
            </fieldset>
          );
        })}
      </div>
    </details>
  );
}
