/**
 * The lab's IndexedDB database (through idb). A saved lab is one configuration (the share link's
 * object) and its runs, one per estimator, split across object stores so that each iteration writes
 * only what is new:
 *
 *   labs         LabRecord, by id: name, config, runs, the iteration of each run's saved checkpoint
 *   metrics      IterationMetrics, by [labId, runId, iteration] (every iteration)
 *   divergence   DivergenceSummary, by [labId, runId, iteration] (every iteration: the bands)
 *   reports      SavedReport, by [labId, runId, iteration] (the bounded set of run-file.ts's keepReport)
 *   checkpoints  Checkpoint, by [labId, runId] (the latest one; weights and Adam moments as
 *                Float32Array, stored by structured clone as binary, not as JSON numbers)
 *   refusedFiles RefusedFileRecord, by id: a run file that could not be opened (never a lab)
 *
 * Versions: each step in UPGRADES takes the database from version i to i + 1, so a database of any
 * older version opens through every step after it.
 *   v1  the five object stores.
 *   v2  checkpoints carry Adam's running products (optimizer.accBeta1 / accBeta2), replayed for
 *       v1 checkpoints from their step count (adamProducts), so their resume is bit-identical.
 *   v3  refusedFiles: run files the lab refused, kept aside with their reason and bytes
 *       (src/app/persist/refused-files.ts); no other store changes.
 *   v4  (the import kept across a reload) the `lastImport` object store: src/app/persist/last-import.ts's two records
 *       by name, the open import's state and the open step's files.
 * What is read back is validated before use (src/app/persist/lab-schema.ts).
 *
 * No DOM and no stores: the page (src/app/persist/db.ts, which types a lab's config as the page's
 * LabConfig) and the trainer worker (lab-save.ts) open the same database through this one module.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import { adamProducts } from '../src/core/train/adam-products';
import type { Checkpoint } from '../src/core/train/checkpoint';
import type { IterationMetrics } from '../src/core/train/metrics';
import type { SavedDivergence, SavedReport } from '../src/core/train/run-file';

export const DB_NAME = 'rollout-lab';
export const DB_VERSION = 4;

export interface SavedRunMeta {
  id: string;
  estimator: string;
  fingerprint: string | null;
  metricsFingerprint: string | null;
}

/** A saved lab; `C` is the page's LabConfig (this layer only carries it). */
export interface LabRecord<C = unknown> {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  config: C;
  runs: SavedRunMeta[];
  /** runId → iteration of its saved checkpoint (0: none yet). */
  checkpointIterations: Record<string, number>;
}

type IterationKey = [string, string, number];

/** A run file the lab refused, kept aside (src/app/persist/refused-files.ts): never opened as a lab. */
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

export interface LabSchema<C = unknown> extends DBSchema {
  labs: { key: string; value: LabRecord<C> };
  metrics: { key: IterationKey; value: IterationMetrics };
  divergence: { key: IterationKey; value: SavedDivergence };
  reports: { key: IterationKey; value: SavedReport };
  checkpoints: { key: [string, string]; value: Checkpoint };
  refusedFiles: { key: string; value: RefusedFileRecord };
  /** v4: the last opened import (src/app/persist/last-import.ts validates what it reads back). */
  lastImport: { key: string; value: unknown };
}

export type LabDb<C = unknown> = IDBPDatabase<LabSchema<C>>;

type UpgradeTx = IDBPTransaction<LabSchema, StoreNames<LabSchema>[], 'versionchange'>;

/** UPGRADES[i] takes version i to i + 1 (inside the versionchange transaction). */
const UPGRADES: ReadonlyArray<(db: LabDb, tx: UpgradeTx) => Promise<void> | void> = [
  (db) => {
    db.createObjectStore('labs', { keyPath: 'id' });
    db.createObjectStore('metrics');
    db.createObjectStore('divergence');
    db.createObjectStore('reports');
    db.createObjectStore('checkpoints');
  },
  async (_db, tx) => {
    for (let cursor = await tx.objectStore('checkpoints').openCursor(); cursor; cursor = await cursor.continue()) {
      const cp = cursor.value as Checkpoint | null;
      const opt = cp?.optimizer as Partial<Checkpoint['optimizer']> | undefined;
      if (!cp || !opt || typeof opt.iterations !== 'number' || opt.accBeta1 !== undefined) continue;
      void cursor.update({ ...cp, optimizer: { ...cp.optimizer, ...adamProducts(opt.iterations) } });
    }
  },
  // v2 → v3: the refused run files' store (src/app/persist/refused-files.ts), on its own
  (db) => {
    db.createObjectStore('refusedFiles', { keyPath: 'id' });
  },
  // v3 → v4: the import kept across a reload (src/app/persist/last-import.ts)
  (db) => {
    db.createObjectStore('lastImport');
  },
];

let opening: Promise<LabDb> | null = null;
let lost: (reason: string) => void = () => undefined;

/**
 * Called when this page's connection goes away: another page asks to delete or upgrade the database
 * (`versionchange`: the connection is closed at once so that it can go ahead, instead of blocking
 * it), or the browser closes it (storage cleared, a disk error: `close`). The next `labDb()` opens
 * it again.
 */
export function onConnectionLost(listener: (reason: string) => void): void {
  lost = listener;
}

export function labDb(): Promise<LabDb> {
  if (opening) return opening;
  const attempt: Promise<LabDb> = openDB<LabSchema>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, tx) {
      let step = Promise.resolve();
      for (let v = oldVersion; v < DB_VERSION; v++) step = step.then(() => UPGRADES[v](db, tx));
      void step.catch(() => tx.abort()); // a failed step changes nothing: openDB rejects, the old version stays
    },
    blocked() {
      lost('another tab of this lab still has the saved runs open with an older version');
    },
    blocking() {
      void attempt.then((db) => db.close());
      forget(attempt, 'another tab or the browser is deleting or upgrading the saved runs');
    },
    terminated() {
      forget(attempt, 'the browser closed the saved runs\' database (site data cleared, or a storage error)');
    },
  });
  opening = attempt;
  attempt.catch(() => forget(attempt, '')); // a failed open is tried again by the next call
  return attempt;
}

function forget(connection: Promise<LabDb>, reason: string): void {
  if (opening !== connection) return;
  opening = null;
  if (reason) lost(reason);
}

/** Key range over one run's per-iteration rows, optionally only those after `after`. */
export function runRange(labId: string, runId: string, after = -Infinity): IDBKeyRange {
  return IDBKeyRange.bound([labId, runId, after], [labId, runId, Infinity], after !== -Infinity);
}

/** Key range over every row of a lab. */
export function labRange(labId: string): IDBKeyRange {
  return IDBKeyRange.bound([labId], [labId, []]);
}

/** True for the error a browser raises when the origin's storage quota is exhausted. */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'QuotaExceededError' || (error instanceof Error && /quota/i.test(error.message));
}
