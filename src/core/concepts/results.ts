/**
 * What a reward-concept run writes (docs/concepts/<id>/results.json) and reads back: the spec,
 * every iteration's point, the evaluations. Plain JSON; the CLI and the lab build the same charts
 * from it (figures.ts).
 */
import type { BranchEvaluation, BranchPoint, BranchSpec } from './branches';
import { WARMUP_ARM } from './branches';

export const CONCEPT_RESULTS_FORMAT = 'rollout-lab.concept-run.v1';

export interface ConceptRunResults {
  format: typeof CONCEPT_RESULTS_FORMAT;
  concept: string;
  /** The command that produced the file. */
  command: string;
  spec: BranchSpec;
  points: BranchPoint[];
  evaluations: BranchEvaluation[];
  backend: string;
  wallMs: number;
}

const avg = (xs: readonly number[]): number => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** An arm's points with the shared warm-up before them (so each curve starts where training did). */
export function armPoints(points: readonly BranchPoint[], arm: string): BranchPoint[] {
  return [...points.filter((p) => p.arm === WARMUP_ARM), ...points.filter((p) => p.arm === arm)];
}

/** Mean of `value` over an arm's last `window` branch iterations (warm-up excluded). */
export function finalMean(points: readonly BranchPoint[], arm: string, value: (p: BranchPoint) => number, window = 10): number {
  return avg(points.filter((p) => p.arm === arm).slice(-window).map(value));
}

/** Mean of `value` over the warm-up's last `window` iterations (the branches' common start). */
export function warmupMean(points: readonly BranchPoint[], value: (p: BranchPoint) => number, window = 10): number | null {
  const warm = points.filter((p) => p.arm === WARMUP_ARM);
  return warm.length > 0 ? avg(warm.slice(-window).map(value)) : null;
}

/** Trailing moving average (window w). */
export function smooth(xs: readonly number[], w: number): number[] {
  return xs.map((_, i) => avg(xs.slice(Math.max(0, i - w + 1), i + 1)));
}
