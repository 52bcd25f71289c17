/**
 * Saved column mappings, by name, in their own small IndexedDB database (through idb), apart from
 * the labs database so that neither one's version bumps the other. A record is the mapping and
 * when it was saved; saving under an existing name replaces it.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ColumnMapping } from '../../core/io/import/mapping';
import { readMappingText, type SavedMapping } from '../../core/io/import/session/mapping-file';

export const MAPPINGS_DB = 'rollout-lab-mappings';

interface MappingsSchema extends DBSchema {
  mappings: { key: string; value: { name: string; mapping: ColumnMapping; savedAt: number } };
}

let opening: Promise<IDBPDatabase<MappingsSchema>> | null = null;

function mappingsDb(): Promise<IDBPDatabase<MappingsSchema>> {
  opening ??= openDB<MappingsSchema>(MAPPINGS_DB, 1, {
    upgrade(db) {
      db.createObjectStore('mappings', { keyPath: 'name' });
    },
  });
  return opening;
}

export async function listMappings(): Promise<SavedMapping[]> {
  const rows: unknown[] = await (await mappingsDb()).getAll('mappings');
  // read back through the mapping file's own checks: a record that fails is left out (and kept in storage)
  return rows.flatMap((r) => {
    const row = (r ?? {}) as { mapping?: unknown; savedAt?: unknown };
    const read = readMappingText(JSON.stringify(row.mapping ?? null));
    return read.ok ? [{ mapping: read.mapping, savedAt: typeof row.savedAt === 'number' ? row.savedAt : 0 }] : [];
  });
}

export async function saveMapping(mapping: ColumnMapping, now = Date.now()): Promise<void> {
  await (await mappingsDb()).put('mappings', { name: mapping.name, mapping, savedAt: now });
}
