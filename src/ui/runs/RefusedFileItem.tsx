import { formatBytes } from '../../core/train/memory-format';
import { downloadBlob } from '../../app/export/download';
import { deleteRefusedFile, REFUSED_KEEP_BYTES, refusedFileBytes } from '../../app/persist/refused-files';
import type { RefusedFileSummary } from '../../state/saved-runs-store';

/**
 * A run file the lab refused, in Saved runs: listed as an unreadable saved lab is ("could not be
 * opened: <reason>"), with Export (the file as it was opened, byte for byte) and Delete. It is never
 * opened.
 */
export function RefusedFileItem({ file }: { file: RefusedFileSummary }) {
  const exportFile = async () => {
    const bytes = await refusedFileBytes(file.id);
    if (bytes) downloadBlob(bytes, file.name);
  };
  return (
    <li data-testid="refused-file" data-unreadable="true">
      <span className="run-name">{file.name}</span>
      <span className="run-meta error">could not be opened: {file.reason}</span>
      <span className="run-meta">
        run file · {formatBytes(file.size)} · opened {new Date(file.refusedAt).toLocaleString()}
        {!file.bytesKept && ` · its bytes were not kept (larger than ${formatBytes(REFUSED_KEEP_BYTES)})`}
      </span>
      <button type="button" onClick={() => void exportFile()} disabled={!file.bytesKept} aria-label={`Export ${file.name}`}
        title="Download the file as it was opened">Export</button>
      <button type="button" onClick={() => void deleteRefusedFile(file.id)} aria-label={`Delete ${file.name}`}>Delete</button>
    </li>
  );
}
