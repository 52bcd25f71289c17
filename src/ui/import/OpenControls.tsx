import { useEffect, useRef, useState } from 'react';
import { loadSampleIndex, openSample, type SampleEntry } from '../../app/import-client';
import { openFolderFile, openNextFolderFile, openPicked, nextPath, pickDirectory } from '../../app/import-folder';
import { useImportStore } from '../../state/import-store';
import { useStagedCount } from '../use-staged-count';

const ACCEPT = '.jsonl,.json,.gz,.ndjson,.csv,.tsv,.parquet,application/json,text/csv';

/** Options added per frame: a run's folder lists hundreds of files, which need not all be drawn in the frame that lists them. */
const OPTIONS_PER_STAGE = 200;

/** The files of a picked or dropped folder: choose one, or open them one after another. */
function FolderFiles() {
  const folder = useImportStore((s) => s.folder);
  const fileName = useImportStore((s) => s.fileName);
  const reading = useImportStore((s) => s.status === 'reading');
  const stages = useStagedCount(Math.ceil((folder?.length ?? 0) / OPTIONS_PER_STAGE), folder);
  if (!folder) return null;
  if (folder.length === 0) return <p className="note" data-testid="folder-files">The folder holds no JSON, JSON Lines, CSV or parquet file.</p>;
  const current = fileName !== null && folder.includes(fileName) ? fileName : '';
  const next = nextPath(folder, current || null);
  return (
    <span className="picker folder-files" data-testid="folder-files">
      <label htmlFor="import-folder-file">File in folder ({folder.length})</label>
      {/* not disabled while a file is read, but refusing the change: disabling a select of hundreds of options restyled every option twice per opened step */}
      <select id="import-folder-file" value={current} aria-busy={reading} onChange={(e) => { if (!reading) void openFolderFile(e.target.value); }}>
        {current === '' && <option value="">choose a file</option>}
        {folder.slice(0, stages * OPTIONS_PER_STAGE).map((p) => <option key={p} value={p}>{p}</option>)}
      </select>
      <button type="button" disabled={reading || next === null} onClick={() => void openNextFolderFile()}>Open next file</button>
    </span>
  );
}

function SamplePicker() {
  const [samples, setSamples] = useState<SampleEntry[]>([]);
  const [sample, setSample] = useState('');
  useEffect(() => {
    let live = true;
    loadSampleIndex().then((s) => { if (live) { setSamples(s); setSample(s[0]?.file ?? ''); } }).catch(() => {});
    return () => { live = false; };
  }, []);
  const chosen = samples.find((s) => s.file === sample);
  if (samples.length === 0) return null;
  return (
    <span className="picker">
      <label htmlFor="import-sample">Sample</label>
      <select id="import-sample" value={sample} onChange={(e) => setSample(e.target.value)}>
        {samples.map((s) => <option key={s.file} value={s.file}>{s.label}</option>)}
      </select>
      <button type="button" disabled={!chosen} onClick={() => chosen && void openSample(chosen)}>Try a sample</button>
    </span>
  );
}

/** "Open rollouts…" (file picker), "Open folder…", the shipped samples, and the drop hint. */
export function OpenControls() {
  const input = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  useEffect(() => { folderInput.current?.setAttribute('webkitdirectory', ''); }, []);
  const onFiles = (e: React.ChangeEvent<HTMLInputElement>) => {
    if (e.target.files && e.target.files.length > 0) openPicked(e.target.files);
    e.target.value = '';
  };
  return (
    <div className="import-open">
      <button type="button" onClick={() => input.current?.click()}>Open rollouts…</button>
      <input ref={input} type="file" aria-label="Rollouts file" hidden accept={ACCEPT} onChange={onFiles} />
      <button type="button" onClick={() => void pickDirectory().then((picked) => { if (!picked) folderInput.current?.click(); })}>Open folder…</button>
      <input ref={folderInput} type="file" aria-label="Rollouts folder" hidden multiple onChange={onFiles} />
      <SamplePicker />
      <span className="muted">or drop a file or folder anywhere on the page · JSON, JSON Lines, CSV, parquet, gzip; a table no reader knows opens through a column mapping</span>
      <FolderFiles />
    </div>
  );
}
