/**
 * Run files (`.rlrun`): one training run as one file, written by the lab ("Export run") and by
 * `train --checkpoint`, read by the lab and by `train --resume` / `eval --checkpoint`.
 *
 * The file is a plain ZIP archive (fflate, deflate level 6) with two entries, so any unzip tool
 * can look inside:
 *
 *   run.json     UTF-8 JSON: { format: 'rollout-lab.run.v1', id, name, createdAt, updatedAt,
 *                config, lab, metrics, reports, checkpoint, tensors }. `checkpoint` is the
 *                Checkpoint without its numbers: every weight and Adam moment is
 *                { shape, offset, length } into tensors.bin (offset in bytes, length in values);
 *                its own `format` (CHECKPOINT_FORMAT) versions the weights it must hold.
 *   tensors.bin  the weights and Adam moments, float32 little-endian, concatenated in the order of
 *                run.json (weights in WEIGHT_NAMES order, then the moments), no padding.
 *
 * Float32 values round-trip bit for bit (they are copied as bytes, never printed as decimals).
 * Resuming needs only `checkpoint` (config, iteration, vocabulary, weights, Adam step and moments):
 * every random stream derives from config.seed and the iteration (deriveSeed), so there is no RNG
 * state to store. `metrics` are the curves, `reports` a bounded set of iteration reports (see
 * REPORT_KEEP), `lab` the rest of the lab's share-link configuration (the runs compared side by side).
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { TrainedTrajectoryV1 } from '../rollout/records';
import { WEIGHT_NAMES, type WeightData, type WeightsData } from '../policy/model';
import { CHECKPOINT_FORMAT, type Checkpoint } from './checkpoint';
import type { RunConfig } from './config';
import type { IterationMetrics } from './metrics';

export const RUN_FILE_FORMAT = 'rollout-lab.run.v1';
export const RUN_FILE_EXTENSION = '.rlrun';
export const RUN_FILE_MIME = 'application/vnd.rollout-lab.run+zip';

/** The lab configuration besides the run's own RunConfig (the same fields as the share link). */
export interface SavedLabLink {
  /** Estimator ids compared side by side (this run is one of them). */
  estimators: string[];
  backend: string;
  slack: number;
}

/** Quantiles of A_y − A_x over one iteration's responses (x, y: the lab's first two estimators). */
export interface SavedDivergence {
  iteration: number;
  /** p10, p25, p50, p75, p90 */
  quantiles: [number, number, number, number, number];
  count: number;
}

/** One iteration's rollout groups as the lab shows them (per task, its G records). */
export interface SavedReport {
  iteration: number;
  groups: TrainedTrajectoryV1[][];
  divergence: SavedDivergence | null;
}

export interface SavedRun {
  format: typeof RUN_FILE_FORMAT;
  id: string;
  name: string;
  /** ISO 8601 times. */
  createdAt: string;
  updatedAt: string;
  config: RunConfig;
  /** The lab's link configuration the run was started with; null from the CLI. */
  lab: SavedLabLink | null;
  /** Every completed iteration's metrics, in order. */
  metrics: IterationMetrics[];
  /** Latest checkpoint; null when none was taken (the run cannot resume, the curves still open). */
  checkpoint: Checkpoint | null;
  /** Iteration reports kept by `keepReport`, in iteration order. */
  reports: SavedReport[];
}

/**
 * Bounded reports: iteration 1 (the groups every run shares), the `last` latest iterations, and
 * every `every`-th iteration. 1,000 iterations keep at most 1 + 30 + 20 = 51 reports.
 */
export const REPORT_KEEP = { last: 30, every: 50 } as const;

/** Whether iteration `iteration`'s report is kept once `latest` iterations have completed. */
export function keepReport(iteration: number, latest: number): boolean {
  if (iteration < 1 || iteration > latest) return false;
  return iteration === 1 || iteration > latest - REPORT_KEEP.last || iteration % REPORT_KEEP.every === 0;
}

/** The reports `keepReport` keeps at `latest`. */
export function keptReports<R extends { iteration: number }>(reports: readonly R[], latest: number): R[] {
  return reports.filter((r) => keepReport(r.iteration, latest));
}

