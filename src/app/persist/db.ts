/**
 * The lab's IndexedDB database as the page sees it: workers/lab-db.ts (the one schema, its stores
 * and numbered upgrades, shared with the trainer worker, which saves iterations itself) with a
 * saved lab's config typed as the page's LabConfig.
 */
import type { IDBPDatabase } from 'idb';
import { labDb as openLabDb, type LabRecord as StoredLab, type LabSchema as StoredSchema } from '../../../workers/lab-db';
import type { LabConfig } from '../../state/lab-config';

export { DB_NAME, DB_VERSION, isQuotaError, labRange, onConnectionLost, runRange, type RefusedFileRecord, type SavedRunMeta } from '../../../workers/lab-db';

export type LabRecord = StoredLab<LabConfig>;
export type LabSchema = StoredSchema<LabConfig>;
export type LabDb = IDBPDatabase<LabSchema>;

/** The database, opened once (and again after it was closed under the page). */
export const labDb = openLabDb as () => Promise<LabDb>;
