import { cancelImport } from '../../app/import-client';
import { useImportStore } from '../../state/import-store';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Bytes and groups read so far, with Cancel, while a file is being imported. */
export function ImportProgressBar() {
  const status = useImportStore((s) => s.status);
  const progress = useImportStore((s) => s.progress);
  const fileName = useImportStore((s) => s.fileName);
  const error = useImportStore((s) => s.error);
  const table = useImportStore((s) => s.table !== null);
  const failure = useImportStore((s) => s.failure);
  if (status === 'done' && failure && !table) {
    return failure.cancelled
      ? <p className="note" data-testid="import-cancelled">Import of {failure.fileName} cancelled; {fileName} is still open.</p>
      : <p className="error" role="alert">Could not open {failure.fileName}: {failure.error} ({fileName} is still open)</p>;
  }
  if (status === 'failed' && table) return null; // the mapping form says what happened
  if (status === 'failed') return <p className="error" role="alert">Could not open {fileName}: {error}</p>;
  if (status === 'cancelled') return <p className="note" data-testid="import-cancelled">Import of {fileName} cancelled.</p>;
  if (status !== 'reading') return null;
  const total = progress?.totalBytes ?? 0;
  const read = progress?.bytesRead ?? 0;
  return (
    <div className="import-progress" data-testid="import-progress">
      <label htmlFor="import-bar">Reading {fileName}{progress?.phase === 'scoring' ? ' · scoring every estimator' : ''}</label>
      <progress id="import-bar" max={Math.max(1, total)} value={read} />
      <span>{mb(read)} of {mb(total)} · {progress?.groups ?? 0} groups · {progress?.trajectories ?? 0} trajectories
        {progress && progress.lines > 0 ? ` · ${progress.lines} lines` : ''}</span>
      <button type="button" onClick={cancelImport}>Cancel</button>
    </div>
  );
}
