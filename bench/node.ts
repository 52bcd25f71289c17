/**
 * Node part of `npm run bench`: one default training iteration (RunConfig defaults: household-v0
 * pick-and-place, 8 tasks × 8 members, PlanPO) on each Node backend, timed per phase.
 * Iterations start from the initial weights, so episodes run long (the costliest iterations).
 */
import * as tf from '@tensorflow/tfjs';
import { getEstimator } from '../src/core/advantage/registry';
import { useNodeBackend, type NodeBackend } from '../src/cli/tf-node';
import { collectGroups } from '../src/core/rollout/collect';
import { DEFAULT_CONFIG, estimatorParams, summarizeGroup, Trainer, type IterationMetrics } from '../src/core/train';
import { rowFromMetrics, type BenchRow } from './report';
import { perCall } from '../src/bench/timing';

/** Advantage time of PlanPO and GRPO on the very same groups (one collected iteration). */
async function estimatorTimes(trainer: Trainer): Promise<{ planpoMs: number; grpoMs: number }> {
  const cfg = trainer.config;
  const batch = await collectGroups(trainer.policy, trainer.env, {
    seed: cfg.seed, iteration: 0, tasks: cfg.tasksPerIteration, groupSize: cfg.groupSize, maxTurns: trainer.maxTurns,
    historyLength: cfg.historyLength, decoding: cfg.decoding, temperature: 1,
    limits: { maxThinkTokens: cfg.maxThinkTokens, maxResponseTokens: cfg.maxResponseTokens },
    envOptions: { taskType: cfg.taskType ?? undefined, split: cfg.split },
  });
  const summaries = batch.groups.map(summarizeGroup);
  const time = (id: string) => {
    const est = getEstimator(id);
    const params = estimatorParams({ ...cfg, estimator: id }, id, 0);
    return perCall(() => summaries.forEach((g) => est.estimate(g, params)));
  };
  return { planpoMs: time('planpo'), grpoMs: time('grpo') };
}

export async function benchNode(backend: NodeBackend, iterations: number): Promise<BenchRow> {
  await useNodeBackend(backend);
  const trainer = await Trainer.create({ ...DEFAULT_CONFIG }, { backend: `${backend} (node)` });
  const metrics: IterationMetrics[] = [];
  for (let i = 0; i < iterations; i++) metrics.push((await trainer.runIteration()).metrics);
  const { planpoMs, grpoMs } = await estimatorTimes(trainer);
  trainer.dispose();
  return rowFromMetrics({ where: 'node', backend, tfjs: tf.version_core, planpoMs, grpoMs }, metrics);
}
