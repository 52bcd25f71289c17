/**
 * The import kept across a reload (records in src/app/persist/last-import.ts):
 *
 * - while an import is open, what is on screen is saved as it changes: the run's index, the open step,
 *   the mapping, the filters, the group and the parameters, and the overview rows once the overview
 *   has ended (coalesced, one write at a time); when another import opens, its files are saved too
 *   (bounded: KEPT_FILES_MAX_BYTES);
 * - the kept import comes back when the import view (`#import`) is first shown, at once when the page
 *   opens on it (`reopenOnImportView`: a page that never shows it never reads up to 64 MB back). A run picked through the directory picker is listed again
 *   from its stored handle when the browser still grants reading it (every step opens, the overview
 *   streams again); when the browser asks first, or the run came without a handle (webkitdirectory,
 *   a drop), the kept step comes back from its kept files with the index and the overview rows, and
 *   the run view says "re-open the folder to see every step" (with a "Re-open <folder>" button that
 *   asks for the handle's permission, when there is one). One file comes back from its kept file.
 */
import { useImportStore } from '../state/import-store';
import { useRunStore } from '../state/run-folder-store';
import { lastOpened, openRollouts } from './import-client';
import { relistDirectory, type DirectoryHandle } from './import-folder';
import { readLastImport, saveLastImportFiles, saveLastImportState, type KeptDirectoryHandle, type LastImportState } from './persist/last-import';
import { openRun, openRunStep, restoreRunWithoutFolder, runStepName, streamRunOverview } from './run-folder';
import { randomId } from './random-id';

let restoring = false;
/** The open import's id and the Blobs last kept for it (a restored import's own files are not written back). */
let current: { id: string; fileName: string } | null = null;
let keptBlobs: readonly Blob[] = [];

/** What is on screen, as kept for a reload; null when no import is open. */
function stateNow(id: string): LastImportState | null {
  const s = useImportStore.getState();
  if (s.status !== 'done' || !s.summary || s.fileName === null) return null;
  const run = openRun();
  const opened = useRunStore.getState().opened;
  const mapping = lastOpened()?.fileName === s.fileName ? lastOpened()!.mapping : null;
  const base = { id, importName: s.fileName, mapping, filters: s.filters, groupIndex: s.groupIndex, params: s.summary.params, savedAt: Date.now() };
  if (run && opened !== null && runStepName(opened) === s.fileName) {
    return { ...base, kind: 'run', run: { ...run, rows: useRunStore.getState().rows, opened } };
  }
  return { ...base, kind: 'file', run: null };
}

let writing: Promise<void> = Promise.resolve();
let pending = false;

/** Save the state (and, for an import not kept yet, its files) once the write before has finished. */
function scheduleSave(): void {
  if (restoring || pending) return;
  pending = true;
  writing = writing.then(async () => {
    await new Promise((r) => setTimeout(r, 200)); // coalesce a burst (group list, group, overview rows)
    pending = false;
    const s = useImportStore.getState();
    if (s.status !== 'done' || s.fileName === null) return;
    const opened = lastOpened();
    if (current?.fileName !== s.fileName && opened?.fileName === s.fileName) {
      current = { id: randomId(), fileName: s.fileName };
      const same = opened.files.length === keptBlobs.length && opened.files.every((f, k) => f.file === keptBlobs[k]);
      if (!same) await saveLastImportFiles({ id: current.id, importName: s.fileName, files: opened.files });
      keptBlobs = opened.files.map((f) => f.file);
    }
    const state = current ? stateNow(current.id) : null;
    if (state) await saveLastImportState(state);
  }).catch((error: unknown) => console.warn('the import could not be kept for a reload:', error));
}

/** Keep the open import as it changes; returns the unsubscribe. */
export function startKeepingImport(): () => void {
  const offImport = useImportStore.subscribe((s, before) => {
    if (s.status === 'done' && (s !== before)) scheduleSave();
  });
  // the overview rows are kept when the overview ends (or another step opens), not as each row comes:
  // a write per row would clone the whole state once per step, O(steps²) on the page's thread
  const offRun = useRunStore.subscribe((s, before) => {
    if (s.overview !== before.overview || s.opened !== before.opened) scheduleSave();
  });
  return () => {
    offImport();
    offRun();
  };
}

const permission = async (dir: KeptDirectoryHandle, ask: boolean): Promise<PermissionState> => {
  const call = ask ? dir.requestPermission : dir.queryPermission;
  return call ? call.call(dir, { mode: 'read' }) : 'granted';
};

/** The run listed again from its handle, the kept step (or the first) opened, the view put back, the overview streamed. */
async function reopenFromHandle(state: LastImportState & { run: NonNullable<LastImportState['run']> }): Promise<boolean> {
  const index = await relistDirectory(state.run.handle as DirectoryHandle);
  if (!index) return false;
  const same = runStepName(state.run.opened) === state.importName;
  await openRunStep(same ? state.run.opened : 0, state.mapping ?? undefined, same ? state : undefined);
  void streamRunOverview();
  return true;
}

/** Bring the kept import back (nothing when another import has started meanwhile). */
export async function reopenLastImport(): Promise<void> {
  const kept = await readLastImport().catch(() => null);
  if (!kept || useImportStore.getState().status !== 'idle') return;
  const { state, files } = kept;
  restoring = true;
  try {
    if (state.run) {
      const run = state.run;
      if (run.handle && (await permission(run.handle, false).catch(() => 'denied')) === 'granted' && (await reopenFromHandle({ ...state, run }))) return;
      restoreRunWithoutFolder(run.name, run.listing, run.rows, files?.files ?? [], run.handle);
      if (files) await openRunStep(run.opened, state.mapping ?? undefined, state);
    } else if (files) {
      await openRollouts(files.files[0].file, state.importName, state.mapping ?? undefined, state);
    }
    if (files) {
      current = { id: state.id, fileName: state.importName };
      keptBlobs = files.files.map((f) => f.file);
    }
  } finally {
    restoring = false;
    scheduleSave();
  }
}

const showsImport = (hash: string): boolean => hash.replace(/^#\/?/, '').split('/')[0] === 'import';

/** Bring the kept import back (`reopenLastImport`) when the import view is first shown: now, when it is shown already. */
export function reopenOnImportView(): void {
  if (showsImport(location.hash)) {
    void reopenLastImport();
    return;
  }
  const onChange = () => {
    if (!showsImport(location.hash)) return;
    window.removeEventListener('hashchange', onChange);
    void reopenLastImport();
  };
  window.addEventListener('hashchange', onChange);
}

/** "Re-open <folder>": ask for the kept handle's permission (a click), then list the folder and keep the open step and view. */
export async function reopenRunFolder(): Promise<void> {
  const kept = await readLastImport().catch(() => null);
  const handle = kept?.state.run?.handle;
  if (!handle || (await permission(handle, true).catch(() => 'denied')) !== 'granted') return;
  const state = stateNow(current?.id ?? kept.state.id) ?? kept.state;
  if (!state.run) return;
  restoring = true;
  try {
    await reopenFromHandle({ ...state, run: { ...state.run, handle } });
  } finally {
    restoring = false;
    scheduleSave();
  }
}

