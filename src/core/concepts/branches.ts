/**
 * Runs behind the reward concepts: an optional shared warm-up, then one branch per arm from the
 * same weights, each a plain training run (src/core/train) with the arm's config over the base.
 *
 *   warm-up:  train `base` for `warmup` iterations (the verifiable outcome, say), checkpoint
 *   branch:   per arm, restore that checkpoint, apply the arm's config (reward, estimator, …),
 *             train `iterations` more; then evaluate the branch on each split (no update)
 *
 * With warmup = 0 every arm starts from the same initial weights (same seed). Each iteration's
 * metrics come back as a `BranchPoint`, so a killed run still tells something. Node (CLI) and the
 * browser worker run this same function.
 */
import { evaluateTrainer } from '../experiments/evaluate';
import type { EvalRecord } from '../experiments/results';
import type { Checkpoint } from '../train/checkpoint';
import { validateConfig, type RunConfig } from '../train/config';
import type { IterationMetrics, IterationResult } from '../train/metrics';
import { Trainer } from '../train/trainer';

export interface BranchArm {
  id: string;
  label: string;
  /** Over the base config for this branch (e.g. `{ reward: 'keyword-proxy' }`). */
  config: Partial<RunConfig>;
}

export interface BranchSpec {
  base: Partial<RunConfig>;
  /** Shared iterations before the branches (0 = none). */
  warmup: number;
  /** Iterations of each branch. */
  iterations: number;
  arms: readonly BranchArm[];
  /** Evaluate each branch's final policy on these splits, with this many episodes each. */
  evaluate?: { splits: readonly ('seen' | 'unseen')[]; episodes: number };
}

/** One iteration of the warm-up (arm `warmup`) or of a branch. */
export interface BranchPoint {
  arm: string;
  iteration: number;
  successRate: number;
  meanTurns: number;
  loopsPerEpisode: number;
  /** R under the reward the arm trains on. */
  meanReward: number;
  /** R under every registered reward, on the same rollouts. */
  rewardsMeasured: Record<string, number>;
}

export interface BranchEvaluation extends EvalRecord {
  arm: string;
}

export interface BranchHooks {
  onPoint?(point: BranchPoint): void;
  onEvaluation?(evaluation: BranchEvaluation): void;
  /** Every iteration's full result (the value-function concept reads the rollout groups). */
  onResult?(arm: string, result: IterationResult, trainer: Trainer): void;
  /** tfjs backend name reported in metrics. */
  backend?: string;
}

export const WARMUP_ARM = 'warmup';

export function pointOf(arm: string, m: IterationMetrics): BranchPoint {
  return {
    arm, iteration: m.iteration, successRate: m.successRate, meanTurns: m.meanTurns,
    loopsPerEpisode: m.loopsPerEpisode, meanReward: m.meanReward, rewardsMeasured: { ...m.rewardsMeasured },
  };
}

function checked(config: Partial<RunConfig>): RunConfig {
  const { config: cfg, problems } = validateConfig(config);
  if (problems.length > 0) throw new Error(problems.join('; '));
  return cfg;
}

async function train(trainer: Trainer, arm: string, until: number, hooks: BranchHooks): Promise<void> {
  while (trainer.iteration < until) {
    const result = await trainer.runIteration();
    hooks.onPoint?.(pointOf(arm, result.metrics));
    hooks.onResult?.(arm, result, trainer);
  }
}

/** Warm-up, then every branch; resolves when all are trained and evaluated. */
export async function runBranches(spec: BranchSpec, hooks: BranchHooks = {}): Promise<void> {
  const total = spec.warmup + spec.iterations;
  const options = { backend: hooks.backend, compare: false };
  let start: Checkpoint | undefined;
  if (spec.warmup > 0) {
    const warm = await Trainer.create(checked({ ...spec.base, iterations: total }), options);
    try {
      await train(warm, WARMUP_ARM, spec.warmup, hooks);
      start = await warm.checkpoint();
    } finally {
      warm.dispose();
    }
  }
  for (const arm of spec.arms) {
    const config = checked({ ...spec.base, ...arm.config, iterations: total });
    const trainer = start
      ? await Trainer.create(config, { ...options, checkpoint: { ...start, config: { ...config, scheduleHorizon: total } } })
      : await Trainer.create(config, options);
    try {
      await train(trainer, arm.id, total, hooks);
      for (const split of spec.evaluate?.splits ?? []) {
        const record = await evaluateTrainer(trainer, { split, episodes: spec.evaluate!.episodes });
        hooks.onEvaluation?.({ arm: arm.id, ...record });
      }
    } finally {
      trainer.dispose();
    }
  }
}

/** Who runs a concept: the CLI (the documented figure) or a browser worker (a tiny live version). */
export type ConceptSize = 'cli' | 'browser';

/** The reward concepts' run: household pick-and-place, GRPO, B × G = 4 × 8; `browser` is a tiny version of it. */
export function conceptBase(size: ConceptSize, seed: number) {
  const cli = {
    env: 'household-v0', taskType: 'pick_and_place_simple', envSize: 5, maxTurns: 15,
    estimator: 'grpo', groupSize: 8, tasksPerIteration: 4, seed, hidden: 128,
  } as const;
  return size === 'cli' ? cli : { ...cli, envSize: 4, maxTurns: 6, groupSize: 4, tasksPerIteration: 2, hidden: 16, hashBuckets: 128 } as const;
}

