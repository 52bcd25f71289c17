/**
 * Run files the lab refused, kept aside (the `refusedFiles` object store, db.ts's v3 step): a file
 * that fails to decode or validate is never saved as a lab and never opened again, but it is not
 * thrown away either. Its name, size, when it was opened, why it was refused and, up to
 * REFUSED_KEEP_BYTES, its original bytes (a Blob: the browser stores it as binary) are kept, so
 * Saved runs lists it as "could not be opened: <reason>" in every later tab, Export gives the user
 * the very file back, and Delete removes it. Nothing here is ever decoded.
 */
import { randomId } from '../random-id';
import { savedRunsEvents, type RefusedFileSummary } from '../../state/saved-runs-store';
import { labDb } from './db';

/** The largest file whose bytes are kept (a larger one is listed with its reason, without its bytes). */
export const REFUSED_KEEP_BYTES = 64 * 1024 ** 2;

export interface RefusedFileRecord {
  id: string;
  name: string;
  /** The file's size in bytes (also when its bytes were not kept). */
  size: number;
  /** When it was opened and refused (ms since the epoch). */
  refusedAt: number;
  /** The one-line reason it was refused. */
  reason: string;
  /** The file as opened; null when it was larger than REFUSED_KEEP_BYTES. */
  bytes: Blob | null;
}

function summaryOf(r: RefusedFileRecord): RefusedFileSummary {
  return { id: r.id, name: r.name, size: r.size, refusedAt: r.refusedAt, reason: r.reason, bytesKept: r.bytes !== null };
}

/** Keep `file`, refused for `reason`; resolves with its summary once IndexedDB acknowledged it. */
export async function keepRefusedFile(file: Blob, name: string, reason: string): Promise<RefusedFileSummary> {
  const record: RefusedFileRecord = {
    id: randomId(), name, size: file.size, refusedAt: Date.now(), reason,
    // IndexedDB stores a copy of the Blob's bytes, not a handle on the user's file on disk
    bytes: file.size <= REFUSED_KEEP_BYTES ? file.slice(0, file.size, file.type) : null,
  };
  await (await labDb()).put('refusedFiles', record);
  return summaryOf(record);
}

/** Every refused file kept, newest first, into saved-runs-store. */
export async function refreshRefusedFiles(): Promise<void> {
  const records = await (await labDb()).getAll('refusedFiles');
  savedRunsEvents.refusedFilesListed(records.map(summaryOf).sort((a, b) => b.refusedAt - a.refusedAt));
}

/** The kept bytes of refused file `id` (null: gone, or too large to have been kept). */
export async function refusedFileBytes(id: string): Promise<Blob | null> {
  return (await (await labDb()).get('refusedFiles', id))?.bytes ?? null;
}

export async function deleteRefusedFile(id: string): Promise<void> {
  await (await labDb()).delete('refusedFiles', id);
  await refreshRefusedFiles();
}
