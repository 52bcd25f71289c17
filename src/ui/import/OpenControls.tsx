import { useEffect, useRef, useState } from 'react';
import { loadSampleIndex, openRollouts, openSample, type SampleEntry } from '../../app/import-client';

/** "Open rollouts…" (file picker), the shipped samples, and the drop hint. */
export function OpenControls() {
  const input = useRef<HTMLInputElement>(null);
  const [samples, setSamples] = useState<SampleEntry[]>([]);
  const [sample, setSample] = useState('');
  useEffect(() => {
    let live = true;
    loadSampleIndex().then((s) => { if (live) { setSamples(s); setSample(s[0]?.file ?? ''); } }).catch(() => {});
    return () => { live = false; };
  }, []);
  const chosen = samples.find((s) => s.file === sample);
  return (
    <div className="import-open">
      <button type="button" onClick={() => input.current?.click()}>Open rollouts…</button>
      <input ref={input} type="file" aria-label="Rollouts file" hidden accept=".jsonl,.json,.gz,.ndjson,application/json"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void openRollouts(file, file.name);
          e.target.value = '';
        }} />
      {samples.length > 0 && (
        <span className="picker">
          <label htmlFor="import-sample">Sample</label>
          <select id="import-sample" value={sample} onChange={(e) => setSample(e.target.value)}>
            {samples.map((s) => <option key={s.file} value={s.file}>{s.label}</option>)}
          </select>
          <button type="button" disabled={!chosen} onClick={() => chosen && void openSample(chosen)}>Try a sample</button>
        </span>
      )}
      <span className="muted">or drop a file anywhere on the page · rollouts.v1 JSON Lines (also .gz), wrappers, arrays</span>
    </div>
  );
}
