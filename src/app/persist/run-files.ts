/**
 * Opening a run file in the lab: a .rlrun file from disk, read, size-checked, unpacked and
 * validated in a worker (workers/run-file.worker.ts: decodeRunFile behind the archive's declared
 * sizes), becomes a new saved lab of that one run, shown paused at its checkpoint; Train resumes it.
 * The page's thread only receives the decoded run (its tensors transferred, not copied). A file that
 * fails is refused with its reason and never saved as a lab: it is kept aside as it was
 * (refused-files.ts), listed in Saved runs as not openable, and named once in a notice.
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
import { keepRefusedFile, refreshRefusedFiles } from './refused-files';
import { errorText } from '../../core/train/read-back';
import { savedRunsEvents } from '../../state/saved-runs-store';

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

/** Keep refused file `name` aside and say so once; a failure to keep it is said too, and never hides the refusal. */
async function setAside(file: Blob, name: string, reason: string): Promise<void> {
  try {
    await keepRefusedFile(file, name, reason);
    await refreshRefusedFiles();
    savedRunsEvents.noticeAdded(`The run file "${name}" could not be opened (${reason}). It was not saved as a lab; `
      + 'the file is kept in Saved runs, where you can export or delete it.');
  } catch (error) {
    savedRunsEvents.noticeAdded(`The run file "${name}" could not be opened (${reason}), and could not be kept either: ${errorText(error)}.`);
  }
}

/** Open run file `file` (`name`: the file's name, for a Blob without one); rejects with the reason it was refused. */
export async function openRunFile(file: Blob, name = (file as Partial<File>).name ?? 'run file'): Promise<void> {
  const worker = spawnRunFile();
  let saved: SavedRun;
  try {
    saved = await worker.api.decode(file);
  } catch (error) {
    await setAside(file, name, errorText(error));
    throw error;
  } finally {
    worker.terminate();
  }
  const id = await importRunFile(saved, labConfigOfRunFile(saved));
  await refreshList();
  await openLab(id);
}
