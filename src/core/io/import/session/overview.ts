/**
 * The import overview by training step: per step, over its groups,
 * - zeroGrpoFraction: the share of groups whose outcome rewards R(τ_i) are all equal (GRPO's
 *   advantage is 0 for every response: the group gives no gradient);
 * - successTurnsSpread: the mean, over groups with ≥ 2 successes, of the Bessel std of T_i among
 *   the successes (PlanPO's A^E separates those; GRPO does not);
 * - responseTokensSpread: the mean, over groups with ≥ 2 successful responses, of the Bessel std of
 *   L_{i,t} over the responses of successful trajectories (what PlanPO's A^S separates);
 * - lengthRatio: the median, over groups with ≥ 2 responses, of max L_{i,t} / min L_{i,t} over all
 *   the group's responses (1 = every response as long as the others; single-turn GRPO groups of
 *   n completions are the common case);
 * - lengthCv: the median, over the same groups, of the coefficient of variation std(L)/mean(L)
 *   (Bessel std) of the group's response lengths;
 * - per estimator, the mean A_{i,t} and mean |A_{i,t}| over all responses of groups of two or more
 *   (a group of one has no relative advantage: its numbers are left out).
 * Groups without a train_step form one row with step null. Pure.
 */
import type { TurnAdvantages } from '../../../advantage/types';
import { mean, minMax, std } from '../../../math';
import type { ImportedGroup } from './groups';

export interface EstimatorStepStats {
  meanAdvantage: number;
  meanAbsAdvantage: number;
}

export interface StepRow {
  step: number | null;
  groups: number;
  trajectories: number;
  successRate: number;
  zeroGrpoFraction: number;
  successTurnsSpread: number | null;
  responseTokensSpread: number | null;
  lengthRatio: number | null;
  lengthCv: number | null;
  estimators: Record<string, EstimatorStepStats>;
}

function allEqual(values: readonly number[]): boolean {
  return values.every((v) => Math.abs(v - values[0]) < 1e-12);
}

function meanOrNull(values: number[]): number | null {
  return values.length > 0 ? mean(values) : null;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** max L / min L and std(L)/mean(L) over one group's responses (null with fewer than 2 or a zero length). */
export function lengthHeterogeneity(lengths: readonly number[]): { ratio: number; cv: number } | null {
  if (lengths.length < 2) return null;
  const [min, max] = minMax(lengths);
  if (!(min > 0)) return null;
  return { ratio: max / min, cv: std(lengths) / mean(lengths) };
}

interface Acc {
  groups: number;
  trajectories: number;
  successes: number;
  zero: number;
  turnSpreads: number[];
  tokenSpreads: number[];
  ratios: number[];
  cvs: number[];
  sums: Record<string, { sum: number; abs: number; n: number }>;
}

function accumulate(acc: Acc, group: ImportedGroup, scores: Record<string, TurnAdvantages | null>): void {
  const trajs = group.summary.trajectories;
  acc.groups++;
  acc.trajectories += trajs.length;
  const successes = trajs.filter((t) => t.success);
  acc.successes += successes.length;
  if (allEqual(trajs.map((t) => t.reward))) acc.zero++;
  if (successes.length >= 2) acc.turnSpreads.push(std(successes.map((t) => t.numTurns)));
  const tokens = successes.flatMap((t) => t.numTokens);
  if (tokens.length >= 2) acc.tokenSpreads.push(std(tokens));
  const spread = lengthHeterogeneity(trajs.flatMap((t) => t.numTokens));
  if (spread) {
    acc.ratios.push(spread.ratio);
    acc.cvs.push(spread.cv);
  }
  if (trajs.length === 1) return;
  for (const [id, adv] of Object.entries(scores)) {
    if (!adv) continue;
    const s = (acc.sums[id] ??= { sum: 0, abs: 0, n: 0 });
    for (const row of adv.perTurn) for (const a of row) { s.sum += a; s.abs += Math.abs(a); s.n++; }
  }
}

/** One row per training step (ascending; the step-less row last). `scores[id][g]` is group g's advantages. */
export function overviewBySteps(
  groups: readonly ImportedGroup[], indices: readonly number[], scores: Record<string, ReadonlyArray<TurnAdvantages | null>>,
): StepRow[] {
  const bySteps = new Map<number | null, Acc>();
  for (const g of indices) {
    const group = groups[g];
    let acc = bySteps.get(group.step);
    if (!acc) bySteps.set(group.step, (acc = { groups: 0, trajectories: 0, successes: 0, zero: 0, turnSpreads: [], tokenSpreads: [], ratios: [], cvs: [], sums: {} }));
    const own: Record<string, TurnAdvantages | null> = {};
    for (const [id, list] of Object.entries(scores)) own[id] = list[g] ?? null;
    accumulate(acc, group, own);
  }
  const rows = [...bySteps.entries()].map(([step, acc]): StepRow => {
    const estimators: Record<string, EstimatorStepStats> = {};
    for (const [id, s] of Object.entries(acc.sums)) estimators[id] = { meanAdvantage: s.n ? s.sum / s.n : 0, meanAbsAdvantage: s.n ? s.abs / s.n : 0 };
    return {
      step, groups: acc.groups, trajectories: acc.trajectories, successRate: acc.successes / Math.max(1, acc.trajectories),
      zeroGrpoFraction: acc.zero / acc.groups, successTurnsSpread: meanOrNull(acc.turnSpreads),
      responseTokensSpread: meanOrNull(acc.tokenSpreads), lengthRatio: median(acc.ratios), lengthCv: median(acc.cvs), estimators,
    };
  });
  return rows.sort((a, b) => (a.step === null ? 1 : b.step === null ? -1 : a.step - b.step));
}
