/**
 * Opening a run file in the lab: a .rlrun file from disk, read, size-checked, unpacked and
 * validated in a worker (workers/run-file.worker.ts: decodeRunFile behind the archive's declared
 * sizes; a file that fails is refused with its reason and never saved), becomes a new saved lab of
 * that one run, shown paused at its checkpoint; Train resumes it. The page's thread only receives
 * the decoded run (its tensors transferred, not copied).
 */
import type { RunConfig } from '../../core/train/config';
import type { SavedRun } from '../../core/train/run-file';
import { spawnRunFile } from '../workers';
import { DEFAULT_SLACK, type LabConfig } from '../../state/lab-config';
import type { BackendRequest } from '../../../workers/backend-request';
import type { ParamValue } from '../../core/params/spec';
import { importRunFile } from './labs';
import { refreshList } from './recorder';
import { openLab } from './restore';

/**
 * The lab configuration that shows what the run trains with: its checkpoint's config (the one the
 * worker resumes from) or else the file's, with the estimator's own parameters in the lab's
 * per-estimator table, where the form reads them.
 */
export function labConfigOfRunFile(saved: SavedRun): LabConfig {
  const run: RunConfig = saved.checkpoint?.config ?? saved.config;
  const params = run.estimatorParams as Record<string, ParamValue>;
  return {
    run: { ...run, estimatorParams: {} },
    estimators: [run.estimator],
    backend: (saved.lab?.backend ?? 'auto') as BackendRequest,
    slack: saved.lab?.slack ?? DEFAULT_SLACK,
    ...(Object.keys(params).length > 0 ? { estimatorParams: { [run.estimator]: { ...params } } } : {}),
  };
}

export async function openRunFile(file: Blob): Promise<void> {
  const worker = spawnRunFile();
  let saved: SavedRun;
  try {
    saved = await worker.api.decode(file);
  } finally {
    worker.terminate();
  }
  const id = await importRunFile(saved, labConfigOfRunFile(saved));
  await refreshList();
  await openLab(id);
}
