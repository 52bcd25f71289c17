import { useEffect, useRef, useState } from 'react';
import type { ColumnMapping } from '../../core/io/import/mapping';
import type { UnknownTable } from '../../core/io/import/session/importer';
import { mappingProblems, matchingMapping, type SavedMapping } from '../../core/io/import/session/mapping-file';
import { exportMapping, listMappings, openWithMapping, readMappingFile } from '../../app/import-mapping';
import { useImportStore } from '../../state/import-store';
import { MappingFields } from './MappingFields';

function ColumnSamples({ table }: { table: UnknownTable }) {
  return (
    <div className="table-scroll">
      <table className="column-samples" data-testid="column-samples">
        <caption>The file's columns with sample values</caption>
        <thead><tr><th scope="col">Column</th><th scope="col">Sample values</th></tr></thead>
        <tbody>
          {table.columns.map((c) => (
            <tr key={c.name}><th scope="row">{c.name}</th><td>{c.samples.map((s, k) => <span key={k} className="sample">{s}</span>)}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Start from the guess, a saved mapping, or a mapping file. */
function StartFrom({ saved, chosen, onPick }: { saved: SavedMapping[]; chosen: string; onPick(name: string): void }) {
  if (saved.length === 0) return null;
  return (
    <span className="picker">
      <label htmlFor="mapping-saved">Saved mapping</label>
      <select id="mapping-saved" value={chosen} onChange={(e) => onPick(e.target.value)}>
        <option value="">the lab's guess</option>
        {saved.map((s) => <option key={s.mapping.name} value={s.mapping.name}>{s.mapping.name}</option>)}
      </select>
    </span>
  );
}

function MappingEditor({ table, saved, initial }: { table: UnknownTable; saved: SavedMapping[]; initial: ColumnMapping | null }) {
  const columns = table.columns.map((c) => c.name);
  const [mapping, setMapping] = useState<ColumnMapping>(initial ?? table.guess);
  const [chosen, setChosen] = useState(initial?.name ?? '');
  const [threshold, setThreshold] = useState(mapping.success && 'rewardAtLeast' in mapping.success ? mapping.success.rewardAtLeast : 1);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const problems = mappingProblems(mapping, columns);
  const forThisFile = { ...mapping, columns };
  const pick = (name: string) => {
    setChosen(name);
    setMapping(saved.find((s) => s.mapping.name === name)?.mapping ?? table.guess);
  };
  const load = async (file: File) => {
    const read = await readMappingFile(file);
    setFileProblems(read.ok ? [] : [`${file.name}: ${read.problem}`]);
    if (read.ok) setMapping(read.mapping);
  };
  return (
    <form className="mapping-form" aria-label="Column mapping" onSubmit={(e) => { e.preventDefault(); if (problems.length === 0) void openWithMapping(forThisFile); }}>
      <div className="mapping-row">
        <StartFrom saved={saved} chosen={chosen} onPick={pick} />
        {initial && <span className="note" data-testid="mapping-reused">Saved mapping "{initial.name}" fits this file's columns and is pre-selected.</span>}
      </div>
      <MappingFields mapping={mapping} columns={columns} threshold={threshold} onChange={setMapping} onThreshold={setThreshold} />
      {[...problems, ...fileProblems].map((p) => <p key={p} className="error" role="alert">{p}</p>)}
      <div className="mapping-row">
        <button type="submit" disabled={problems.length > 0}>Open with this mapping</button>
        <button type="button" onClick={() => exportMapping(forThisFile)}>Export mapping</button>
        <button type="button" onClick={() => fileInput.current?.click()}>Import mapping…</button>
        <input ref={fileInput} type="file" hidden accept=".json,application/json" aria-label="Mapping file"
          onChange={(e) => { const f = e.target.files?.[0]; if (f) void load(f); e.target.value = ''; }} />
      </div>
      <p className="muted">Opening saves the mapping under its name in this browser; a later file with the same columns gets it pre-selected. The exported file is the one <code>convert --map FILE</code> reads.</p>
    </form>
  );
}

/** When no reader places a table's columns: its columns with samples and the mapping form, the guess or a fitting saved mapping pre-filled. */
export function MappingPanel() {
  const table = useImportStore((s) => s.table);
  const fileName = useImportStore((s) => s.failure?.fileName ?? s.fileName); // the table's file, not an import kept on screen
  const [saved, setSaved] = useState<SavedMapping[] | null>(null);
  useEffect(() => {
    if (!table) return;
    let live = true;
    setSaved(null);
    listMappings().then((s) => { if (live) setSaved(s); }, () => { if (live) setSaved([]); });
    return () => { live = false; };
  }, [table]);
  if (!table || saved === null) return null;
  const initial = matchingMapping(saved, table.columns.map((c) => c.name));
  return (
    <section aria-label="Map the columns" className="mapping-panel" data-testid="mapping-panel">
      <h2>Map the columns of {fileName}</h2>
      <p className="muted">No reader recognises this table ({table.columns.length} columns). Say which columns hold what; {initial ? 'a saved mapping fits' : "the lab's guess is filled in"}.</p>
      <ColumnSamples table={table} />
      <MappingEditor key={`${fileName}:${initial?.name ?? ''}`} table={table} saved={saved} initial={initial} />
    </section>
  );
}
