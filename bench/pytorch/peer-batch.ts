/**
 * The tfjs side of the PyTorch peer: one real update mini-batch of the default run, written to a
 * JSON file that bench/pytorch/twin.py reads, with what tfjs computes on it.
 *
 * A Trainer on RunConfig defaults trains `warm` real iterations (so Adam's moments are not zero),
 * then collects iteration `warm` exactly as Trainer.iterate does (groups, π_ref scores, advantages),
 * builds the update rows as Trainer.update does and takes the first of its shuffled mini-batches.
 * The file holds the sparse rows (the model's inputs before densification), the weights and Adam
 * state before the step, and tfjs's loss, metrics, gradients and weights after one Adam step.
 */
import * as tf from '@tensorflow/tfjs';
import { createRng, deriveSeed } from '../../src/core/math';
import { COPY_KINDS, LOOKAHEAD_KINDS } from '../../src/core/policy/features';
import { WEIGHT_NAMES } from '../../src/core/policy/model';
import { collectGroups } from '../../src/core/rollout/collect';
import { scoreRows } from '../../src/core/rollout/score';
import {
  DEFAULT_CONFIG, estimateGroups, estimatorParams, optimizerState, policyUpdate, summarizeGroup, Trainer,
  type RunConfig, type TrainRow, type UpdateOptions,
} from '../../src/core/train';
import { advantagesForUpdate, trainsCritic, valueTargets } from '../../src/core/train/critic';
import { miniBatchGradients } from '../../src/core/train/update';

export interface PeerBatch {
  trainer: Trainer;
  rows: TrainRow[];
  /** Every row of the iteration (the mini-batch is a quarter of them by default). */
  iterationRows: number;
  opts: UpdateOptions;
}

/** Update options exactly as Trainer.update passes them, but one mini-batch (the rows given). */
function updateOptions(cfg: RunConfig, k: number): UpdateOptions {
  return {
    loss: {
      clipLow: cfg.clipLow, clipHigh: cfg.clipHigh, clipRatioC: cfg.clipRatioC, aggMode: cfg.aggMode,
      klType: cfg.klType, klCoef: cfg.klCoef, entropyCoef: cfg.entropyCoef,
    },
    miniBatches: 1, epochs: 1, valueCoef: trainsCritic(cfg.estimator) ? cfg.valueCoef : 0,
    temperature: cfg.temperature, shuffleSeed: deriveSeed(cfg.seed, 'minibatch', k),
  };
}

/** Trains `warm` default iterations, then builds iteration `warm`'s first update mini-batch. */
export async function makePeerBatch(warm: number, config: RunConfig = DEFAULT_CONFIG): Promise<PeerBatch> {
  const trainer = await Trainer.create({ ...config }, { backend: tf.getBackend(), compare: false, records: false });
  for (let i = 0; i < warm; i++) await trainer.runIteration();
  const cfg = trainer.config;
  const k = trainer.iteration;
  // COLLECT GROUPS (as Trainer.iterate)
  const batch = await collectGroups(trainer.policy, trainer.env, {
    seed: cfg.seed, iteration: k, tasks: cfg.tasksPerIteration, groupSize: cfg.groupSize, maxTurns: trainer.maxTurns,
    historyLength: cfg.historyLength, decoding: cfg.decoding, temperature: cfg.temperature,
    limits: { maxThinkTokens: cfg.maxThinkTokens, maxResponseTokens: cfg.maxResponseTokens },
    envOptions: { taskType: cfg.taskType ?? undefined, split: cfg.split, size: cfg.envSize ?? undefined },
  });
  const turns = batch.groups.flatMap((g) => g.trajectories.flatMap((t) => t.turns));
  const ref = await scoreRows(trainer.policy.reference, trainer.policy.dims, turns, cfg.temperature);
  turns.forEach((turn, i) => (turn.refLogProbs = ref[i]));
  // ADVANTAGES
  const params = estimatorParams(cfg, cfg.estimator, k + 1);
  const advantages = advantagesForUpdate(cfg.estimator, batch, estimateGroups(batch.groups.map(summarizeGroup), cfg.estimator, params));
  // UPDATE ROWS (as Trainer.update), then the first shuffled mini-batch (as policyUpdate)
  const critic = trainsCritic(cfg.estimator);
  const rows: TrainRow[] = [];
  batch.groups.forEach((g, b) => g.trajectories.forEach((traj, i) => traj.turns.forEach((turn, t) => {
    if (turn.decisions.length === 0) return;
    const targets = critic ? valueTargets(cfg.estimator, advantages[b]) : null;
    rows.push({
      prompt: turn.prompt, decisions: turn.decisions, oldLogProbs: turn.decisions.map((d) => d.logProb),
      refLogProbs: turn.refLogProbs ?? [], advantage: advantages[b].perTurn[i][t], valueTarget: targets ? targets[i][t] : 0,
    });
  })));
  const opts = updateOptions(cfg, k);
  const order = createRng(opts.shuffleSeed).shuffled(rows.map((_, i) => i));
  const part = order.slice(0, Math.floor(order.length / cfg.miniBatches));
  return { trainer, rows: part.map((i) => rows[i]), iterationRows: rows.length, opts };
}

