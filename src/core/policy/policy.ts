/**
 * The trainable policy π_θ (tf.Variables), its frozen reference π_ref (the initial weights), and
 * a per-turn inference session used by the rollout: the context stays on the device between
 * tokens; each decoding step uploads only the decision features and reads back only the logits
 * that sampling needs.
 */
import * as tf from '@tensorflow/tfjs-core';
import { COPY_KINDS, decoderWidth, LOOKAHEAD_KINDS } from './features';
import { denseEncoder, denseMultiHot } from './dense';
import {
  contextOf, initialWeights, logitsOf, parameterCount, valuesOf, WEIGHT_NAMES,
  type ModelDims, type Weights, type WeightsData,
} from './model';
import { createVocabulary, type Vocabulary, type VocabularySpec } from './vocabulary';

export interface PolicyOptions {
  hidden: number;
  hashBuckets: number;
  maxPositions: number;
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

/** One turn of a lockstep batch: context and copy features stay on the device between tokens. */
export class TurnSession {
  private readonly x: tf.Tensor2D; // [n, H]
  private readonly ctx: tf.Tensor2D; // [n, D]
  private readonly copy: tf.Tensor3D; // [n, K, V]

  constructor(private readonly policy: Policy, prompts: readonly PromptFeatures[]) {
    const { hashBuckets, vocabSize: V } = policy.dims;
    const n = prompts.length;
    const x = denseEncoder(prompts.map((p) => p.encoder), hashBuckets);
    this.x = tf.tensor2d(x, [n, hashBuckets]); // [n, H]
    this.ctx = contextOf(policy.weights, this.x); // [n, D]
    const c = denseMultiHot(prompts.map((p) => p.copy), COPY_KINDS * V);
    this.copy = tf.tensor3d(c, [n, COPY_KINDS, V]); // [n, K, V]
  }

  /** V(s) per prompt (async read: a synchronous GPU read-back stalls WebGPU). */
  async values(): Promise<Float32Array> {
    if (!this.policy.valuesNeeded) return new Float32Array(this.x.shape[0]);
    const v = valuesOf(this.policy.weights, this.x); // [n]
    const out = (await v.data()) as Float32Array;
    v.dispose();
    return out;
  }

  /**
   * Logits [m, V] (row-major) for decisions of prompts `rows` with sparse decoder and lookahead
   * features. Every prompt of the turn is computed (idle ones on zero features) so that no
   * tf.gather is needed; only the requested rows are returned.
   */
  async logits(
    rows: readonly number[], features: ReadonlyArray<readonly number[]>, lookahead: ReadonlyArray<readonly number[]>,
  ): Promise<Float32Array> {
    const { vocabSize: V } = this.policy.dims;
    const F = decoderWidth(this.policy.dims);
    const JV = LOOKAHEAD_KINDS * V;
    const n = this.ctx.shape[0];
    const slotFeatures: Array<readonly number[] | null> = new Array(n).fill(null);
    const slotLooks: Array<readonly number[] | null> = new Array(n).fill(null);
    rows.forEach((r, j) => {
      slotFeatures[r] = features[j];
      slotLooks[r] = lookahead[j];
    });
    const dec = denseMultiHot(slotFeatures, F);
    const look = denseMultiHot(slotLooks, JV);
    const z = tf.tidy(() => {
      const d = tf.tensor2d(dec, [n, F]); // [n, F]
      const l = tf.tensor2d(look, [n, JV]); // [n, J·V]
      return logitsOf(this.policy.weights, this.ctx, d, this.copy, l, 1, false); // [n, 1, V]
    });
    const all = (await z.data()) as Float32Array;
    z.dispose();
    const out = new Float32Array(rows.length * V);
    rows.forEach((r, j) => out.set(all.subarray(r * V, (r + 1) * V), j * V));
    return out;
  }

  dispose(): void {
    this.x.dispose();
    this.ctx.dispose();
    this.copy.dispose();
  }
}
