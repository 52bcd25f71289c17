/**
 * One training run: policy π_θ, frozen π_ref, Adam, and `runIteration()`:
 *
 *   // COLLECT GROUPS  B tasks × G members in lockstep; the run's reward (core/reward) on each
 *                     turn
 *   // ADVANTAGES      the configured estimator from the registry, with α(k)
 *   // COMPARE         every other registered estimator on the same responses (UI only)
 *   // UPDATE          π_θold = the sampling log-probs, then epochs × mini-batches of clipped Adam
 *                     steps, with the ratio where the estimator's entry declares it (per token, or
 *                     per turn); π_ref's log-probs scored in the update's chunks, then kept on the turns
 *
 * The async generator in loop.ts drives it; the worker and the CLI call it through that.
 */
import * as tf from '@tensorflow/tfjs-core';
import { getEstimator } from '../advantage/registry';
import type { TurnAdvantages } from '../advantage/types';
import { getEnv } from '../env/registry';
import type { BaseEnvState, TextEnv } from '../env/types';
import { deriveSeed } from '../math';
import { Policy } from '../policy/policy';
import { vocabularyForEnv, type VocabularySpec } from '../policy/vocabulary';
import { applyReward } from '../reward/apply';
import { collectGroups } from '../rollout/collect';
import { groupRecords } from '../rollout/records';
import type { RolloutBatch, TurnRecord } from '../rollout/types';
import { alphaOf, compareEstimators, estimateGroups, estimatorParams, summarizeGroup } from './advantages';
import { advantagesForUpdate, trainsCritic, valueTargets } from './critic';
import { createAdam, optimizerState, restoreOptimizer } from './adam-state';
import { CHECKPOINT_FORMAT, type Checkpoint } from './checkpoint';
import type { RunConfig } from './config';
import { maxPositions } from './model-dims';
import { iterationMetrics, type IterationMetrics, type IterationResult } from './metrics';
import { policyUpdate, type TrainRow } from './update';
import { sftOptions, sftWarmStart, type SftSummary } from './sft';

export { maxPositions } from './model-dims';

const VOCABULARIES = new Map<string, VocabularySpec>();

/** The env's vocabulary, probed once per env id (deterministic). */
export function envVocabulary(envId: string): VocabularySpec {
  let spec = VOCABULARIES.get(envId);
  if (!spec) {
    spec = vocabularyForEnv(getEnv(envId));
    VOCABULARIES.set(envId, spec);
  }
  return spec;
}

export interface TrainerOptions {
  /** Use this environment instead of the registry's `config.env` (tests, custom experiments). */
  env?: TextEnv<BaseEnvState>;
  /** Resume from here (config is taken from the checkpoint). */
  checkpoint?: Checkpoint;
  /** Reported as `backend` (the worker/CLI picked it); default tf.getBackend(). */
  backend?: string;
  /**
   * Which other estimators to compute on each iteration's groups: every registered one (true, the
   * default), none (false), or these ids (the lab's compared estimators).
   */
  compare?: boolean | readonly string[];
  /** Build rollouts.v1 records for the report (default true). */
  records?: boolean;
  runId?: string;
}

export class Trainer {
  readonly env: TextEnv<BaseEnvState>;
  readonly policy: Policy;
  readonly optimizer: tf.Optimizer;
  /** Iterations completed. */
  iteration: number;
  /** The SFT warm start's summary (config.sftEpisodes > 0), else null. */
  warmStart: SftSummary | null = null;
  private disposed = false;
  /** The iteration in flight (checkpoint() waits for it, so weights and Adam state match `iteration`). */
  private inFlight: Promise<unknown> = Promise.resolve();

  private constructor(readonly config: RunConfig, policy: Policy, iteration: number, readonly options: TrainerOptions) {
    this.env = options.env ?? getEnv(config.env);
    this.policy = policy;
    this.iteration = iteration;
    this.optimizer = createAdam(config.lr);
  }

  static async create(config: RunConfig, options: TrainerOptions = {}): Promise<Trainer> {
    const cp = options.checkpoint;
    const cfg = cp ? cp.config : config;
    const vocab = cp ? cp.vocabulary : options.env ? vocabularyForEnv(options.env) : envVocabulary(cfg.env);
    const dims = { hidden: cfg.hidden, hashBuckets: cfg.hashBuckets, maxPositions: maxPositions(cfg), taskFeatures: cfg.taskFeatures };
    const warm = cfg.sftEpisodes > 0; // SFT warm start (sft.ts): π_θ and π_ref start from it; a resume restores π_θ after
    const policy = Policy.create(vocab, dims, deriveSeed(cfg.seed, 'init'), warm ? undefined : cp?.weights);
    const env = options.env ?? getEnv(cfg.env);
    const warmStart = warm ? await sftWarmStart(policy, env, sftOptions(cfg, env)) : null;
    if (warm && cp) policy.setWeights(cp.weights);
    policy.valuesNeeded = trainsCritic(cfg.estimator); // otherwise V = 0: rollouts skip the critic
    const trainer = new Trainer(cfg, policy, cp ? cp.iteration : 0, options);
    trainer.warmStart = warmStart;
    if (cp) await restoreOptimizer(trainer.optimizer, cp.optimizer);
    return trainer;
  }

  get maxTurns(): number {
    return this.config.maxTurns ?? this.env.maxTurns;
  }

  /** Collect, estimate, compare, update; returns the iteration's metrics and rollout groups. */
  runIteration(): Promise<IterationResult> {
    const next = this.iterate();
    this.inFlight = next.catch(() => undefined);
    return next;
  }

