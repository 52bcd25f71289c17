import { useEffect, useId, useState, type ReactNode } from 'react';

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
}

/** A labelled number input that commits only valid values and says what it expects otherwise. */
export function NumberField({ label, value, onCommit, min, max, step, integer, emptyMeans, hint }: NumberFieldProps) {
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
    const ok = next.trim() !== '' && Number.isFinite(v) && v >= min && v <= max && (!integer || Number.isInteger(v));
    setError(ok ? null : `${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`);
    if (ok) onCommit(v);
  };
  return (
    <label className="field" title={hint}>
      <span className="field-label">{label}</span>
      <input type="number" value={text} min={min} max={max} step={step ?? (integer ? 1 : 'any')}
        placeholder={emptyMeans} aria-invalid={error !== null} aria-describedby={error ? errorId : undefined}
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
}

/** A select labelled with `htmlFor` (a wrapping label would fold the option texts into its name). */
export function SelectField<T extends string>({ label, value, options, onChange }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}
