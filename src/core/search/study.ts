/**
 * The search-vs-training study: train one run, and at chosen checkpoints (0 = the initial policy)
 * freeze it and draw n samples per fresh task on each split. One async generator, so the CLI, the
 * browser worker and the tests run the same code; events arrive in order, a killed run keeps
 * what it reported.
 *
 *   // SEARCH   at a checkpoint: sampleSearch on every split (no update)
 *   // TRAIN    otherwise: one training iteration
 */
import type { Split } from '../env/types';
import type { RunConfig } from '../train/config';
import { trainLoop } from '../train/loop';
import type { IterationMetrics } from '../train/metrics';
import type { Trainer } from '../train/trainer';
import { sampleSearch, type SearchSamples } from './sample';

export interface StudyOptions {
  /** Iterations at which to search (0 = before any update); the last one ends the study. */
  checkpoints: number[];
  splits: Split[];
  tasks: number;
  samplesPerTask: number;
  temperature: number;
}

/** One training iteration's numbers kept by the study (the training route's curve). */
export interface StudyIteration {
  iteration: number;
  /** Episodes sampled by training so far. */
  trainingEpisodes: number;
  successRate: number;
  meanTurns: number;
}

export type StudyEvent =
  | { kind: 'iteration'; iteration: StudyIteration }
  | { kind: 'samples'; samples: SearchSamples };

export const studyIteration = (m: IterationMetrics, cfg: Pick<RunConfig, 'tasksPerIteration' | 'groupSize'>): StudyIteration => ({
  iteration: m.iteration,
  trainingEpisodes: m.iteration * cfg.tasksPerIteration * cfg.groupSize,
  successRate: m.successRate,
  meanTurns: m.meanTurns,
});

/** Checkpoints as a sorted, de-duplicated list of non-negative integers. */
export function normalizeCheckpoints(checkpoints: readonly number[]): number[] {
  const out = [...new Set(checkpoints.filter((k) => Number.isInteger(k) && k >= 0))].sort((a, b) => a - b);
  if (out.length === 0) throw new RangeError('at least one checkpoint (an iteration ≥ 0) is needed');
  return out;
}

/** Trains `trainer` up to the last checkpoint, searching at each one; the trainer stays the caller's. */
export async function* searchStudy(trainer: Trainer, options: StudyOptions): AsyncGenerator<StudyEvent> {
  const checkpoints = normalizeCheckpoints(options.checkpoints);
  const last = checkpoints[checkpoints.length - 1];
  const search = async function* () {
    // SEARCH
    for (const split of options.splits) {
      yield { kind: 'samples', samples: await sampleSearch(trainer, { ...options, split }) } as StudyEvent;
    }
  };
  if (checkpoints.includes(trainer.iteration)) yield* search();
  if (trainer.iteration >= last) return;
  // TRAIN
  for await (const result of trainLoop(trainer)) {
    yield { kind: 'iteration', iteration: studyIteration(result.metrics, trainer.config) };
    if (checkpoints.includes(trainer.iteration)) yield* search();
    if (trainer.iteration >= last) return;
  }
}