  private async iterate(): Promise<IterationResult> {
    if (this.disposed) throw new Error('Trainer was disposed');
    const cfg = this.config;
    const k = this.iteration;
    const t0 = now();
    // COLLECT GROUPS
    const batch = await this.collect(k);
    applyReward(batch, cfg.reward ?? 'outcome', cfg.rewardParams ?? {}); // r_{i,t} of the run's reward
    const t1 = now();
    // ADVANTAGES
    const summaries = batch.groups.map(summarizeGroup);
    const params = estimatorParams(cfg, cfg.estimator, k + 1); // α(k) with k = 1..K
    const advantages = advantagesForUpdate(cfg.estimator, batch, estimateGroups(summaries, cfg.estimator, params));
    const t2 = now();
    // COMPARE
    const { compare: which = true } = this.options;
    const compare = which === false ? {} : compareEstimators(summaries, cfg, k + 1, cfg.estimator, which === true ? undefined : which);
    const t3 = now();
    // UPDATE
    const stats = await this.update(batch, advantages, k);
    const t4 = now();
    this.iteration = k + 1;
    const all: Record<string, TurnAdvantages[]> = { [cfg.estimator]: advantages, ...compare };
    const metrics: IterationMetrics = iterationMetrics({
      iteration: this.iteration, batch, advantages, stats, alpha: alphaOf(params),
      timing: { rolloutMs: t1 - t0, advantageMs: t2 - t1, compareMs: t3 - t2, updateMs: t4 - t3, totalMs: t4 - t0 },
      numTensors: tf.memory().numTensors, backend: this.options.backend ?? tf.getBackend(),
    });
    const groups = this.options.records === false ? [] : batch.groups.map((g, b) => groupRecords(g, {
      runId: this.options.runId ?? `${cfg.estimator}-seed${cfg.seed}`, envName: cfg.env, split: cfg.split,
      maxTurns: this.maxTurns, iteration: this.iteration, algo: cfg.estimator,
    }, Object.fromEntries(Object.entries(all).map(([id, adv]) => [id, adv[b]]))));
    return { metrics, groups };
  }

  private collect(k: number): Promise<RolloutBatch> {
    const cfg = this.config;
    return collectGroups(this.policy, this.env, {
      seed: cfg.seed, iteration: k, tasks: cfg.tasksPerIteration, groupSize: cfg.groupSize,
      maxTurns: this.maxTurns, historyLength: cfg.historyLength, decoding: cfg.decoding,
      limits: { maxThinkTokens: cfg.maxThinkTokens, maxResponseTokens: cfg.maxResponseTokens },
      temperature: cfg.temperature,
      envOptions: { taskType: cfg.taskType ?? undefined, split: cfg.split, size: cfg.envSize ?? undefined },
      byType: cfg.tasksByType,
    });
  }

  private async update(batch: RolloutBatch, advantages: TurnAdvantages[], k: number) {
    const cfg = this.config;
    const critic = trainsCritic(cfg.estimator); // declared by the entry; advantages arrive whitened
    const rows: TrainRow[] = [];
    const rowTurns: TurnRecord[] = []; // the turn of each row, for the π_ref log-probs the update fills in
    batch.groups.forEach((g, b) => g.trajectories.forEach((traj, i) => traj.turns.forEach((turn, t) => {
      turn.refLogProbs = [];
      if (turn.decisions.length === 0) return; // every token forced: nothing to learn from
      const targets = critic ? valueTargets(cfg.estimator, advantages[b]) : null;
      rowTurns.push(turn);
      rows.push({
        prompt: turn.prompt, decisions: turn.decisions, oldLogProbs: [], refLogProbs: [],
        advantage: advantages[b].perTurn[i][t], valueTarget: targets ? targets[i][t] : 0,
      });
    })));
    // π_θold: the sampling log-probs, already at τ (π_ref and π_θ are scored at τ too)
    rows.forEach((row) => (row.oldLogProbs = row.decisions.map((d) => d.logProb)));
    const stats = await policyUpdate(this.policy, this.optimizer, rows, {
      loss: {
        clipLow: cfg.clipLow, clipHigh: cfg.clipHigh, clipRatioC: cfg.clipRatioC, aggMode: cfg.aggMode,
        klType: cfg.klType, klCoef: cfg.klCoef, entropyCoef: cfg.entropyCoef,
        ratioLevel: getEstimator(cfg.estimator).ratioLevel ?? 'token', // declared by the entry (Turn-PPO: 'turn')
      },
      miniBatches: cfg.miniBatches, epochs: cfg.epochs, valueCoef: critic ? cfg.valueCoef : 0, temperature: cfg.temperature,
      shuffleSeed: deriveSeed(cfg.seed, 'minibatch', k),
      reference: this.policy.reference, // π_ref at τ, scored from each chunk's own batch, filled into the rows
    });
    rowTurns.forEach((turn, r) => (turn.refLogProbs = rows[r].refLogProbs.slice()));
    return stats;
  }

  /** Weights, Adam state, config and iteration; called mid-iteration, it waits for that iteration's end. */
  async checkpoint(): Promise<Checkpoint> {
    await this.inFlight;
    return {
      format: CHECKPOINT_FORMAT,
      config: structuredCloneJson(this.config),
      iteration: this.iteration,
      vocabulary: structuredCloneJson({ thoughts: this.policy.vocab.thoughts, words: this.policy.vocab.words, unknownBuckets: this.policy.vocab.unknownBuckets }),
      weights: await this.policy.getWeights(),
      optimizer: await optimizerState(this.optimizer),
    };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.policy.dispose();
    this.optimizer.dispose();
  }
}

function structuredCloneJson<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

function now(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf ? perf.now() : Date.now();
}
