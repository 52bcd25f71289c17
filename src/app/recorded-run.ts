/**
 * Recorded runs: finished lab runs (one per estimator, same configuration) in one compact file
 * the page can show at once. JSON, gzip-compressed with fflate. A file holds, per run, every
 * iteration's metrics and divergence summary and the full rollout groups of a bounded set of
 * iterations. Each run's final checkpoint sits in a file of its own (weights as base64 float32,
 * no optimizer moments), fetched only when a person continues training from it.
 * `npm run cli -- record-classroom` writes them; the lab reads them (src/app/recorded-client.ts).
 */
import { gunzipSync, gzipSync, strFromU8, strToU8 } from 'fflate';
import type { CheckpointJson } from '../core/train/checkpoint';
import type { IterationMetrics } from '../core/train/metrics';
import type { DivergenceSummary, GroupRecords } from '../state/run-store';
import type { LabConfig } from '../state/lab-config';

export const RECORDED_FORMAT = 'rollout-lab.recorded-runs.v1';
/** At most this many iterations keep their full rollout groups. */
export const MAX_RECORDED_GROUP_ITERATIONS = 8;

export interface RecordedRun {
  estimator: string;
  metrics: IterationMetrics[];
  divergence: DivergenceSummary[];
  /** iteration → its groups, for a bounded set of iterations. */
  groups: Record<number, GroupRecords[]>;
  fingerprint: string | null;
  metricsFingerprint: string | null;
  /** File name (beside the runs file) of the final checkpoint, or null. */
  checkpoint: string | null;
}

export interface RecordedRuns {
  format: typeof RECORDED_FORMAT;
  /** One line: how and when it was recorded. */
  description: string;
  config: LabConfig;
  runs: RecordedRun[];
}

/** Iterations whose groups a recording keeps: 1, the last, and evenly spread ones in between. */
export function recordedIterations(total: number, keep = MAX_RECORDED_GROUP_ITERATIONS): number[] {
  if (total <= 0) return [];
  const picks = new Set<number>([1, total]);
  for (let i = 1; picks.size < Math.min(keep, total) && i < keep; i++) picks.add(Math.max(1, Math.round((total * i) / (keep - 1))));
  return [...picks].sort((a, b) => a - b);
}

/** The groups of every kept iteration but the last, per run (in run order): fetched after first paint. */
export interface RecordedGroups {
  format: 'rollout-lab.recorded-groups.v1';
  runs: Array<Record<number, GroupRecords[]>>;
}

/** Records keep only the compared estimators' advantages (the lab shows no others). */
function slimGroups(groups: GroupRecords[], estimators: readonly string[]): GroupRecords[] {
  return groups.map((group) => group.map((r) => ({
    ...r,
    estimator_advantages: r.estimator_advantages
      ? Object.fromEntries(Object.entries(r.estimator_advantages).filter(([id]) => estimators.includes(id)))
      : r.estimator_advantages,
  })));
}

/**
 * Splits a recording for a fast first paint: the main file keeps each run's metrics, divergence
 * and the last kept iteration's groups; the rest of the groups go to a second file.
 */
export function splitRecording(file: RecordedRuns): { main: RecordedRuns; rest: RecordedGroups } {
  const ids = file.config.estimators;
  const rest: RecordedGroups = { format: 'rollout-lab.recorded-groups.v1', runs: [] };
  const runs = file.runs.map((run) => {
    const iterations = Object.keys(run.groups).map(Number).sort((a, b) => a - b);
    const last = iterations.at(-1);
    const later: Record<number, GroupRecords[]> = {};
    for (const k of iterations) if (k !== last) later[k] = slimGroups(run.groups[k], ids);
    rest.runs.push(later);
    return { ...run, groups: last === undefined ? {} : { [last]: slimGroups(run.groups[last], ids) } };
  });
  return { main: { ...file, runs }, rest };
}

export function encodeRecordedGroups(rest: RecordedGroups): Uint8Array {
  return gzipSync(strToU8(JSON.stringify(rest)), { level: 9, mtime: 0 });
}

export function decodeRecordedGroups(bytes: Uint8Array): RecordedGroups {
  const raw = JSON.parse(strFromU8(gunzipSync(bytes))) as RecordedGroups;
  if (!raw || raw.format !== 'rollout-lab.recorded-groups.v1' || !Array.isArray(raw.runs)) fail('expected format "rollout-lab.recorded-groups.v1"');
  return raw;
}

export function encodeRecordedRuns(file: RecordedRuns): Uint8Array {
  return gzipSync(strToU8(JSON.stringify(file)), { level: 9, mtime: 0 });
}

function fail(why: string): never {
  throw new Error(`not a usable recorded-runs file: ${why}`);
}

/** Parses a gzip (or plain JSON) recorded-runs file; throws a readable error when malformed. */
export function decodeRecordedRuns(bytes: Uint8Array): RecordedRuns {
  const gz = bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  let raw: unknown;
  try {
    raw = JSON.parse(strFromU8(gz ? gunzipSync(bytes) : bytes));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const file = raw as RecordedRuns;
  if (!file || typeof file !== 'object' || file.format !== RECORDED_FORMAT) fail(`expected format "${RECORDED_FORMAT}"`);
  if (!file.config || !Array.isArray(file.config.estimators)) fail('config missing');
  if (!Array.isArray(file.runs) || file.runs.length === 0) fail('no runs');
  for (const run of file.runs) {
    if (typeof run.estimator !== 'string' || !Array.isArray(run.metrics) || !Array.isArray(run.divergence)) fail('a run lacks estimator, metrics or divergence');
    if (!run.groups || typeof run.groups !== 'object') fail(`run ${run.estimator} has no groups`);
    if (Object.keys(run.groups).length > MAX_RECORDED_GROUP_ITERATIONS) fail(`run ${run.estimator} keeps more than ${MAX_RECORDED_GROUP_ITERATIONS} iterations of groups`);
  }
  return file;
}

/** A checkpoint with each weight's data as base64 of its float32 bytes (4 bytes a value, exact). */
export interface PackedCheckpoint extends Omit<CheckpointJson, 'weights' | 'optimizer'> {
  weights: Record<string, { shape: number[]; base64: string }>;
}

function toBase64(values: ArrayLike<number>): string {
  const bytes = new Uint8Array(Float32Array.from(values).buffer);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromBase64(text: string): number[] {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return Array.from(new Float32Array(bytes.buffer));
}

/** Weights packed as base64; the optimizer's moments are dropped (continuing restarts Adam). */
export function packCheckpoint(cp: CheckpointJson): Uint8Array {
  const weights: PackedCheckpoint['weights'] = {};
  for (const [name, w] of Object.entries(cp.weights)) weights[name] = { shape: w.shape, base64: toBase64(w.data) };
  const { optimizer: _o, ...rest } = cp;
  return gzipSync(strToU8(JSON.stringify({ ...rest, weights })), { level: 9, mtime: 0 });
}

/** The packed file back as a CheckpointJson the trainer worker accepts (fresh Adam state). */
export function unpackCheckpoint(bytes: Uint8Array): CheckpointJson {
  const packed = JSON.parse(strFromU8(gunzipSync(bytes))) as PackedCheckpoint;
  const weights: Record<string, { shape: number[]; data: number[] }> = {};
  for (const [name, w] of Object.entries(packed.weights ?? {})) weights[name] = { shape: w.shape, data: fromBase64(w.base64) };
  return { ...packed, weights, optimizer: { iterations: 0, moments: [] } } as unknown as CheckpointJson;
}
