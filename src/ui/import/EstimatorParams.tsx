import { useState } from 'react';
import type { ParamSpec, ParamValue } from '../../core/advantage/params';
import { adjustableParams } from '../../core/import/params';
import { changeParam } from '../../app/import-client';
import { useImportStore } from '../../state/import-store';
import { seriesVar } from '../palette';

function NumberParam({ id, label, spec, value }: { id: string; label: string; spec: ParamSpec; value: number }) {
  const [text, setText] = useState(String(value));
  const commit = () => {
    const v = Number(text);
    if (text.trim() !== '' && Number.isFinite(v) && v !== value) void changeParam(id, spec.key, v);
  };
  return (
    <label className="param" title={spec.help}>
      <span>{spec.label}</span>
      <input type="number" step={spec.type === 'integer' ? 1 : 'any'} min={spec.min} max={spec.max} value={text}
        aria-label={`${label} ${spec.key}`} onChange={(e) => setText(e.target.value)} onBlur={commit}
        onKeyDown={(e) => { if (e.key === 'Enter') commit(); }} />
    </label>
  );
}

function Param({ id, label, spec, value }: { id: string; label: string; spec: ParamSpec; value: ParamValue | undefined }) {
  if (spec.type === 'boolean') {
    return (
      <label className="param check" title={spec.help}>
        <input type="checkbox" checked={value === true} aria-label={`${label} ${spec.key}`} onChange={(e) => void changeParam(id, spec.key, e.target.checked)} />
        <span>{spec.label}</span>
      </label>
    );
  }
  if (spec.type === 'choice') {
    return (
      <label className="param" title={spec.help}>
        <span>{spec.label}</span>
        <select value={String(value)} aria-label={`${label} ${spec.key}`} onChange={(e) => void changeParam(id, spec.key, e.target.value)}>
          {(spec.choices ?? []).map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </label>
    );
  }
  return <NumberParam key={String(value)} id={id} label={label} spec={spec} value={Number(value)} />;
}

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
              {specs.map((p) => <Param key={p.key} id={e.id} label={e.label} spec={p} value={summary.params[e.id]?.[p.key]} />)}
              {specs.length === 0 && <p className="muted">no parameters</p>}
            </fieldset>
          );
        })}
      </div>
    </details>
  );
}
