import { changeFilters } from '../../app/import-client';
import { useImportStore, type ImportFilters } from '../../state/import-store';

function Facet<T extends string | number>({ id, label, values, value, onChange }: {
  id: string; label: string; values: T[]; value: T | null; onChange(v: T | null): void;
}) {
  if (values.length === 0) return null;
  return (
    <span className="picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : (values.find((v) => String(v) === e.target.value) ?? null))}>
        <option value="">all</option>
        {values.map((v) => <option key={String(v)} value={String(v)}>{String(v)}</option>)}
      </select>
    </span>
  );
}

/** Training step, environment and task type filters (group list and overview). */
export function ImportFilterBar() {
  const summary = useImportStore((s) => s.summary);
  const filters = useImportStore((s) => s.filters);
  if (!summary) return null;
  const set = (patch: Partial<ImportFilters>) => void changeFilters({ ...filters, ...patch });
  return (
    <div className="import-filters" role="group" aria-label="Filters">
      <Facet id="filter-step" label="Training step" values={summary.steps} value={filters.step} onChange={(step) => set({ step })} />
      <Facet id="filter-env" label="Environment" values={summary.environments} value={filters.env} onChange={(env) => set({ env })} />
      <Facet id="filter-task-type" label="Task type" values={summary.taskTypes} value={filters.taskType} onChange={(taskType) => set({ taskType })} />
    </div>
  );
}
