/**
 * Run files in the lab: open a .rlrun file from disk (decodeRunFile) as a new saved lab and show
 * it, or write one run of a saved lab as a run file (encodeRunFile).
 */
import { decodeRunFile, encodeRunFile } from '../../core/train/run-file';
import { DEFAULT_SLACK, type LabConfig } from '../lab-config';
import type { BackendRequest } from '../../../workers/backend-request';
import { importRunFile, loadLab, savedRunFrom } from './labs';
import { refreshList } from './recorder';
import { openLab } from './restore';

export async function openRunFile(file: Blob): Promise<void> {
  const saved = decodeRunFile(new Uint8Array(await file.arrayBuffer()));
  const config: LabConfig = {
    run: { ...saved.config, estimatorParams: {} },
    estimators: [saved.config.estimator],
    backend: (saved.lab?.backend ?? 'auto') as BackendRequest,
    slack: saved.lab?.slack ?? DEFAULT_SLACK,
  };
  const id = await importRunFile(saved, config);
  await refreshList();
  await openLab(id);
}

/** The bytes of run `runId` of saved lab `labId` as a run file (null: no such run). */
export async function runFileBytes(labId: string, runId: string): Promise<Uint8Array | null> {
  const loaded = await loadLab(labId);
  const saved = loaded && savedRunFrom(loaded, runId);
  return saved ? encodeRunFile(saved) : null;
}
