/**
 * Saved labs in IndexedDB: create, save an iteration (one transaction: its metrics, its report
 * when the bounded policy keeps it, the reports that policy now drops, and the checkpoint when one
 * is given), list, load, rename, delete, and convert to and from run files (SavedRun).
 * A failed transaction changes nothing, so a quota error never loses what was already saved.
 */
import { randomId } from '../random-id';
import { estimatorLabel } from '../../core/advantage/registry';
import type { Checkpoint } from '../../core/train/checkpoint';
import type { IterationMetrics } from '../../core/train/metrics';
import type { SavedDivergence, SavedReport, SavedRun } from '../../core/train/run-file';
import type { SavedLabSummary } from '../../state/saved-runs-store';
import type { LabConfig } from '../../state/lab-config';
import { labDb, labRange, type LabRecord, type SavedRunMeta } from './db';
import { saveIterations, type IterationRecord } from '../../../workers/lab-save';
import { checkLabRecord, checkStoredCheckpoint } from './lab-schema';
import { errorText } from '../../core/train/read-back';

export { saveIterations, type IterationRecord };

export interface LoadedRun {
  meta: SavedRunMeta;
  /** Up to the checkpoint's iteration (later ones are retrained on resume). */
  metrics: IterationMetrics[];
  divergence: SavedDivergence[];
  reports: SavedReport[];
  checkpoint: Checkpoint | null;
}

export interface LoadedLab {
  lab: LabRecord;
  runs: LoadedRun[];
}

function defaultName(config: LabConfig, at: Date): string {
  const time = at.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  return `${config.estimators.map(estimatorLabel).join(' vs ')} · ${config.run.env} · ${time}`;
}

export async function createLab(config: LabConfig, runs: Array<{ id: string; estimator: string }>, name?: string): Promise<LabRecord> {
  const now = Date.now();
  const lab: LabRecord = {
    id: randomId(), name: name ?? defaultName(config, new Date(now)), createdAt: now, updatedAt: now, config,
    runs: runs.map((r) => ({ ...r, fingerprint: null, metricsFingerprint: null })),
    checkpointIterations: Object.fromEntries(runs.map((r) => [r.id, 0])),
  };
  await (await labDb()).put('labs', lab);
  return lab;
}

function summaryOf(raw: unknown): SavedLabSummary {
  let lab: LabRecord;
  try {
    lab = checkLabRecord(raw);
  } catch (error) {
    const r = (raw ?? {}) as Partial<Record<keyof LabRecord, unknown>>;
    const name = typeof r.name === 'string' ? r.name : typeof r.id === 'string' ? r.id : 'a saved lab';
    return { id: String(r.id), name, updatedAt: typeof r.updatedAt === 'number' ? r.updatedAt : 0, estimators: [], env: '', iteration: 0, problem: errorText(error) };
  }
  const its = lab.runs.map((r) => lab.checkpointIterations[r.id] ?? 0);
  return {
    id: lab.id, name: lab.name, updatedAt: lab.updatedAt, estimators: lab.runs.map((r) => r.estimator),
    env: lab.config.run.env, iteration: its.length ? Math.min(...its) : 0, problem: null,
  };
}

/** Newest first; a lab that fails validation is listed with its problem. */
export async function listLabs(): Promise<SavedLabSummary[]> {
  const labs = await (await labDb()).getAll('labs');
  return labs.map(summaryOf).sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Saved lab `id`, validated (a ReadBackError names what cannot be used); null when there is none. */
export async function loadLab(id: string): Promise<LoadedLab | null> {
  const db = await labDb();
  const raw = await db.get('labs', id);
  if (!raw) return null;
  const lab = checkLabRecord(raw);
  const runs = await Promise.all(lab.runs.map(async (meta): Promise<LoadedRun> => {
    const stored = (await db.get('checkpoints', [id, meta.id])) ?? null;
    const checkpoint = stored && checkStoredCheckpoint(stored, meta.id);
    const upTo = checkpoint?.iteration ?? 0;
    const inRange = IDBKeyRange.bound([id, meta.id, 1], [id, meta.id, upTo]);
    if (upTo === 0) return { meta, metrics: [], divergence: [], reports: [], checkpoint };
    const [metrics, divergence, reports] = await Promise.all([
      db.getAll('metrics', inRange), db.getAll('divergence', inRange), db.getAll('reports', inRange),
    ]);
    return { meta, metrics, divergence, reports, checkpoint };
  }));
  return { lab, runs };
}

export async function renameLab(id: string, name: string): Promise<void> {
  const db = await labDb();
  const lab = await db.get('labs', id);
  if (lab) await db.put('labs', { ...lab, name });
}

export async function deleteLab(id: string): Promise<void> {
  const db = await labDb();
  const tx = db.transaction(['labs', 'metrics', 'divergence', 'reports', 'checkpoints'], 'readwrite');
  void tx.objectStore('labs').delete(id);
  for (const store of ['metrics', 'divergence', 'reports', 'checkpoints'] as const) void tx.objectStore(store).delete(labRange(id));
  await tx.done;
}

/** Store the runs of a run file as a new saved lab (one run per file); returns its id. */
export async function importRunFile(saved: SavedRun, labConfig: LabConfig): Promise<string> {
  const runId = `run-1-${saved.config.estimator}`;
  const lab = await createLab(labConfig, [{ id: runId, estimator: saved.config.estimator }], saved.name);
  const db = await labDb();
  const tx = db.transaction(['labs', 'metrics', 'divergence', 'reports', 'checkpoints'], 'readwrite');
  const upTo = saved.checkpoint?.iteration ?? 0;
  for (const m of saved.metrics) if (m.iteration <= upTo) void tx.objectStore('metrics').put(m, [lab.id, runId, m.iteration]);
  for (const r of saved.reports) {
    if (r.iteration > upTo) continue;
    void tx.objectStore('reports').put(r, [lab.id, runId, r.iteration]);
    if (r.divergence) void tx.objectStore('divergence').put(r.divergence, [lab.id, runId, r.iteration]);
  }
  if (saved.checkpoint) void tx.objectStore('checkpoints').put(saved.checkpoint, [lab.id, runId]);
  void tx.objectStore('labs').put({ ...lab, checkpointIterations: { [runId]: upTo } });
  await tx.done;
  return lab.id;
}

/**
 * Everything stored for saved lab `id`, as read (not validated: this is how a lab that cannot be
 * opened is taken out of the browser), as JSON text; typed arrays (weights) become number lists.
 */
export async function rawLabJson(id: string): Promise<string> {
  const db = await labDb();
  const tx = db.transaction(['labs', 'metrics', 'divergence', 'reports', 'checkpoints']);
  const out: Record<string, unknown> = { format: 'rollout-lab.saved-lab-rows', lab: await tx.objectStore('labs').get(id) };
  for (const store of ['metrics', 'divergence', 'reports', 'checkpoints'] as const) {
    const keys = await tx.objectStore(store).getAllKeys(labRange(id));
    const values = await tx.objectStore(store).getAll(labRange(id));
    out[store] = keys.map((key, i) => ({ key, value: values[i] }));
  }
  await tx.done;
  return JSON.stringify(out, (_key, value: unknown) => (ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : value), 1);
}