interface TensorRef {
  shape: number[];
  offset: number;
  length: number;
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function float32Bytes(data: Float32Array): Uint8Array {
  if (littleEndian) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const out = new Uint8Array(data.length * 4);
  const view = new DataView(out.buffer);
  data.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return out;
}

function float32From(bin: Uint8Array, ref: TensorRef, what: string): Float32Array {
  const size = ref.shape.reduce((a, b) => a * b, 1);
  if (size !== ref.length || ref.offset < 0 || ref.offset + ref.length * 4 > bin.length) {
    throw new Error(`run file: ${what} does not fit tensors.bin (shape [${ref.shape}], ${ref.length} values at byte ${ref.offset})`);
  }
  const bytes = bin.slice(ref.offset, ref.offset + ref.length * 4); // a fresh, aligned copy
  if (littleEndian) return new Float32Array(bytes.buffer);
  const view = new DataView(bytes.buffer);
  return Float32Array.from({ length: ref.length }, (_, i) => view.getFloat32(i * 4, true));
}

/** SavedRun → the bytes of a .rlrun file. */
export function encodeRunFile(run: SavedRun): Uint8Array {
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const put = (w: WeightData): TensorRef => {
    const ref = { shape: w.shape.slice(), offset, length: w.data.length };
    chunks.push(float32Bytes(w.data));
    offset += w.data.byteLength;
    return ref;
  };
  const cp = run.checkpoint;
  const checkpoint = cp && {
    format: cp.format, config: cp.config, iteration: cp.iteration, vocabulary: cp.vocabulary,
    weights: Object.fromEntries(WEIGHT_NAMES.map((name) => [name, put(cp.weights[name])])),
    optimizer: { iterations: cp.optimizer.iterations, moments: cp.optimizer.moments.map((m) => ({ name: m.name, ...put(m) })) },
  };
  const header = {
    format: RUN_FILE_FORMAT, id: run.id, name: run.name, createdAt: run.createdAt, updatedAt: run.updatedAt,
    config: run.config, lab: run.lab, metrics: run.metrics, reports: run.reports, checkpoint,
    tensors: { file: 'tensors.bin', dtype: 'float32', byteOrder: 'little-endian', bytes: offset },
  };
  const bin = new Uint8Array(offset);
  let at = 0;
  for (const c of chunks) {
    bin.set(c, at);
    at += c.length;
  }
  return zipSync({ 'run.json': strToU8(JSON.stringify(header)), 'tensors.bin': bin }, { level: 6 });
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function notARunFile(bytes: Uint8Array): Error {
  const head = strFromU8(bytes.subarray(0, 200)).trimStart();
  const checkpoint = /rollout-lab\.checkpoint\.v\d+/.exec(head);
  if (head.startsWith('{') && checkpoint) {
    return new Error(`this is a JSON checkpoint (${checkpoint[0]}), not a run file (${RUN_FILE_FORMAT}); read it with checkpointFromJson`);
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return new Error('this is a gzip file, not a Rollout Lab run file (a .rlrun file is a ZIP archive)');
  return new Error('not a Rollout Lab run file (expected a ZIP archive holding run.json and tensors.bin)');
}

function requireField(ok: boolean, what: string): void {
  if (!ok) throw new Error(`run file: ${what}`);
}

/** The bytes of a .rlrun file → SavedRun; a readable error for other files, versions or damage. */
export function decodeRunFile(bytes: Uint8Array): SavedRun {
  if (bytes.length < 4 || ZIP_MAGIC.some((b, i) => bytes[i] !== b)) throw notARunFile(bytes);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new Error(`run file is damaged (the ZIP archive does not unpack: ${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  if (!entries['run.json']) throw new Error('not a Rollout Lab run file (the archive has no run.json)');
  let h: Record<string, unknown>;
  try {
    h = JSON.parse(strFromU8(entries['run.json'])) as Record<string, unknown>;
  } catch (error) {
    throw new Error('run file is damaged (run.json is not valid JSON)', { cause: error });
  }
  const format = typeof h?.format === 'string' ? h.format : '';
  if (format !== RUN_FILE_FORMAT) {
    const version = /^rollout-lab\.run\.v(\d+)$/.exec(format);
    if (version) throw new Error(`this run file has format ${format}, written by another version of Rollout Lab; this version reads ${RUN_FILE_FORMAT} only`);
    throw new Error(`not a Rollout Lab run file (run.json has format "${format}", expected "${RUN_FILE_FORMAT}")`);
  }
  requireField(typeof h.id === 'string' && typeof h.name === 'string', 'id and name must be strings');
  requireField(typeof h.config === 'object' && h.config !== null, 'config is missing');
  requireField(Array.isArray(h.metrics), 'metrics must be a list');
  requireField(Array.isArray(h.reports), 'reports must be a list');
  return {
    format: RUN_FILE_FORMAT,
    id: h.id as string,
    name: h.name as string,
    createdAt: String(h.createdAt ?? ''),
    updatedAt: String(h.updatedAt ?? ''),
    config: h.config as RunConfig,
    lab: (h.lab ?? null) as SavedLabLink | null,
    metrics: h.metrics as IterationMetrics[],
    reports: h.reports as SavedReport[],
    checkpoint: h.checkpoint ? checkpointOf(h.checkpoint as StoredCheckpoint, entries['tensors.bin']) : null,
  };
}

interface StoredCheckpoint {
  format: string;
  config: RunConfig;
  iteration: number;
  vocabulary: Checkpoint['vocabulary'];
  weights: Record<string, TensorRef>;
  optimizer: { iterations: number; moments: Array<TensorRef & { name: string }> };
}

function checkpointOf(raw: StoredCheckpoint, bin: Uint8Array | undefined): Checkpoint {
  requireField(raw.format === CHECKPOINT_FORMAT, `its checkpoint has format "${raw.format}"; this version reads "${CHECKPOINT_FORMAT}" (the metrics and reports still open with the checkpoint left out)`);
  requireField(bin !== undefined, 'the archive has a checkpoint but no tensors.bin');
  requireField(Number.isInteger(raw.iteration) && raw.iteration >= 0, 'checkpoint.iteration must be a whole number');
  requireField(typeof raw.config === 'object' && raw.config !== null, 'checkpoint.config is missing');
  requireField(Array.isArray(raw.vocabulary?.words) && Array.isArray(raw.vocabulary?.thoughts), 'checkpoint.vocabulary is missing');
  const weights = {} as WeightsData;
  for (const name of WEIGHT_NAMES) {
    const ref = raw.weights?.[name];
    requireField(ref !== undefined, `checkpoint weight ${name} is missing`);
    weights[name] = { shape: ref.shape.slice(), data: float32From(bin!, ref, `weight ${name}`) };
  }
  const moments = (raw.optimizer?.moments ?? []).map((m) => ({ name: m.name, shape: m.shape.slice(), data: float32From(bin!, m, `Adam moment ${m.name}`) }));
  return {
    format: CHECKPOINT_FORMAT, config: raw.config, iteration: raw.iteration, vocabulary: raw.vocabulary, weights,
    optimizer: { iterations: raw.optimizer?.iterations ?? 0, moments },
  };
}

/** A SavedRun around a checkpoint alone (the CLI's `train --checkpoint`). */
export function savedRunOf(checkpoint: Checkpoint, metrics: IterationMetrics[], options: { id?: string; name?: string; now?: Date } = {}): SavedRun {
  const cfg = checkpoint.config;
  const at = (options.now ?? new Date()).toISOString();
  return {
    format: RUN_FILE_FORMAT,
    id: options.id ?? `${cfg.env}-${cfg.estimator}-seed${cfg.seed}`,
    name: options.name ?? `${cfg.estimator} on ${cfg.env}, seed ${cfg.seed}, ${checkpoint.iteration} iterations`,
    createdAt: at, updatedAt: at, config: cfg, lab: null, metrics, checkpoint, reports: [],
  };
}
