/**
 * `runOne` for runtimes that hold tfjs themselves (the CLI in Node, tests): train the spec's
 * config with src/core/train's loop, report each iteration, then evaluate when asked.
 * The app uses a worker per run instead (src/app/experiments-client.ts).
 */
import { validateConfig } from '../train/config';
import { trainLoop } from '../train/loop';
import { Trainer } from '../train/trainer';
import { evaluateTrainer } from './evaluate';
import { toIterationRecord, type EvalRecord, type IterationRecord } from './results';
import type { RunOne } from './runner';
import type { RunSpec } from './types';

export interface TrainerRunOptions {
  /** Backend name to record (the caller activated it). */
  backend: string;
  /** Evaluation temperature (default EVAL_TEMPERATURE). */
  evalTemperature?: number;
  /**
   * Replaces the in-memory evaluation (the CLI writes a checkpoint and evaluates the file, as
   * `eval --checkpoint` does). Called once per run that has `evaluate`.
   */
  evaluate?: (trainer: Trainer, spec: RunSpec) => Promise<EvalRecord[]>;
}

export function trainerRunOne(options: TrainerRunOptions): RunOne {
  return async (spec, hooks) => {
    const { config, problems } = validateConfig(spec.config);
    if (problems.length > 0) throw new Error(`${spec.runId}: ${problems.join('; ')}`);
    const trainer = await Trainer.create(config, { backend: options.backend, compare: false, records: false, runId: spec.runId });
    const metrics: IterationRecord[] = [];
    const evaluation: EvalRecord[] = [];
    try {
      for await (const result of trainLoop(trainer)) {
        const record = toIterationRecord(result.metrics);
        metrics.push(record);
        hooks.onIteration(record);
      }
      if (spec.evaluate) {
        const records = options.evaluate
          ? await options.evaluate(trainer, spec)
          : await inMemory(trainer, spec.evaluate, options.evalTemperature);
        for (const e of records) {
          evaluation.push(e);
          hooks.onEvaluation?.(e);
        }
      }
    } finally {
      trainer.dispose();
    }
    return { resolvedConfig: { ...config }, backend: options.backend, metrics, evaluation };
  };
}

async function inMemory(trainer: Trainer, evaluate: NonNullable<RunSpec['evaluate']>, temperature?: number): Promise<EvalRecord[]> {
  const out: EvalRecord[] = [];
  for (const split of evaluate.splits) out.push(await evaluateTrainer(trainer, { split, episodes: evaluate.episodes, temperature }));
  return out;
}
