/**
 * Evaluation of a trained policy: play `episodes` fresh tasks of one split with no update and
 * report success, turns and response length. Used by `ood` and by `npm run cli -- eval`.
 *
 * - Fresh tasks: env seeds come from the 'eval-env' stream, never used in training
 *   (deriveSeed(seed, 'eval-env', 0, task)); tokens from 'eval-sample'. Both splits use the same
 *   task indices, so seen and unseen differ only by the split.
 * - One member per task (groupSize 1): every episode is a different task.
 * - Temperature: the paper validates at 0.4 (algorithms.md §8); training samples at 1.0.
 */
import type { Checkpoint } from '../train/checkpoint';
import { Trainer } from '../train/trainer';
import { collectGroups } from '../rollout/collect';
import type { EvalRecord } from './results';
import { EVAL_TEMPERATURE } from './plan';
import type { Split } from './types';

export { EVAL_TEMPERATURE };

export interface EvalOptions {
  split: Split;
  episodes: number;
  temperature?: number;
}

const avg = (xs: readonly number[]): number => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const round = (x: number): number => Number(x.toPrecision(4));

export async function evaluateTrainer(trainer: Trainer, options: EvalOptions): Promise<EvalRecord> {
  const cfg = trainer.config;
  const temperature = options.temperature ?? EVAL_TEMPERATURE;
  const batch = await collectGroups(trainer.policy, trainer.env, {
    seed: cfg.seed, iteration: 0, tasks: options.episodes, groupSize: 1, maxTurns: trainer.maxTurns,
    historyLength: cfg.historyLength, decoding: cfg.decoding,
    limits: { maxThinkTokens: cfg.maxThinkTokens, maxResponseTokens: cfg.maxResponseTokens }, temperature,
    envOptions: { taskType: cfg.taskType ?? undefined, split: options.split, size: cfg.envSize ?? undefined },
    streams: { env: 'eval-env', sample: 'eval-sample' },
  });
  const trajs = batch.groups.flatMap((g) => g.trajectories);
  const wins = trajs.filter((t) => t.success);
  return {
    split: options.split,
    episodes: trajs.length,
    temperature,
    successRate: round(wins.length / Math.max(1, trajs.length)),
    meanTurns: round(avg(trajs.map((t) => t.turns.length))),
    meanSuccessTurns: wins.length > 0 ? round(avg(wins.map((t) => t.turns.length))) : null,
    meanResponseTokens: round(avg(trajs.flatMap((t) => t.turns.map((turn) => turn.tokens.length)))),
  };
}

export interface CheckpointEvaluation extends EvalRecord {
  env: string;
  estimator: string;
  seed: number;
  iteration: number;
}

/**
 * Evaluates a checkpoint on one split with the active tfjs backend: the one function behind
 * `npm run cli -- eval`, `experiment ood` and the trainer worker's `evaluate` call.
 */
export async function evaluateCheckpoint(
  checkpoint: Checkpoint, options: EvalOptions & { backend?: string },
): Promise<CheckpointEvaluation> {
  const trainer = await Trainer.create(checkpoint.config, { checkpoint, backend: options.backend, compare: false, records: false });
  try {
    const record = await evaluateTrainer(trainer, options);
    const c = trainer.config;
    return { env: c.env, estimator: c.estimator, seed: c.seed, iteration: trainer.iteration, ...record };
  } finally {
    trainer.dispose();
  }
}
