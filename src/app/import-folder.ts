/**
 * Files inside folders: a picked folder (`<input webkitdirectory>`) or a dropped one
 * (`DataTransferItem.webkitGetAsEntry`) is listed by relative path, and each file is opened under
 * that path, so a reader that reads the path (AgentGym-RL's `step{N}/{rank}.json`) keeps it. The
 * Files stay here; the import store holds only their paths.
 */
import { importEvents, useImportStore } from '../state/import-store';
import { openRollouts, openRolloutsUrl, rolloutsUrlFrom } from './import-client';
import type { RunIndex } from '../core/run/run-index';
import type { KeptDirectoryHandle } from './persist/last-import';
import { clearRun, listRunFolder, openRunFolder } from './run-folder';

/** Files the readers may open: JSON, JSON Lines, gzip, CSV and parquet. */
const READABLE = /\.(jsonl|ndjson|json|gz|csv|tsv|parquet)$/i;

const files = new Map<string, File>();

const natural = new Intl.Collator('en', { numeric: true });

/** The readable paths of a folder in natural order (`step2/…` before `step10/…`). */
export function folderOrder(paths: readonly string[]): string[] {
  return paths.filter((p) => READABLE.test(p)).sort(natural.compare); // one collator: localeCompare with options builds one per call
}

/** The path after `current` in `paths` (null at the end, the first one when `current` is not listed). */
export function nextPath(paths: readonly string[], current: string | null): string | null {
  const k = current === null ? -1 : paths.indexOf(current);
  return paths[k + 1] ?? null;
}

/** A picked file's path: relative to the picked folder when there is one, else its name. */
export function relativePathOf(file: File): string {
  return file.webkitRelativePath || file.name;
}

/**
 * List a folder's files (replacing an earlier folder); a training run's folder (steps in its paths)
 * opens as a run (src/app/run-folder.ts: steps, overview, its first step), any other opens its
 * first readable file.
 */
export function listFolder(entries: ReadonlyArray<{ path: string; file: File }>, dir: KeptDirectoryHandle | null = null): void {
  const paths = keepFolder(entries);
  if (openRunFolder(entries, dir)) return;
  if (paths.length > 0) void openFolderFile(paths[0]);
}

function keepFolder(entries: ReadonlyArray<{ path: string; file: File }>): string[] {
  files.clear();
  for (const e of entries) files.set(e.path, e.file);
  const paths = folderOrder([...files.keys()]);
  importEvents.folderListed(paths);
  return paths;
}

/** A directory handle's folder listed again (after a reload), opening nothing: the run's index, or null when it is no run. */
export async function relistDirectory(dir: DirectoryHandle): Promise<RunIndex | null> {
  const found: Array<{ path: string; file: File }> = [];
  await filesOfHandle(dir, dir.name, found);
  keepFolder(found);
  return listRunFolder(found, dir);
}

export async function openFolderFile(path: string): Promise<void> {
  const file = files.get(path);
  if (file) await openRollouts(file, path);
}

/** Open the folder's file after the one on screen (the files one after another). */
export async function openNextFolderFile(): Promise<void> {
  const { folder, fileName } = useImportStore.getState();
  const next = folder ? nextPath(folder, fileName) : null;
  if (next) await openFolderFile(next);
}

/** The file picker's or folder picker's files: one file opens; a folder's files are listed. */
export function openPicked(list: FileList | readonly File[]): void {
  const picked = [...list];
  if (picked.length === 1 && !picked[0].webkitRelativePath) {
    importEvents.folderListed(null);
    clearRun();
    void openRollouts(picked[0], picked[0].name);
    return;
  }
  const entries = picked.map((file) => ({ path: relativePathOf(file), file }));
  // listed in a task of its own: the change event's task already holds the browser's own listing of the folder
  setTimeout(() => listFolder(entries), 0);
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

async function filesUnder(entry: FileSystemEntry, out: Array<{ path: string; file: File }>): Promise<void> {
  if (entry.isFile) {
    out.push({ path: entry.fullPath.replace(/^\//, ''), file: await fileOf(entry as FileSystemFileEntry) });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const child of batch) await filesUnder(child, out);
  }
}

/**
 * A drop: one dropped file opens under its name; a dropped folder (or several files) is listed by
 * path. The entries are taken before the first await (the browser empties the DataTransfer after
 * the drop event).
 */
export async function openDropped(transfer: DataTransfer): Promise<void> {
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.() ?? null);
  const first = transfer.files[0];
  if (entries.some((e) => e === null) || (entries.length === 1 && entries[0]!.isFile)) {
    importEvents.folderListed(null);
    clearRun();
    if (first) await openRollouts(first, first.name);
    return;
  }
  const found: Array<{ path: string; file: File }> = [];
  for (const entry of entries) await filesUnder(entry!, found);
  listFolder(found);
}

/**
 * Drag-and-drop anywhere on the page opens the first dropped file (under its path in a dropped
 * folder) and switches to the import view; `?rollouts=` opens that file at start-up. Returns a
 * function that removes the listeners.
 */
export function startImportSources(search: string): () => void {
  const url = rolloutsUrlFrom(search);
  if (url) {
    window.location.hash = '#import';
    void openRolloutsUrl(url);
  }
  const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
  const over = (e: DragEvent) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    document.body.classList.add('drop-active');
  };
  const leave = (e: DragEvent) => { if (e.relatedTarget === null) document.body.classList.remove('drop-active'); };
  const drop = (e: DragEvent) => {
    document.body.classList.remove('drop-active');
    const transfer = e.dataTransfer;
    if (!transfer || transfer.files.length === 0) return;
    e.preventDefault();
    window.location.hash = '#import';
    void openDropped(transfer);
  };
  window.addEventListener('dragover', over);
  window.addEventListener('dragleave', leave);
  window.addEventListener('drop', drop);
  return () => {
    window.removeEventListener('dragover', over);
    window.removeEventListener('dragleave', leave);
    window.removeEventListener('drop', drop);
  };
}

/** The File System Access directory handle as far as it is used here (not in every DOM typing yet). */
export interface DirectoryHandle extends KeptDirectoryHandle {
  values(): AsyncIterable<DirectoryHandle | { kind: 'file'; name: string; getFile(): Promise<File> }>;
}

async function filesOfHandle(dir: DirectoryHandle, prefix: string, out: Array<{ path: string; file: File }>): Promise<void> {
  for await (const child of dir.values()) {
    const path = `${prefix}/${child.name}`;
    if (child.kind === 'directory') await filesOfHandle(child, path, out);
    else out.push({ path, file: await child.getFile() });
  }
}

/**
 * "Open folder…" through the browser's directory picker (`showDirectoryPicker`) where it has one:
 * answers false when it has none (the caller falls back to `<input webkitdirectory>`); a dismissed
 * picker answers true and opens nothing.
 */
export async function pickDirectory(): Promise<boolean> {
  const picker = (window as unknown as { showDirectoryPicker?: (o?: { mode?: 'read' }) => Promise<DirectoryHandle> }).showDirectoryPicker;
  if (typeof picker !== 'function') return false;
  let dir: DirectoryHandle;
  try {
    dir = await picker.call(window, { mode: 'read' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return true;
    return false; // refused (e.g. inside a frame): the input picker still works
  }
  const found: Array<{ path: string; file: File }> = [];
  await filesOfHandle(dir, dir.name, found);
  listFolder(found, dir);
  return true;
}
