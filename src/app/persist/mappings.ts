/**
 * Saved column mappings, by name, in their own small IndexedDB database (through idb), apart from
 * the labs database so that neither one's version bumps the other. A record is the mapping and
 * when it was saved; saving under an existing name replaces it.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ColumnMapping } from '../../core/io/import/mapping';
import type { SavedMapping } from '../../core/import/mapping-file';

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
  const rows = await (await mappingsDb()).getAll('mappings');
  return rows.map((r) => ({ mapping: r.mapping, savedAt: r.savedAt }));
}

export async function saveMapping(mapping: ColumnMapping, now = Date.now()): Promise<void> {
  await (await mappingsDb()).put('mappings', { name: mapping.name, mapping, savedAt: now });
}
