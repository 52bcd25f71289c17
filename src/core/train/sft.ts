/**
 * SFT warm start: behaviour cloning of π_θ on oracle demonstrations, the stage real agent-RL
 * pipelines run before RL (AgentGym's AgentTraj set; an instruction-tuned start).
 *
 *   L_SFT(θ) = −(1/N) Σ_{d ∈ D} log π_θ(a_d | prefix_d)          (token-mean over the demo decisions)
 *
 * D: `sftEpisodes` tasks of the run's own distribution (env, task type, split, size), each reset from
 * deriveSeed(seed, 'sft', episode) and played by the env's oracle `solve` to the end. With `sftByType`
 * and every task type drawn, episode e is of type e mod |types| (a stratified sample of the same
 * distribution: each type gets ⌊N/|types|⌋ or one more demonstrations instead of a binomial count). Each turn's
 * prompt is the one the rollout would build (task, last `historyLength` observation/action pairs,
 * observation, admissible commands); the response is `<think></think><action> command </action>`
 * (no thought tokens: the oracle has no thoughts to imitate). Forced tokens carry no choice.
 *
 * The gradient step reuses the RL update (update.ts) with A = 1 and π_θold = π_θ scored just before
 * each step: at ρ = 1 the clipped surrogate's gradient is exactly −∇ log π_θ(a), i.e. the
 * cross-entropy gradient, with β = 0 and no entropy bonus. Its own Adam (lr = the run's lr),
 * `SFT_EPOCHS` passes of shuffled mini-batches of `SFT_BATCH_ROWS` responses; the RL stage starts
 * with a fresh Adam.
 *
 * Details a reader could get wrong:
 * - the warm start depends on the seed, the env options, `sftEpisodes`, the model size and lr, never
 *   on the estimator: every estimator of a comparison starts from the same weights;
 * - after SFT, π_ref is the SFT policy (the KL anchors RL to the warm start, as in real pipelines);
 * - a resumed run recomputes the warm start (deterministic) only to restore that π_ref.
 */
import * as tf from '@tensorflow/tfjs-core';
import { stratifiedOptions } from '../env/options';
import type { BaseEnvState, EnvOptions, TextEnv } from '../env/types';
import { createRng, deriveSeed } from '../math';
import { ResponseDecoder, type DecodeLimits, type DecodingMode } from '../policy/decoding';
import { copyFeatures, decoderFeatures, encoderFeatures, textWords, type HistoryEntry, type PolicyInput } from '../policy/features';
import { WEIGHT_NAMES, type WeightsData } from '../policy/model';
import type { Policy } from '../policy/policy';
import { ACTION_CLOSE, ACTION_OPEN, PAD, THINK_CLOSE, THINK_OPEN } from '../policy/vocabulary';
import { scoreRows } from '../rollout/score';
import type { Decision } from '../rollout/types';
import { createAdam } from './adam-state';
import type { RunConfig } from './config';
import { policyUpdate, type TrainRow } from './update';

/** Passes over the demonstrations. */
export const SFT_EPOCHS = 2;
/** Responses per Adam step. */
export const SFT_BATCH_ROWS = 32;

export interface SftOptions {
  seed: number;
  episodes: number;
  envOptions: EnvOptions;
  maxTurns: number;
  historyLength: number;
  decoding: DecodingMode;
  limits: DecodeLimits;
  temperature: number;
  lr: number;
  /**
   * Demonstrations stratified by task type: when the run draws every task type (`envOptions.taskType`
   * unset), episode e demonstrates type e mod (number of types), so each type gets ⌊N/types⌋ or one more.
   */
  byType?: boolean;
}

/** What the warm start did: shown in the lab as its own phase, written to the run's metrics. */
export interface SftSummary {
  episodes: number;
  /** Demonstrated responses (turns) with at least one decision. */
  responses: number;
  decisions: number;
  steps: number;
  /** Mean −log π per demo decision before the first step and after the last epoch. */
  lossBefore: number;
  lossAfter: number;
  /** Mean loss of each epoch's steps (before each step), in order. */
  epochLosses: number[];
}

/** The decisions of `command` spelled as a response, teacher-forced through the run's decoder. */
function demoDecisions(
  policy: Policy, decoder: ResponseDecoder, command: string,
): Decision[] {
  const { vocab, dims } = policy;
  const target = [THINK_OPEN, THINK_CLOSE, ACTION_OPEN, ...vocab.encodeAction(command), ACTION_CLOSE];
  const decisions: Decision[] = [];
  for (const token of target) {
    if (decoder.done) break;
    const allowed = decoder.allowed();
    if (allowed !== null && !allowed.includes(token)) throw new Error(`SFT: the decoder does not allow '${vocab.text(token)}' in '${command}'`);
    if (allowed === null || allowed.length > 1) {
      const prev = decoder.tokens.length > 0 ? decoder.tokens[decoder.tokens.length - 1] : PAD;
      decisions.push({
        position: decoder.tokens.length, token, allowed, features: decoderFeatures(dims, prev, decoder.actionWords, decoder.tokens.length),
        lookahead: decoder.lookahead(), logProb: 0,
      });
    }
    decoder.push(token);
  }
  return decisions;
}

