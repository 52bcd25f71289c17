import type { ColumnMapping } from '../../core/io/import/mapping';
import { successChoiceOf, withOptional, withSuccess } from '../../core/io/import/session/mapping-file';

interface FieldsProps {
  mapping: ColumnMapping;
  columns: string[];
  threshold: number;
  onChange(m: ColumnMapping): void;
  onThreshold(t: number): void;
}

function ColumnSelect({ id, label, value, columns, optional, onChange }: {
  id: string; label: string; value: string | undefined; columns: string[]; optional: boolean; onChange(column: string): void;
}) {
  return (
    <span className="picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{optional ? '(none)' : 'choose a column'}</option>
        {columns.map((c) => <option key={c} value={c}>{c}</option>)}
      </select>
    </span>
  );
}

function ColumnChecks({ legend, name, chosen, columns, onChange }: {
  legend: string; name: string; chosen: string[]; columns: string[]; onChange(columns: string[]): void;
}) {
  const toggle = (c: string, on: boolean) => onChange(on ? columns.filter((x) => x === c || chosen.includes(x)) : chosen.filter((x) => x !== c));
  return (
    <fieldset className="column-checks">
      <legend>{legend}</legend>
      {columns.map((c) => (
        <label key={c} className="check">
          <input type="checkbox" name={name} checked={chosen.includes(c)} onChange={(e) => toggle(c, e.target.checked)} />
          {c}
        </label>
      ))}
    </fieldset>
  );
}

/** The mapping's fields: group, prompt, response, rewards and how they combine, success, step, turn, trajectory. */
export function MappingFields({ mapping, columns, threshold, onChange, onThreshold }: FieldsProps) {
  const choice = successChoiceOf(mapping);
  const optional = (key: 'prompt' | 'step' | 'turn' | 'trajectory') => (c: string) => onChange(withOptional(mapping, key, c));
  return (
    <div className="mapping-fields">
      <span className="picker">
        <label htmlFor="mapping-name">Mapping name</label>
        <input id="mapping-name" type="text" value={mapping.name} onChange={(e) => onChange({ ...mapping, name: e.target.value })} />
      </span>
      <ColumnChecks legend="Group: rows with the same values here form one group" name="mapping-group" chosen={mapping.group}
        columns={columns} onChange={(group) => onChange({ ...mapping, group })} />
      <div className="mapping-row">
        <ColumnSelect id="mapping-prompt" label="Prompt" value={mapping.prompt} columns={columns} optional onChange={optional('prompt')} />
        <ColumnSelect id="mapping-response" label="Response" value={mapping.response} columns={columns} optional={false}
          onChange={(response) => onChange({ ...mapping, response })} />
      </div>
      <ColumnChecks legend="Reward R: one or more columns" name="mapping-reward" chosen={mapping.reward.columns} columns={columns}
        onChange={(cols) => onChange({ ...mapping, reward: { ...mapping.reward, columns: cols } })} />
      <div className="mapping-row">
        <span className="picker">
          <label htmlFor="mapping-combine">Combine rewards</label>
          <select id="mapping-combine" value={mapping.reward.combine}
            onChange={(e) => onChange({ ...mapping, reward: { ...mapping.reward, combine: e.target.value as ColumnMapping['reward']['combine'] } })}>
            <option value="sum">sum</option><option value="mean">mean</option><option value="max">max</option>
          </select>
        </span>
        <span className="picker">
          <label htmlFor="mapping-success">Success</label>
          <select id="mapping-success" value={choice} onChange={(e) => onChange(withSuccess(mapping, e.target.value, threshold))}>
            <option value="">(the reader's default)</option>
            <option value="reward">R at least a threshold</option>
            {columns.map((c) => <option key={c} value={`column:${c}`}>column {c}</option>)}
          </select>
        </span>
        {choice === 'reward' && (
          <span className="picker">
            <label htmlFor="mapping-threshold">Success when R ≥</label>
            <input id="mapping-threshold" type="number" step="any" value={threshold} onChange={(e) => {
              const t = Number(e.target.value);
              onThreshold(t);
              onChange(withSuccess(mapping, 'reward', t));
            }} />
          </span>
        )}
      </div>
      <div className="mapping-row">
        <ColumnSelect id="mapping-step" label="Training step" value={mapping.step} columns={columns} optional onChange={optional('step')} />
        <ColumnSelect id="mapping-turn" label="Turn" value={mapping.turn} columns={columns} optional onChange={optional('turn')} />
        <ColumnSelect id="mapping-trajectory" label="Trajectory" value={mapping.trajectory} columns={columns} optional onChange={optional('trajectory')} />
      </div>
    </div>
  );
}
