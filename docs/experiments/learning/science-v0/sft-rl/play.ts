/**
 * The evaluation play the scripts of this folder share: N fresh seen tasks of one task type with a run file's policy,
 * one member per task, at the evaluation temperature, on the 'eval-env' / 'eval-sample' streams (as by-type.ts).
 * The caller disposes the trainer.
 */
import { readCheckpointFile } from '../../../../../src/cli/run-file-io';
import { Trainer } from '../../../../../src/core/train/trainer';
import { collectGroups } from '../../../../../src/core/rollout/collect';
import { EVAL_TEMPERATURE } from '../../../../../src/core/experiments/evaluate';

export async function playType(file: string, taskType: string, tasks: number) {
  const { checkpoint } = await readCheckpointFile(file);
  const cp = { ...checkpoint, config: { ...checkpoint.config, taskType, sftEpisodes: 0 } };
  const trainer = await Trainer.create(cp.config, { checkpoint: cp, compare: false, records: false });
  const cfg = trainer.config;
  const envOptions = { taskType, split: 'seen' as const, size: cfg.envSize ?? undefined };
  const batch = await collectGroups(trainer.policy, trainer.env, {
    seed: cfg.seed, iteration: 0, tasks, groupSize: 1, maxTurns: trainer.maxTurns, historyLength: cfg.historyLength,
    decoding: cfg.decoding, limits: { maxThinkTokens: cfg.maxThinkTokens, maxResponseTokens: cfg.maxResponseTokens },
    temperature: EVAL_TEMPERATURE, envOptions, streams: { env: 'eval-env', sample: 'eval-sample' },
  });
  /** The start state of group g's task. */
  const startState = (envSeed: number) => trainer.env.reset(envSeed, { ...envOptions, maxTurns: trainer.maxTurns }).state;
  return { trainer, batch, startState };
}
