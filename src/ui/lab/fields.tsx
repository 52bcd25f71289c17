import { useEffect, useId, useState, type ReactNode } from 'react';
import type { ParamSpec, ParamValue } from '../../core/params/spec';
import { checkParam, describeParam } from '../../core/params/validate';

export interface NumberFieldProps {
  label: ReactNode;
  value: number | null;
  onCommit(value: number | null): void;
  min: number;
  max: number;
  step?: number;
  integer?: boolean;
  /** Allow an empty field, meaning null (shown with this placeholder). */
  emptyMeans?: string;
  hint?: string;
  /** Accessible name when it differs from the visible label. */
  ariaLabel?: string;
  /** A declared check in place of min/max (with its words for the error line). */
  accepts?: { test(value: number): boolean; expected: string };
}

/** A labelled number input that commits only valid values and says what it expects otherwise. */
export function NumberField({ label, value, onCommit, min, max, step, integer, emptyMeans, hint, ariaLabel, accepts }: NumberFieldProps) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  useEffect(() => {
    setText(value === null ? '' : String(value));
    setError(null);
  }, [value]);
  const change = (next: string) => {
    setText(next);
    if (next.trim() === '' && emptyMeans !== undefined) {
      setError(null);
      onCommit(null);
      return;
    }
    const v = Number(next);
    const inRange = accepts ? accepts.test(v) : v >= min && v <= max && (!integer || Number.isInteger(v));
    const ok = next.trim() !== '' && Number.isFinite(v) && inRange;
    setError(ok ? null : accepts ? accepts.expected : `${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`);
    if (ok) onCommit(v);
  };
  return (
    <label className="field" title={hint}>
      <span className="field-label">{label}</span>
      <input type="number" value={text} min={min} max={max} step={step ?? (integer ? 1 : 'any')}
        placeholder={emptyMeans} aria-label={ariaLabel} aria-invalid={error !== null} aria-describedby={error ? errorId : undefined}
        onChange={(e) => change(e.target.value)} />
      {error && <span id={errorId} className="field-error">Expected {error}</span>}
    </label>
  );
}

export interface SelectFieldProps<T extends string> {
  label: ReactNode;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange(value: T): void;
  hint?: string;
  ariaLabel?: string;
}

/** A select labelled with `htmlFor` (a wrapping label would fold the option texts into its name). */
export function SelectField<T extends string>({ label, value, options, onChange, hint, ariaLabel }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="field" title={hint}>
      <label className="field-label" htmlFor={id}>{label}</label>
      <select id={id} value={value} aria-label={ariaLabel} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}

export interface ParamFieldProps {
  spec: ParamSpec;
  value: ParamValue | null;
  onChange(value: ParamValue | null): void;
  /** Accessible name when the visible label alone is ambiguous (`PlanPO alpha`). */
  ariaLabel?: string;
}

/**
 * The one form field for a declared parameter (core/params): a number box with the declared range
 * (empty = null when the parameter is nullable), a checkbox for a boolean, a select for a choice.
 * Estimator parameters, reward parameters, the run's settings and the import page all use it.
 */
export function ParamField({ spec, value, onChange, ariaLabel }: ParamFieldProps) {
  if (spec.type === 'boolean') {
    return (
      <label className="check" title={spec.help}>
        <input type="checkbox" checked={value === true} aria-label={ariaLabel} onChange={(e) => onChange(e.target.checked)} /> {spec.label}
      </label>
    );
  }
  if (spec.type === 'choice') {
    const none = spec.nullable === undefined ? [] : [{ value: '', label: spec.nullable }];
    const options = [...none, ...(spec.choices ?? []).map((c) => ({ value: c, label: c }))];
    return <SelectField label={spec.label} value={value === null ? '' : String(value)} options={options} hint={spec.help} ariaLabel={ariaLabel}
      onChange={(v) => onChange(v === '' && spec.nullable !== undefined ? null : v)} />;
  }
  const accepts = { test: (v: number) => checkParam(spec, v, { text: false }) !== undefined, expected: describeParam(spec) };
  return (
    <NumberField label={spec.label} value={typeof value === 'number' ? value : null} min={spec.min ?? -1e9} max={spec.max ?? 1e9}
      integer={spec.type === 'integer'} step={spec.step} hint={spec.help} emptyMeans={spec.nullable} ariaLabel={ariaLabel}
      accepts={accepts} onCommit={onChange} />
  );
}