/** One oracle episode as training rows (the prompts the rollout would build). */
function demoEpisode<S extends BaseEnvState>(policy: Policy, env: TextEnv<S>, envSeed: number, opts: SftOptions): TrainRow[] {
  const reset = env.reset(envSeed, { ...opts.envOptions, maxTurns: opts.maxTurns });
  const plan = env.solve(reset.state);
  let state = reset.state;
  let observation = reset.observation;
  let history: HistoryEntry[] = [];
  const out: TrainRow[] = [];
  for (const command of plan.slice(0, opts.maxTurns)) {
    const admissible = env.admissibleActions(state);
    const input: PolicyInput = { task: reset.task, observation, history, admissible };
    const prompt = { encoder: encoderFeatures(input, policy.dims.hashBuckets, policy.dims.taskFeatures), copy: copyFeatures(input, policy.vocab) };
    const labels = env.commandLabels?.(state);
    const decoder = new ResponseDecoder(
      policy.vocab, admissible, opts.decoding, opts.limits, textWords(reset.task), labels ? admissible.map((c) => labels[c] ?? '') : [],
    );
    const decisions = demoDecisions(policy, decoder, command);
    if (decisions.length > 0) {
      out.push({ prompt, decisions, oldLogProbs: [], refLogProbs: decisions.map(() => 0), advantage: 1, valueTarget: 0 });
    }
    const res = env.step(state, command);
    history = opts.historyLength > 0 ? [...history, { observation, action: command }].slice(-opts.historyLength) : [];
    state = res.state;
    observation = res.observation;
    if (res.done) break;
  }
  return out;
}

/** The env options of demonstration e: the run's, with task type e mod |types| when stratified by type. */
export function demonstrationEnvOptions(env: Pick<TextEnv<BaseEnvState>, 'taskTypes'>, opts: SftOptions, e: number): EnvOptions {
  return opts.byType ? stratifiedOptions(env.taskTypes, opts.envOptions, e) : opts.envOptions;
}

/** The demonstration rows of `opts.episodes` oracle episodes (deterministic in the seed). */
export function demonstrationRows<S extends BaseEnvState>(policy: Policy, env: TextEnv<S>, opts: SftOptions): TrainRow[] {
  const rows: TrainRow[] = [];
  for (let e = 0; e < opts.episodes; e++) {
    const envOptions = demonstrationEnvOptions(env, opts, e);
    rows.push(...demoEpisode(policy, env, deriveSeed(opts.seed, 'sft', e), { ...opts, envOptions }));
  }
  return rows;
}

/** Mean −log π per decision of `rows` under π_θ; sets each row's π_θold to those log-probs. */
async function scoreAndAnchor(policy: Policy, rows: readonly TrainRow[], temperature: number): Promise<number> {
  const logProbs = await scoreRows(policy.weights, policy.dims, rows, temperature);
  let sum = 0;
  let n = 0;
  rows.forEach((row, i) => {
    row.oldLogProbs = logProbs[i];
    for (const lp of logProbs[i]) {
      sum -= lp;
      n++;
    }
  });
  return n > 0 ? sum / n : 0;
}

/** Behaviour cloning of `policy` (in place) on oracle demonstrations; π_ref becomes the result. */
export async function sftWarmStart<S extends BaseEnvState>(policy: Policy, env: TextEnv<S>, opts: SftOptions): Promise<SftSummary> {
  const rows = demonstrationRows(policy, env, opts);
  const optimizer = createAdam(opts.lr);
  const rng = createRng(deriveSeed(opts.seed, 'sft-shuffle'));
  const epochLosses: number[] = [];
  let steps = 0;
  try {
    const lossBefore = rows.length > 0 ? await scoreAndAnchor(policy, rows, opts.temperature) : 0;
    for (let epoch = 0; epoch < SFT_EPOCHS && rows.length > 0; epoch++) {
      const order = rng.shuffled(rows.map((_, i) => i));
      let sum = 0;
      let count = 0;
      for (let start = 0; start < order.length; start += SFT_BATCH_ROWS) {
        const part = order.slice(start, start + SFT_BATCH_ROWS).map((i) => rows[i]);
        sum += await scoreAndAnchor(policy, part, opts.temperature); // π_θold = π_θ: ρ = 1 at the step
        count++;
        await policyUpdate(policy, optimizer, part, {
          loss: { clipLow: 0.2, clipHigh: 0.2, clipRatioC: 3, aggMode: 'token-mean', klType: 'k3', klCoef: 0, entropyCoef: 0 },
          miniBatches: 1, epochs: 1, valueCoef: 0, temperature: opts.temperature, shuffleSeed: 0,
        });
        steps++;
      }
      epochLosses.push(count > 0 ? sum / count : 0);
    }
    const lossAfter = rows.length > 0 ? await scoreAndAnchor(policy, rows, opts.temperature) : 0;
    setReference(policy, await policy.getWeights());
    return {
      episodes: opts.episodes, responses: rows.length, decisions: rows.reduce((s, r) => s + r.decisions.length, 0),
      steps, lossBefore, lossAfter, epochLosses,
    };
  } finally {
    optimizer.dispose();
  }
}

/** Replaces π_ref's frozen weights (the RL stage's KL anchor) with `data`. */
export function setReference(policy: Policy, data: WeightsData): void {
  const ref = policy.reference as Record<string, tf.Tensor>;
  for (const name of WEIGHT_NAMES) {
    const old = ref[name];
    ref[name] = tf.tensor(data[name].data, data[name].shape);
    old.dispose();
  }
}

/** The warm start's options from a run config: the run's own tasks, prompts and decoding. */
export function sftOptions(cfg: RunConfig, env: TextEnv<BaseEnvState>): SftOptions {
  return {
    seed: cfg.seed, episodes: cfg.sftEpisodes, maxTurns: cfg.maxTurns ?? env.maxTurns, historyLength: cfg.historyLength,
    envOptions: { taskType: cfg.taskType ?? undefined, split: cfg.split, size: cfg.envSize ?? undefined },
    decoding: cfg.decoding, limits: { maxThinkTokens: cfg.maxThinkTokens, maxResponseTokens: cfg.maxResponseTokens },
    temperature: cfg.temperature, lr: cfg.lr, byType: cfg.sftByType,
  };
}
