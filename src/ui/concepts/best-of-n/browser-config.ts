import type { StudyOptions } from '../../../core/search';

/** Tiny enough for a browser tab and a test: household envSize 5, 8 turns, B = 2, G = 4, a small policy. */
export const BROWSER_CONFIG = {
  env: 'household-v0', taskType: 'pick_and_place_simple', envSize: 5, maxTurns: 8, estimator: 'grpo', seed: 1,
  groupSize: 4, tasksPerIteration: 2, hidden: 32, hashBuckets: 256,
};

/** The study the page runs for its three fields. */
export function browserStudy(samplesPerTask: number, tasks: number, iterations: number): StudyOptions {
  return { checkpoints: [0, iterations], splits: ['seen', 'unseen'], tasks, samplesPerTask, temperature: 1 };
}
