/**
 * Recorded runs: finished lab runs (one per estimator, same configuration) in one compact file
 * the page can show at once. JSON, gzip-compressed with fflate. A file holds, per run, every
 * iteration's metrics and divergence summary and the full rollout groups of a bounded set of
 * iterations. Each run also ships as a run file of its own (`<id>.<estimator>.rlrun`: weights and
 * Adam state, the one checkpoint form), fetched only when a person continues training from it.
 * `npm run cli -- record-classroom` writes them; the lab reads them (src/app/recorded-client.ts).
 */
import { gunzipSync, gzipSync, strFromU8, strToU8 } from 'fflate';
import type { IterationMetrics } from '../core/train/metrics';
import type { DivergenceSummary, GroupRecords } from '../state/run-store';
import { z } from '../core/io/zod';
import { parseOrThrow } from '../core/train/read-back';
import { onlyEstimators } from '../core/train/lab-report';
import type { LabConfig } from '../state/lab-config';
import { checkLabConfig } from './persist/lab-schema';

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
  /** File name (beside the runs file) of the run's run file (.rlrun: final weights and Adam state), or null. */
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
    estimator_advantages: r.estimator_advantages ? onlyEstimators(r.estimator_advantages, estimators) : r.estimator_advantages,
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

/**
 * The file's text, whether the bytes are still gzip (magic 1f 8b: a plain static server) or were
 * already decompressed by the browser (a server that sends `Content-Encoding: gzip` for `.gz`, as
 * vite's dev and preview servers do).
 */
export function recordedText(bytes: Uint8Array): string {
  const gz = bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  return strFromU8(gz ? gunzipSync(bytes) : bytes);
}

export function decodeRecordedGroups(bytes: Uint8Array): RecordedGroups {
  const raw = JSON.parse(recordedText(bytes)) as RecordedGroups;
  if (!raw || raw.format !== 'rollout-lab.recorded-groups.v1' || !Array.isArray(raw.runs)) fail('expected format "rollout-lab.recorded-groups.v1"');
  return raw;
}

export function encodeRecordedRuns(file: RecordedRuns): Uint8Array {
  return gzipSync(strToU8(JSON.stringify(file)), { level: 9, mtime: 0 });
}

function fail(why: string): never {
  throw new Error(`not a usable recorded-runs file: ${why}`);
}

const recordedRun = z.object({
  estimator: z.string({ error: 'must be a string' }),
  metrics: z.array(z.looseObject({ iteration: z.number().int().min(1) }), { error: 'must be a list of iteration metrics' }),
  divergence: z.array(z.looseObject({ iteration: z.number().int().min(1) }), { error: 'must be a list' }),
  groups: z.record(z.string().regex(/^\d+$/, { error: 'keys must be iterations' }), z.array(z.array(z.looseObject({}))), { error: 'must map iterations to groups' }),
  fingerprint: z.string().nullable(),
  metricsFingerprint: z.string().nullable(),
  checkpoint: z.string().nullable(),
});
const recordingSchema = z.object({
  description: z.string({ error: 'must be a string' }),
  config: z.unknown(),
  runs: z.array(recordedRun, { error: 'must be a list of runs' }).min(1, { error: 'no runs' }),
});

/** Parses a gzip (or plain JSON) recorded-runs file; throws a readable one-line error when malformed. */
export function decodeRecordedRuns(bytes: Uint8Array): RecordedRuns {
  let raw: unknown;
  try {
    raw = JSON.parse(recordedText(bytes));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (!raw || typeof raw !== 'object' || (raw as { format?: unknown }).format !== RECORDED_FORMAT) fail(`expected format "${RECORDED_FORMAT}"`);
  const where = 'not a usable recorded-runs file';
  const parsed = parseOrThrow(recordingSchema, raw, where);
  const config = checkLabConfig(parsed.config, where);
  for (const run of parsed.runs) {
    if (Object.keys(run.groups).length > MAX_RECORDED_GROUP_ITERATIONS) fail(`run ${run.estimator} keeps more than ${MAX_RECORDED_GROUP_ITERATIONS} iterations of groups`);
  }
  return { ...(raw as RecordedRuns), config };
}
