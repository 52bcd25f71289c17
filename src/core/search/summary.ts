/**
 * Curves and headline numbers from a study's samples (pure). Each point is a mean over tasks with
 * a 95% Student-t interval over tasks (stats.ts), for pass@k (unbiased, all n samples) and for the
 * literal best-of-N (the first N samples).
 *
 * The cost axis counts episodes sampled before one new task is answered: N for search with the
 * initial policy; training's episodes (iteration · B · G) plus N for a trained policy searched with
 * N samples. Training's episodes are paid once and shared by every later task; search's N is paid
 * again for every task.
 */
import { meanCi, type MeanCi } from '../experiments/stats';
import type { Split } from '../env/types';
import { bestOfFirst, passAtK, powersOfTwo } from './pass-at-k';
import type { SearchResults } from './results';
import { successFlags, type SearchSamples } from './sample';

export interface SearchPoint {
  N: number;
  /** Episodes sampled before answering one new task: trainingEpisodes + N. */
  episodes: number;
  passAtK: MeanCi;
  bestOfN: MeanCi;
}

export interface SearchCurve {
  split: Split;
  iteration: number;
  trainingEpisodes: number;
  points: SearchPoint[];
}

/** pass@N and best-of-N at N = 1, 2, 4, … n for one checkpoint and split. */
export function searchCurve(samples: SearchSamples): SearchCurve {
  const n = samples.samplesPerTask;
  const flags = samples.tasks.map(successFlags);
  const points = powersOfTwo(n).map((N) => ({
    N,
    episodes: samples.trainingEpisodes + N,
    passAtK: meanCi(flags.map((f) => passAtK(f.length, f.filter(Boolean).length, N))),
    bestOfN: meanCi(flags.map((f) => bestOfFirst(f, N))),
  }));
  return { split: samples.split, iteration: samples.iteration, trainingEpisodes: samples.trainingEpisodes, points };
}

export const searchCurves = (results: Pick<SearchResults, 'samples'>): SearchCurve[] => results.samples.map(searchCurve);

/** The curve of one checkpoint and split, if sampled. */
export function curveAt(curves: readonly SearchCurve[], iteration: number, split: Split): SearchCurve | undefined {
  return curves.find((c) => c.iteration === iteration && c.split === split);
}

/** pass@N of a curve (null when N was not sampled). */
export function passAt(curve: SearchCurve | undefined, N: number): number | null {
  return curve?.points.find((p) => p.N === N)?.passAtK.mean ?? null;
}

/** Checkpoints that were searched, ascending. */
export const searchedIterations = (results: Pick<SearchResults, 'samples'>): number[] =>
  [...new Set(results.samples.map((s) => s.iteration))].sort((a, b) => a - b);

/** The smallest N whose pass@N on `base` reaches `target` (null if none does). */
export function searchBudgetToReach(base: SearchCurve | undefined, target: number): number | null {
  return base?.points.find((p) => (p.passAtK.mean ?? 0) >= target)?.N ?? null;
}

export interface SearchHeadline {
  split: Split;
  /** The last searched checkpoint. */
  trainedIteration: number;
  trainingEpisodes: number;
  initialBest1: number | null;
  /** min(16, n): the mid budget the docs quote. */
  midN: number;
  initialBestMid: number | null;
  initialBestMax: number | null;
  trainedBest1: number | null;
  trainedBestMax: number | null;
  maxN: number;
  /** N the initial policy needs to match the trained policy's best-of-1 (null: not within n). */
  matchingN: number | null;
}

/** The numbers the docs page states, per split. */
export function searchHeadlines(results: Pick<SearchResults, 'samples' | 'options'>): SearchHeadline[] {
  const curves = searchCurves(results);
  const iterations = searchedIterations(results);
  const [first, last] = [iterations[0], iterations[iterations.length - 1]];
  const maxN = results.options.samplesPerTask;
  return results.options.splits.map((split) => {
    const initial = curveAt(curves, first, split);
    const trained = curveAt(curves, last, split);
    const trainedBest1 = passAt(trained, 1);
    return {
      split, trainedIteration: last, trainingEpisodes: trained?.trainingEpisodes ?? 0,
      initialBest1: passAt(initial, 1), midN: Math.min(16, maxN), initialBestMid: passAt(initial, Math.min(16, maxN)), initialBestMax: passAt(initial, maxN),
      trainedBest1, trainedBestMax: passAt(trained, maxN), maxN,
      matchingN: trainedBest1 === null ? null : searchBudgetToReach(initial, trainedBest1),
    };
  });
}
