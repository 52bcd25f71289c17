/**
 * Opening a run file in the lab: a .rlrun file from disk (decodeRunFile) becomes a new saved lab
 * of that one run, shown paused at its checkpoint; Train resumes it.
 */
import { decodeRunFile } from '../../core/train/run-file';
import { DEFAULT_SLACK, type LabConfig } from '../../state/lab-config';
import type { BackendRequest } from '../../../workers/backend-request';
import { importRunFile } from './labs';
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
