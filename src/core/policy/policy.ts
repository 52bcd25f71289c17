/**
 * The trainable policy π_θ (tf.Variables), its frozen reference π_ref (the initial weights), and
 * a per-turn inference session used by the rollout: the context stays on the device between
 * tokens; each decoding step uploads only the decision features and reads back only the logits
 * that sampling needs.
 */
import * as tf from '@tensorflow/tfjs-core';
import { decoderWidth, type TaskFeatures } from './features';
import { decoderEntries, encoderEntries, gatedEntries } from './inputs';
import {
  contextOf, decoderOf, decoderTable, gateWeights, initialWeights, parameterCount, valuesOf, WEIGHT_NAMES,
  type ModelDims, type Weights, type WeightsData,
} from './model';
import { defaultSparseKind, toOperand, type SparseKind, type SparseOperand } from './sparse';
import { createVocabulary, type Vocabulary, type VocabularySpec } from './vocabulary';

export interface PolicyOptions {
  hidden: number;
  hashBuckets: number;
  maxPositions: number;
  /** How the encoder reads the task (features.ts); absent = 'bag'. Changes no weight shape. */
  taskFeatures?: TaskFeatures;
}

export const DEFAULT_POLICY_OPTIONS: PolicyOptions = { hidden: 128, hashBuckets: 1024, maxPositions: 32 };

let instances = 0;

function toTensors(data: WeightsData, asVariables: boolean, prefix: string): Weights {
  const out = {} as Weights;
  for (const name of WEIGHT_NAMES) {
    const { shape, data: values } = data[name];
    out[name] = asVariables
      ? tf.tidy(() => tf.variable(tf.tensor(values, shape), true, `${prefix}/${name}`)) // init tensor freed by tidy
      : tf.tensor(values, shape);
  }
  return out;
}

export class Policy {
  readonly vocab: Vocabulary;
  readonly dims: ModelDims;
  readonly weights: Weights;
  readonly reference: Weights;
  readonly variables: tf.Variable[];
  /**
   * False when no critic is trained (the trainer sets it from the estimator's declaration): the
   * untrained critic (w_val = 0, b_val = 0) gives V = 0 exactly, so rollouts skip its encoder.
   */
  valuesNeeded = true;

  /** `init` is the initial weights (also π_ref); `current` (a checkpoint) overrides π_θ's start. */
  constructor(spec: VocabularySpec, options: PolicyOptions, init: WeightsData, current?: WeightsData) {
    this.vocab = createVocabulary(spec);
    this.dims = { ...options, vocabSize: this.vocab.size };
    const prefix = `policy${++instances}`;
    this.weights = toTensors(current ?? init, true, prefix);
    this.reference = toTensors(init, false, `${prefix}-ref`);
    this.variables = WEIGHT_NAMES.map((n) => this.weights[n] as tf.Variable);
  }

  static create(spec: VocabularySpec, options: PolicyOptions, initSeed: number, current?: WeightsData): Policy {
    const probe = createVocabulary(spec);
    const dims: ModelDims = { ...options, vocabSize: probe.size };
    return new Policy(spec, options, initialWeights(dims, initSeed), current);
  }

  get parameterCount(): number {
    return parameterCount(this.dims);
  }

  /** π_θ's weights as plain data. */
  async getWeights(): Promise<WeightsData> {
    const out = {} as WeightsData;
    for (const name of WEIGHT_NAMES) {
      const t = this.weights[name];
      out[name] = { shape: t.shape.slice(), data: Float32Array.from((await t.data()) as Float32Array) };
    }
    return out;
  }

  setWeights(data: WeightsData): void {
    for (const name of WEIGHT_NAMES) {
      const v = this.weights[name] as tf.Variable;
      tf.tidy(() => v.assign(tf.tensor(data[name].data, v.shape)));
    }
  }

  dispose(): void {
    tf.dispose(Object.values(this.weights));
    tf.dispose(Object.values(this.reference));
  }
}

/** Sparse inputs of one prompt (features.ts). */
export interface PromptFeatures {
  encoder: Int32Array;
  copy: Int32Array;
}

/**
 * One turn of a lockstep batch: the prompts' contexts stay on the device between tokens, inside
 * the decoder table [W_dec; ctx] (model.ts), built once per turn with the gate weights.
 */
export class TurnSession {
  private readonly x: SparseOperand; // [n, H]
  private readonly table: tf.Tensor2D; // [W_dec + n, D]
  private readonly gateW: tf.Tensor2D; // [D, G]
  private readonly copies: Int32Array[];

  /** `kind`: the device form of the sparse inputs (default: the backend's, sparse.ts). */
  constructor(private readonly policy: Policy, prompts: readonly PromptFeatures[], private readonly kind: SparseKind = defaultSparseKind()) {
    const w = policy.weights;
    this.x = toOperand(encoderEntries(prompts.map((p) => p.encoder), policy.dims.hashBuckets), kind); // [n, H]
    this.table = tf.tidy(() => decoderTable(w, contextOf(w, this.x))); // [W_dec + n, D]
    this.gateW = gateWeights(w);
    this.copies = prompts.map((p) => p.copy);
  }

  /** V(s) per prompt (async read: a synchronous GPU read-back stalls WebGPU). */
  async values(): Promise<Float32Array> {
    if (!this.policy.valuesNeeded) return new Float32Array(this.copies.length);
    const v = valuesOf(this.policy.weights, this.x); // [n]
    const out = (await v.data()) as Float32Array;
    v.dispose();
    return out;
  }

  /**
   * Logits [m, V] (row-major) for one decision of each prompt in `rows`, with sparse decoder and
   * lookahead features. cpu/wasm compute only those m rows; GPU backends compute every prompt of the
   * turn (idle ones on no features) so that shapes stay fixed within a turn: each new shape costs
   * WebGPU a shader compilation. `allowed` (per row, ascending; null or absent: every token but <pad>): the
   * tokens the sampler reads; the logits of the others lack their copy and lookahead terms.
   */
  async logits(
    rows: readonly number[], features: ReadonlyArray<readonly number[]>, lookahead: ReadonlyArray<readonly number[]>,
    allowed?: ReadonlyArray<readonly number[] | null>,
  ): Promise<Float32Array> {
    const dims = this.policy.dims;
    const V = dims.vocabSize;
    const n = this.copies.length;
    const kind = this.kind;
    const all = kind === 'dense';
    const slots = all ? Array.from({ length: n }, (_, i) => i) : rows;
    const at = all ? new Map(rows.map((r, j) => [r, j])) : null;
    const feats = slots.map((r, i) => (at ? (at.has(r) ? features[at.get(r)!] : null) : features[i]));
    const gatedRows = slots.map((r, i) => {
      const j = at ? at.get(r) : i;
      return j === undefined ? null : { lookahead: lookahead[j], copy: this.copies[r], allowed: allowed?.[j] ?? null };
    });
    const decoder = toOperand(decoderEntries(feats, slots, decoderWidth(dims), n), kind); // [m, W_dec + n]
    const gated = toOperand(gatedEntries(gatedRows, V), kind);
    const z = tf.tidy(() => decoderOf(this.policy.weights, this.table, this.gateW, { decoder, gated }).z); // [m or n, V]
    decoder.dispose();
    gated.dispose();
    const data = (await z.data()) as Float32Array;
    z.dispose();
    if (!all) return data;
    const out = new Float32Array(rows.length * V);
    rows.forEach((r, j) => out.set(data.subarray(r * V, (r + 1) * V), j * V));
    return out;
  }

  dispose(): void {
    this.x.dispose();
    tf.dispose([this.table, this.gateW]);
  }
}
