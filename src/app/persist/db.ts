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
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Checkpoint } from '../../core/train/checkpoint';
import type { IterationMetrics } from '../../core/train/metrics';
import type { SavedDivergence, SavedReport } from '../../core/train/run-file';
import type { LabConfig } from '../../state/lab-config';

export const DB_NAME = 'rollout-lab';
export const DB_VERSION = 1;

export interface SavedRunMeta {
  id: string;
  estimator: string;
  fingerprint: string | null;
  metricsFingerprint: string | null;
}

export interface LabRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  config: LabConfig;
  runs: SavedRunMeta[];
  /** runId → iteration of its saved checkpoint (0: none yet). */
  checkpointIterations: Record<string, number>;
}

type IterationKey = [string, string, number];

export interface LabSchema extends DBSchema {
  labs: { key: string; value: LabRecord };
  metrics: { key: IterationKey; value: IterationMetrics };
  divergence: { key: IterationKey; value: SavedDivergence };
  reports: { key: IterationKey; value: SavedReport };
  checkpoints: { key: [string, string]; value: Checkpoint };
}

export type LabDb = IDBPDatabase<LabSchema>;

let opening: Promise<LabDb> | null = null;

export function labDb(): Promise<LabDb> {
  opening ??= openDB<LabSchema>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('labs', { keyPath: 'id' });
      db.createObjectStore('metrics');
      db.createObjectStore('divergence');
      db.createObjectStore('reports');
      db.createObjectStore('checkpoints');
    },
  });
  return opening;
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
