import './runs.css';
import { useState } from 'react';
import { formatBytes } from '../../core/train/memory-format';
import { reset } from '../../app/run-client';
import { deleteLab, rawLabJson, renameLab } from '../../app/persist/labs';
import { downloadText } from '../../app/export/download';
import { refreshList } from '../../app/persist/recorder';
import { openLab } from '../../app/persist/restore';
import { openRunFile } from '../../app/persist/run-files';
import { useSavedRunsStore, type SavedLabSummary } from '../../state/saved-runs-store';
import { RefusedFileItem } from './RefusedFileItem';

function SavedLab({ lab, current }: { lab: SavedLabSummary; current: boolean }) {
  const [name, setName] = useState<string | null>(null);
  const save = async () => {
    if (name !== null && name.trim() !== '') await renameLab(lab.id, name.trim());
    setName(null);
    await refreshList();
  };
  const remove = async () => {
    if (current) reset();
    await deleteLab(lab.id);
    await refreshList();
  };
  const exportRaw = async () => {
    downloadText(await rawLabJson(lab.id), `${lab.name.replace(/[^\w.-]+/g, '-').slice(0, 60)}.saved-lab.json`, 'application/json');
  };
  if (lab.problem) {
    return (
      <li data-testid="saved-lab" data-unreadable="true">
        <span className="run-name">{lab.name}</span>
        <span className="run-meta error">could not be opened: {lab.problem}</span>
        <button type="button" onClick={() => void exportRaw()} aria-label={`Export ${lab.name}`}
          title="Download everything stored for it as JSON, as it was read">Export</button>
        <button type="button" onClick={() => void remove()} aria-label={`Delete ${lab.name}`}>Delete</button>
      </li>
    );
  }
  return (
    <li aria-current={current} data-testid="saved-lab" data-iteration={lab.iteration}>
      {name === null
        ? <span className="run-name">{lab.name}</span>
        : (
          <label className="run-name">
            <span className="sr-only">Name</span>
            <input value={name} autoFocus onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Enter') void save(); if (e.key === 'Escape') setName(null); }} />
          </label>
        )}
      <span className="run-meta">
        {lab.estimators.join(', ')} · {lab.env} · iteration {lab.iteration} · saved {new Date(lab.updatedAt).toLocaleString()}
        {current && ' · open'}
      </span>
      {name === null
        ? <button type="button" onClick={() => setName(lab.name)} aria-label={`Rename ${lab.name}`}>Rename</button>
        : <button type="button" onClick={() => void save()}>Save name</button>}
      {!current && <button type="button" onClick={() => void openLab(lab.id)} aria-label={`Open ${lab.name}`}>Open</button>}
      <button type="button" onClick={() => void remove()} aria-label={`Delete ${lab.name}`}>Delete</button>
    </li>
  );
}

/** Saved runs (IndexedDB): list, rename, delete, open; open a run file from disk (refused ones listed); storage used. */
export function RunsPanel() {
  const labs = useSavedRunsStore((s) => s.labs);
  const refused = useSavedRunsStore((s) => s.refusedFiles);
  const currentId = useSavedRunsStore((s) => s.currentId);
  const storage = useSavedRunsStore((s) => s.storage);
  const [fileError, setFileError] = useState<string | null>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    try {
      await openRunFile(file);
    } catch (error) {
      setFileError(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <details className="runs-panel" open>
      <summary>Saved runs ({labs.length + refused.length})</summary>
      <section aria-label="Saved runs">
        <div className="runs-head">
          <span className="storage" data-testid="storage-used">
            {storage ? `Storage used: ${formatBytes(storage.usage)} of ${formatBytes(storage.quota)} this browser allows` : 'Storage used: unknown'}
          </span>
          <label className="file-input">
            <span>Open a run file</span>
            <input type="file" accept=".rlrun,application/zip" onChange={(e) => void onFile(e.target.files?.[0])} />
          </label>
        </div>
        {fileError && <p role="alert" className="persist-notice error">{fileError}</p>}
        {labs.length + refused.length === 0
          ? <p className="run-meta">Nothing saved yet: runs are saved in this browser as they train.</p>
          : (
            <ul>
              {labs.map((lab) => <SavedLab key={lab.id} lab={lab} current={lab.id === currentId} />)}
              {refused.map((file) => <RefusedFileItem key={file.id} file={file} />)}
            </ul>
          )}
      </section>
    </details>
  );
}