/** The loss policyUpdate minimises, and its gradients (tfjs's own, to compare with PyTorch's). */
export async function lossAndGrads(peer: PeerBatch): Promise<{ metrics: Record<string, number>; grads: Record<string, number[]> }> {
  const { policy } = peer.trainer;
  const names = ['loss', 'pgLoss', 'kl', 'entropy', 'clipFraction', 'clipFractionLower', 'approxKl', 'valueLoss'];
  const { grads, metrics: values } = miniBatchGradients(policy, peer.rows, peer.opts); // the update's own gradient
  const data = await values.data();
  const metrics: Record<string, number> = Object.fromEntries(names.map((n, i) => [n, data[i]]));
  const out: Record<string, number[]> = {};
  for (const name of WEIGHT_NAMES) {
    const g = grads[(policy.weights[name] as tf.Variable).name];
    if (g) out[name] = Array.from(await g.data());
  }
  tf.dispose([values, ...Object.values(grads)]);
  return { metrics, grads: out };
}

/** One production Adam step on the mini-batch: policyUpdate with a single mini-batch. */
export function updateStep(peer: PeerBatch): Promise<unknown> {
  return policyUpdate(peer.trainer.policy, peer.trainer.optimizer, peer.rows, peer.opts);
}

async function weightsJson(peer: PeerBatch): Promise<Record<string, { shape: number[]; data: number[] }>> {
  const w = await peer.trainer.policy.getWeights();
  return Object.fromEntries(WEIGHT_NAMES.map((n) => [n, { shape: w[n].shape, data: Array.from(w[n].data) }]));
}

/** Up to `n` prompts with their first decision: the inputs of one batched sampling step (P = 1). */
export function samplingInputs(peer: PeerBatch, n = 64) {
  return peer.rows.slice(0, n).map((r) => ({
    encoder: Array.from(r.prompt.encoder), copy: Array.from(r.prompt.copy),
    features: r.decisions[0].features, lookahead: r.decisions[0].lookahead, allowed: r.decisions[0].allowed,
  }));
}

/**
 * The peer file: dims, config, the mini-batch rows, weights and Adam state before the step, and
 * tfjs's loss/metrics, gradients, weights after one Adam step and sampling-step logits.
 * Leaves the trainer one Adam step further on.
 */
export async function peerFile(peer: PeerBatch, logits: Float32Array): Promise<Record<string, unknown>> {
  const { trainer, rows, opts } = peer;
  const cfg = trainer.config;
  const before = await weightsJson(peer);
  const adam = await optimizerState(trainer.optimizer);
  const { metrics, grads } = await lossAndGrads(peer);
  await updateStep(peer);
  const after = await weightsJson(peer);
  const adamAfter = await optimizerState(trainer.optimizer);
  const d = trainer.policy.dims;
  return {
    format: 'rollout-lab.pytorch-peer.v1',
    tfjs: { version: tf.version_core, backend: tf.getBackend() },
    dims: { vocabSize: d.vocabSize, hashBuckets: d.hashBuckets, maxPositions: d.maxPositions, hidden: d.hidden, copyKinds: COPY_KINDS, lookaheadKinds: LOOKAHEAD_KINDS },
    config: { estimator: cfg.estimator, seed: cfg.seed, iteration: trainer.iteration, lr: cfg.lr, iterationRows: peer.iterationRows },
    update: opts,
    rows: rows.map((r) => ({
      encoder: Array.from(r.prompt.encoder), copy: Array.from(r.prompt.copy), advantage: r.advantage, valueTarget: r.valueTarget,
      decisions: r.decisions.map((dd, k) => ({
        token: dd.token, allowed: dd.allowed, features: dd.features, lookahead: dd.lookahead,
        oldLogProb: r.oldLogProbs[k], refLogProb: r.refLogProbs[k],
      })),
    })),
    weights: before,
    adam: { iterations: adam.iterations, beta1: 0.9, beta2: 0.999, epsilon: 1e-7, moments: adam.moments.map((m) => ({ name: m.name, data: Array.from(m.data) })) },
    sampling: { inputs: samplingInputs(peer), logits: Array.from(logits) },
    result: { metrics, grads, weightsAfter: after, momentsAfter: adamAfter.moments.map((m) => ({ name: m.name, data: Array.from(m.data) })) },
  };
}
