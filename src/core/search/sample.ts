/**
 * Test-time search samples: n independent episodes per fresh task from a frozen policy, each
 * checked by the environment's verifier (its `success`). No update: the weights do not move.
 *
 * - Tasks come from the 'eval-env' stream (deriveSeed(seed, 'eval-env', 0, task)), never used in
 *   training, so every checkpoint is searched on the same fresh tasks; seen and unseen use the
 *   same task indices and differ only by the split.
 * - Tokens come from 'search-sample' (member g of task b: deriveSeed(seed, 'search-sample', 0, b, g)):
 *   independent of evaluation's 'eval-sample', so adding search shifts no other number.
 * - The n samples of a task play in lockstep (one group of n), exactly as training collects.
 */
import type { BaseEnvState, Split, TextEnv } from '../env/types';
import { collectGroups } from '../rollout/collect';
import type { Trainer } from '../train/trainer';

export interface TaskSamples {
  taskIndex: number;
  envSeed: number;
  /** Turns of the shortest plan (the env's oracle). */
  oracleTurns: number;
  /** '1' / '0' per sample, in sampling order (compact in JSON). */
  successes: string;
  /** Turns each sample took. */
  turns: number[];
}

export interface SearchSamples {
  split: Split;
  /** The checkpoint's training iteration (0 = the initial policy). */
  iteration: number;
  /** Episodes sampled by training up to this checkpoint (iteration · B · G). */
  trainingEpisodes: number;
  temperature: number;
  samplesPerTask: number;
  tasks: TaskSamples[];
}

export interface SearchOptions {
  split: Split;
  tasks: number;
  samplesPerTask: number;
  temperature: number;
}

/** n episodes on each of `tasks` fresh tasks with the trainer's current (frozen) policy. */
export async function sampleSearch(trainer: Trainer, options: SearchOptions): Promise<SearchSamples> {
  const cfg = trainer.config;
  const env = trainer.env as TextEnv<BaseEnvState>;
  const batch = await collectGroups(trainer.policy, env, {
    seed: cfg.seed, iteration: 0, tasks: options.tasks, groupSize: options.samplesPerTask, maxTurns: trainer.maxTurns,
    historyLength: cfg.historyLength, decoding: cfg.decoding,
    limits: { maxThinkTokens: cfg.maxThinkTokens, maxResponseTokens: cfg.maxResponseTokens }, temperature: options.temperature,
    envOptions: { taskType: cfg.taskType ?? undefined, split: options.split, size: cfg.envSize ?? undefined },
    streams: { env: 'eval-env', sample: 'search-sample' },
  });
  return {
    split: options.split,
    iteration: trainer.iteration,
    trainingEpisodes: trainer.iteration * cfg.tasksPerIteration * cfg.groupSize,
    temperature: options.temperature,
    samplesPerTask: options.samplesPerTask,
    tasks: batch.groups.map((g) => ({
      taskIndex: g.taskIndex, envSeed: g.envSeed, oracleTurns: g.oracleTurns,
      successes: g.trajectories.map((t) => (t.success ? '1' : '0')).join(''),
      turns: g.trajectories.map((t) => t.turns.length),
    })),
  };
}

/** The success flags of one task's samples. */
export const successFlags = (task: Pick<TaskSamples, 'successes'>): boolean[] => [...task.successes].map((c) => c === '1');
