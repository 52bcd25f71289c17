/**
 * Run files (`.rlrun`): one training run as one file, written by the lab ("Export run") and by
 * `train --checkpoint`, read by the lab and by `train --resume` / `eval --checkpoint`.
 *
 * The file is a plain ZIP archive (fflate, deflate level 6) with two entries, so any unzip tool
 * can look inside:
 *
 *   run.json     UTF-8 JSON: { format: 'rollout-lab.run.v2', id, name, createdAt, updatedAt,
 *                config, lab, metrics, reports, checkpoint, tensors }. `checkpoint` is the
 *                Checkpoint without its numbers: every weight and Adam moment is
 *                { shape, offset, length } into tensors.bin (offset in bytes, length in values);
 *                its own `format` (CHECKPOINT_FORMAT) versions the weights it must hold; Adam's
 *                step count and both running products (accBeta1, accBeta2) sit beside the moments.
 *   tensors.bin  the weights and Adam moments, float32 little-endian, concatenated in the order of
 *                run.json (weights in WEIGHT_NAMES order, then the moments), no padding.
 *
 * Float32 values round-trip bit for bit (they are copied as bytes, never printed as decimals).
 * Resuming needs only `checkpoint` (config, iteration, vocabulary, weights, Adam step and moments):
 * every random stream derives from config.seed and the iteration (deriveSeed), so there is no RNG
 * state to store. `metrics` are the curves, `reports` a bounded set of iteration reports (see
 * REPORT_KEEP), `lab` the rest of the lab's share-link configuration (the runs compared side by side).
 *
 * Reading validates before anything is built: run.json against its schema after the version
 * migrations (run-file-schema.ts), the configs through validateConfig, every tensor's place in
 * tensors.bin, tensors.bin's length against the declared one, shapes against the config, and every
 * value finite (checkpoint-check.ts). Each failure is one line naming the part and the value.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { TrainedTrajectoryV1 } from '../rollout/records';
import { WEIGHT_NAMES, type WeightData, type WeightsData } from '../policy/weight-shapes';
import { CHECKPOINT_FORMAT, type Checkpoint } from './checkpoint';
import { checkCheckpoint, checkFinite, checkpointHeader } from './checkpoint-check';
import type { RunConfig } from './config';
import type { IterationMetrics } from './metrics';
import { errorText, ReadBackError, storedConfig } from './read-back';
import { migrateRunJson, parseRunJson, RUN_FILE_FORMAT, RUN_JSON } from './run-file-schema';
import { crcProblem } from './zip-crc';

export { RUN_FILE_FORMAT } from './run-file-schema';
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
  if (size !== ref.length || ref.offset % 4 !== 0 || ref.offset + ref.length * 4 > bin.length) {
    throw new ReadBackError(`${RUN_JSON}: checkpoint ${what} does not fit tensors.bin (shape [${ref.shape.join(', ')}], ${ref.length} values at byte ${ref.offset} of ${bin.length})`);
  }
  const bytes = bin.slice(ref.offset, ref.offset + ref.length * 4); // a fresh, aligned copy
  const data = littleEndian ? new Float32Array(bytes.buffer) : Float32Array.from({ length: ref.length }, (_, i) => new DataView(bytes.buffer).getFloat32(i * 4, true));
  checkFinite(data, `checkpoint ${what}`, RUN_JSON);
  return data;
}

/**
 * The tensors lie one after another in tensors.bin, in run.json's order, and fill it exactly (what
 * encodeRunFile writes): no byte read twice, none left over.
 */
function checkTiling(bin: Uint8Array, parts: Array<{ what: string; ref: TensorRef }>): void {
  let at = 0;
  for (const { what, ref } of parts) {
    if (ref.offset !== at) throw new ReadBackError(`${RUN_JSON}: checkpoint ${what} starts at byte ${ref.offset} of tensors.bin; the tensors before it end at byte ${at}`);
    at += ref.length * 4;
  }
  if (at !== bin.length) throw new ReadBackError(`${RUN_JSON}: tensors.bin holds ${bin.length} bytes; the checkpoint's tensors take ${at}`);
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
    optimizer: {
      iterations: cp.optimizer.iterations, accBeta1: cp.optimizer.accBeta1, accBeta2: cp.optimizer.accBeta2,
      moments: cp.optimizer.moments.map((m) => ({ name: m.name, ...put(m) })),
    },
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
    return new ReadBackError(`this is a JSON checkpoint (${checkpoint[0]}), not a run file (${RUN_FILE_FORMAT}); read it with checkpointFromJson`);
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return new ReadBackError('this is a gzip file, not a Rollout Lab run file (a .rlrun file is a ZIP archive)');
  return new ReadBackError('not a Rollout Lab run file (expected a ZIP archive holding run.json and tensors.bin)');
}

