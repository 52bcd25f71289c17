import { exportImport } from '../../app/import-client';
import { useImportStore } from '../../state/import-store';

/** Download the shown group, the filtered groups or the whole import as rollouts.v1 with every estimator's advantages. */
export function ImportExport() {
  const summary = useImportStore((s) => s.summary);
  const list = useImportStore((s) => s.groupList);
  const index = useImportStore((s) => s.groupIndex);
  if (!summary) return null;
  const filtered = list.length < summary.groups;
  return (
    <div className="import-export" role="group" aria-label="Export">
      <span>Export as rollouts.v1 with every estimator's advantages:</span>
      <button type="button" disabled={index === null} onClick={() => index !== null && void exportImport([index])}>Export this group</button>
      {filtered && <button type="button" onClick={() => void exportImport(list.map((g) => g.index))}>Export the {list.length} filtered groups</button>}
      <button type="button" onClick={() => void exportImport(null)}>Export the whole import</button>
    </div>
  );
}
