import { useState } from 'react';
import { adjustableParams } from '../../core/import/params';
import { changeParam } from '../../app/import-client';
import { useImportStore } from '../../state/import-store';
import { estimatorLabel } from '../group/advantage-lanes';

function NumberParam({ id, name, value }: { id: string; name: string; value: number }) {
  const [text, setText] = useState(String(value));
  const commit = () => {
    const v = Number(text);
    if (text.trim() !== '' && Number.isFinite(v) && v !== value) void changeParam(id, name, v);
  };
  return (
    <label className="param">
      <span>{name}</span>
      <input type="number" step="any" value={text} aria-label={`${estimatorLabel(id)} ${name}`}
        onChange={(e) => setText(e.target.value)} onBlur={commit} onKeyDown={(e) => { if (e.key === 'Enter') commit(); }} />
    </label>
  );
}

/** Every estimator's adjustable parameters; a change re-scores that estimator on every group (in the worker). */
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
        {summary.estimators.map((e) => (
          <fieldset key={e.id} className="param-set" style={{ borderColor: `var(--series-${e.id})` }}>
            <legend>{e.label}</legend>
            {e.error && <p className="error">{e.failedGroups} groups not scored: {e.error}</p>}
            {adjustableParams(e.id).map((p) => {
              const value = summary.params[e.id]?.[p.key];
              return p.kind === 'number' ? (
                <NumberParam key={`${p.key}:${String(value)}`} id={e.id} name={p.key} value={Number(value)} />
              ) : (
                <label key={p.key} className="param check">
                  <input type="checkbox" checked={value === true} aria-label={`${e.label} ${p.key}`}
                    onChange={(ev) => void changeParam(e.id, p.key, ev.target.checked)} />
                  <span>{p.key}</span>
                </label>
              );
            })}
            {adjustableParams(e.id).length === 0 && <p className="muted">no parameters</p>}
          </fieldset>
        ))}
      </div>
    </details>
  );
}