function unpack(bytes: Uint8Array): { json: Record<string, unknown>; bin: Uint8Array | undefined } {
  if (bytes.length < 4 || ZIP_MAGIC.some((b, i) => bytes[i] !== b)) throw notARunFile(bytes);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new ReadBackError(`run file is damaged (the ZIP archive does not unpack: ${errorText(error)})`, { cause: error });
  }
  const crc = crcProblem(bytes, entries);
  if (crc) throw new ReadBackError(`run file is damaged (${crc})`);
  if (!entries['run.json']) throw new ReadBackError('not a Rollout Lab run file (the archive has no run.json)');
  let json: unknown;
  try {
    json = JSON.parse(strFromU8(entries['run.json']));
  } catch (error) {
    throw new ReadBackError('run file is damaged (run.json is not valid JSON)', { cause: error });
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new ReadBackError(`${RUN_JSON}: expected an object`);
  return { json: json as Record<string, unknown>, bin: entries['tensors.bin'] };
}

/** The bytes of a .rlrun file (any readable version) → SavedRun and the notes of the migrations applied. */
export function readRunFile(bytes: Uint8Array): { run: SavedRun; notes: string[] } {
  const { json, bin } = unpack(bytes);
  const { header, notes } = migrateRunJson(json);
  const h = parseRunJson(header);
  const config = storedConfig(h.config, RUN_JSON);
  if (h.checkpoint && h.tensors && bin && bin.length !== h.tensors.bytes) {
    throw new ReadBackError(`${RUN_JSON}: tensors.bin holds ${bin.length} bytes; run.json declares ${h.tensors.bytes}`);
  }
  const checkpoint = h.checkpoint ? checkpointOf(h.checkpoint, bin) : null;
  if (checkpoint) checkSameModel(config, checkpoint.config);
  const run: SavedRun = {
    format: RUN_FILE_FORMAT, id: h.id, name: h.name, createdAt: h.createdAt, updatedAt: h.updatedAt, config, lab: h.lab,
    metrics: h.metrics as unknown as IterationMetrics[], reports: h.reports as SavedReport[],
    checkpoint,
  };
  return { run, notes };
}

/** The config fields that decide what the weights are; the run's config and its checkpoint's must agree on them. */
const MODEL_FIELDS = ['env', 'seed', 'hidden', 'hashBuckets', 'taskFeatures', 'decoding', 'maxThinkTokens', 'maxResponseTokens'] as const;

function checkSameModel(config: RunConfig, cpConfig: RunConfig): void {
  for (const key of MODEL_FIELDS) {
    if (config[key] !== cpConfig[key]) {
      throw new ReadBackError(`${RUN_JSON}: config.${key} is ${JSON.stringify(config[key])} but checkpoint.config.${key} is ${JSON.stringify(cpConfig[key])}; the two describe different models`);
    }
  }
}

/** The bytes of a .rlrun file → SavedRun; a one-line ReadBackError for other files, versions or damage. */
export function decodeRunFile(bytes: Uint8Array): SavedRun {
  return readRunFile(bytes).run;
}

function checkpointOf(raw: Record<string, unknown>, bin: Uint8Array | undefined): Checkpoint {
  if (raw.format !== CHECKPOINT_FORMAT) {
    throw new ReadBackError(`${RUN_JSON}: its checkpoint has format ${JSON.stringify(raw.format)}; this version reads "${CHECKPOINT_FORMAT}"`);
  }
  if (!bin) throw new ReadBackError(`${RUN_JSON}: the archive has a checkpoint but no tensors.bin`);
  const cp = checkpointHeader(raw, 'ref', RUN_JSON, 'checkpoint.');
  const weights = {} as WeightsData;
  for (const name of WEIGHT_NAMES) {
    const ref = cp.weights[name];
    if (!ref) throw new ReadBackError(`${RUN_JSON}: checkpoint weight ${name} is missing`);
    weights[name] = { shape: ref.shape.slice(), data: float32From(bin, ref, `weight ${name}`) };
  }
  const moments = cp.optimizer.moments.map((m) => ({ name: m.name, shape: m.shape.slice(), data: float32From(bin, m, `Adam moment ${m.name}`) }));
  const checked = checkCheckpoint({
    format: CHECKPOINT_FORMAT, config: cp.config, iteration: cp.iteration, vocabulary: cp.vocabulary, weights,
    optimizer: { ...cp.optimizer, moments },
  }, `${RUN_JSON}: checkpoint`);
  checkTiling(bin, [
    ...WEIGHT_NAMES.map((name) => ({ what: `weight ${name}`, ref: cp.weights[name] })),
    ...cp.optimizer.moments.map((m) => ({ what: `Adam moment ${m.name}`, ref: m })),
  ]);
  return checked;
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
