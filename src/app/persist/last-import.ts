/**
 * The last opened import, kept in the lab's database (db.ts, store `lastImport`) so that a reload
 * brings it back. Two records, by name:
 *
 *   'state'  what was open: a run folder's index (relative paths and sizes, the overview rows so far),
 *            the File System Access directory handle when the folder came from the directory picker
 *            (Chromium stores handles by structured clone), the import's name, the column mapping it
 *            was read through, the filters, the group on screen and the estimators' parameters;
 *   'files'  the open import's files themselves (one file, or every rank of the open step), as Blobs,
 *            when they total at most KEPT_FILES_MAX_BYTES: without a handle (a webkitdirectory pick, a
 *            drop, a single file) they are the only way back, and only that step comes back.
 *
 * Written whole on each change (the state is small; the files only when another import opens). What
 * is read back is checked; a record that fails the check is ignored, as if nothing was kept.
 */
import type { ColumnMapping } from '../../core/io/import/mapping';
import type { EstimatorParamsMap } from '../../core/io/import/session/params';
import type { StepSummaryRow } from '../../core/run/step-summary';
import type { ImportFilters } from '../../state/import-store';
import { labDb } from './db';

/** The most bytes of files kept for a reload (past it, only the state is kept and the folder must be re-opened). */
export const KEPT_FILES_MAX_BYTES = 64 * 1024 * 1024;

/** A File System Access directory handle as far as it is kept and asked here (not in every DOM typing yet). */
export interface KeptDirectoryHandle {
  kind: 'directory';
  name: string;
  queryPermission?(descriptor: { mode: 'read' }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: 'read' }): Promise<PermissionState>;
}

export interface LastImportState {
  /** Tells this import's 'files' record from an older one's. */
  id: string;
  /** A run folder (steps from its paths), or one file (picked, dropped, or one file of a folder). */
  kind: 'run' | 'file';
  /** The name the import goes by (a step's `ROOT step N (K files)`, or the file's path). */
  importName: string;
  mapping: ColumnMapping | null;
  filters: ImportFilters;
  groupIndex: number | null;
  params: EstimatorParamsMap;
  run: {
    name: string;
    listing: Array<{ path: string; bytes: number }>;
    rows: StepSummaryRow[];
    /** The index position of the open step. */
    opened: number;
    handle: KeptDirectoryHandle | null;
  } | null;
  savedAt: number;
}

export interface LastImportFiles {
  id: string;
  importName: string;
  files: Array<{ path: string; file: Blob }>;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isIndex = (x: unknown) => x === null || (Number.isInteger(x) && (x as number) >= 0);

/** Whether a record read back is a kept state this code can restore (exported for its test). */
export function validState(x: unknown): x is LastImportState {
  if (!isObject(x) || typeof x.id !== 'string' || (x.kind !== 'run' && x.kind !== 'file') || typeof x.importName !== 'string') return false;
  if (!isObject(x.filters) || !isObject(x.params) || !isIndex(x.groupIndex) || !(x.mapping === null || isObject(x.mapping))) return false;
  if (x.kind === 'file') return x.run === null;
  const run = x.run;
  return isObject(run) && typeof run.name === 'string' && Array.isArray(run.listing) && Array.isArray(run.rows) && isIndex(run.opened) && run.opened !== null
    && (run.listing as unknown[]).every((f) => isObject(f) && typeof f.path === 'string' && typeof f.bytes === 'number')
    && (run.opened as number) < run.listing.length + 1
    && (run.handle === null || (isObject(run.handle) && run.handle.kind === 'directory'));
}

function validFiles(x: unknown): x is LastImportFiles {
  return isObject(x) && typeof x.id === 'string' && typeof x.importName === 'string' && Array.isArray(x.files) && x.files.length > 0
    && (x.files as unknown[]).every((f) => isObject(f) && typeof f.path === 'string' && f.file instanceof Blob);
}

export async function saveLastImportState(state: LastImportState): Promise<void> {
  await (await labDb()).put('lastImport', state, 'state');
}

/** Keep the import's files when they fit (answers whether they were kept); an older import's files are dropped either way. */
export async function saveLastImportFiles(files: LastImportFiles): Promise<boolean> {
  const db = await labDb();
  const bytes = files.files.reduce((n, f) => n + f.file.size, 0);
  if (bytes > KEPT_FILES_MAX_BYTES) {
    await db.delete('lastImport', 'files');
    return false;
  }
  await db.put('lastImport', files, 'files');
  return true;
}

/** The kept state and, when they belong to it, its files; null when nothing (valid) was kept. */
export async function readLastImport(): Promise<{ state: LastImportState; files: LastImportFiles | null } | null> {
  const db = await labDb();
  const [state, files] = await Promise.all([db.get('lastImport', 'state'), db.get('lastImport', 'files')]);
  if (!validState(state)) return null;
  return { state, files: validFiles(files) && files.id === state.id && files.importName === state.importName ? files : null };
}

export async function forgetLastImport(): Promise<void> {
  const db = await labDb();
  await Promise.all([db.delete('lastImport', 'state'), db.delete('lastImport', 'files')]);
}
