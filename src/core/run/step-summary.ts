/**
 * The per-step heterogeneity overview of a run as a MERGEABLE summary: a state that takes groups
 * one at a time, merges with another part's state exactly, and is finished into plain numbers.
 * Per training step, over its groups:
 *
 * - groups, trajectories, successes, singleton groups (one member: no relative advantage);
 * - zeroGrpoGroups / zeroGrpoFraction: groups whose outcome rewards R(τ_i) are all equal (GRPO's
 *   advantage is 0 for every response: no gradient);
 * - successTurnsSpread: the mean, over groups with ≥ 2 successes, of the Bessel std of T_i among the
 *   successes (what PlanPO's A^E separates);
 * - responseTokensSpread: the mean, over groups with ≥ 2 successful responses, of the Bessel std of
 *   L_{i,t} over those responses (what PlanPO's A^S separates);
 * - lengthRatio, lengthCv: the MEAN (not the median the single-file overview shows: a median does
 *   not merge exactly) over groups with ≥ 2 responses, all > 0, of max L / min L and std(L)/mean(L);
 * - per estimator, the mean A_{i,t} and mean |A_{i,t}| over the responses of groups of ≥ 2, and the
 *   groups it could not score.
 *
 * Exactness: counts are integers and every float sum is an `ExactSum`, so the finished summary of
 * any split of the groups, merged, is identical (to the bit) to the summary of one pass. Memory is
 * O(steps × estimators), whatever the number of groups. Pure.
 */
import type { RolloutGroup, TurnAdvantages } from '../advantage/types';
import { mean, minMax, std } from '../math';
import { ExactSum } from './exact-sum';

interface MeanAcc { sum: ExactSum; n: number }
interface EstimatorAcc { sum: ExactSum; abs: ExactSum; n: number; failedGroups: number }

export interface StepAcc {
  step: number | null;
  files: number;
  groups: number;
  trajectories: number;
  successes: number;
  singletonGroups: number;
  zeroGrpoGroups: number;
  problems: number;
  successTurnsSpread: MeanAcc;
  responseTokensSpread: MeanAcc;
  lengthRatio: MeanAcc;
  lengthCv: MeanAcc;
  estimators: Record<string, EstimatorAcc>;
  /** The readers' notes, `path: note`, in path order. */
  notes: string[];
}

export interface StepSummaryRow {
  step: number | null;
  files: number;
  groups: number;
  trajectories: number;
  successRate: number;
  singletonGroups: number;
  zeroGrpoGroups: number;
  zeroGrpoFraction: number;
  problems: number;
  successTurnsSpread: number | null;
  responseTokensSpread: number | null;
  lengthRatio: number | null;
  lengthCv: number | null;
  estimators: Record<string, { meanAdvantage: number | null; meanAbsAdvantage: number | null; failedGroups: number }>;
  notes: string[];
}

const meanAcc = (): MeanAcc => ({ sum: new ExactSum(), n: 0 });

export function emptyStep(step: number | null): StepAcc {
  return {
    step, files: 0, groups: 0, trajectories: 0, successes: 0, singletonGroups: 0, zeroGrpoGroups: 0, problems: 0,
    successTurnsSpread: meanAcc(), responseTokensSpread: meanAcc(), lengthRatio: meanAcc(), lengthCv: meanAcc(), estimators: {}, notes: [],
  };
}

function push(acc: MeanAcc, value: number): void {
  acc.sum.add(value);
  acc.n++;
}

function allEqual(values: readonly number[]): boolean {
  return values.every((v) => Math.abs(v - values[0]) < 1e-12);
}

/** One group into its step's state: `scores[id]` is estimator id's advantages (null: it failed). */
export function addGroup(acc: StepAcc, group: RolloutGroup, scores: Record<string, TurnAdvantages | null>): void {
  const trajs = group.trajectories;
  acc.groups++;
  acc.trajectories += trajs.length;
  const successes = trajs.filter((t) => t.success);
  acc.successes += successes.length;
  if (trajs.length === 1) acc.singletonGroups++;
  if (allEqual(trajs.map((t) => t.reward))) acc.zeroGrpoGroups++;
  if (successes.length >= 2) push(acc.successTurnsSpread, std(successes.map((t) => t.numTurns)));
  const successTokens = successes.flatMap((t) => t.numTokens);
  if (successTokens.length >= 2) push(acc.responseTokensSpread, std(successTokens));
  const lengths = trajs.flatMap((t) => t.numTokens);
  const [shortest, longest] = minMax(lengths);
  if (lengths.length >= 2 && shortest > 0) {
    push(acc.lengthRatio, longest / shortest);
    push(acc.lengthCv, std(lengths) / mean(lengths));
  }
  for (const [id, adv] of Object.entries(scores)) {
    const e = (acc.estimators[id] ??= { sum: new ExactSum(), abs: new ExactSum(), n: 0, failedGroups: 0 });
    if (!adv) {
      e.failedGroups++;
      continue;
    }
    if (trajs.length === 1) continue;
    for (const row of adv.perTurn) for (const a of row) { e.sum.add(a); e.abs.add(Math.abs(a)); e.n++; }
  }
}

function mergeMean(into: MeanAcc, from: MeanAcc): void {
  into.sum.merge(from.sum);
  into.n += from.n;
}

/** `from` added into `into` (same step). */
export function mergeStep(into: StepAcc, from: StepAcc): StepAcc {
  for (const key of ['files', 'groups', 'trajectories', 'successes', 'singletonGroups', 'zeroGrpoGroups', 'problems'] as const) into[key] += from[key];
  for (const key of ['successTurnsSpread', 'responseTokensSpread', 'lengthRatio', 'lengthCv'] as const) mergeMean(into[key], from[key]);
  for (const [id, e] of Object.entries(from.estimators)) {
    const t = (into.estimators[id] ??= { sum: new ExactSum(), abs: new ExactSum(), n: 0, failedGroups: 0 });
    t.sum.merge(e.sum);
    t.abs.merge(e.abs);
    t.n += e.n;
    t.failedGroups += e.failedGroups;
  }
  into.notes = [...into.notes, ...from.notes].sort();
  return into;
}

const meanOf = (m: MeanAcc): number | null => (m.n > 0 ? m.sum.value() / m.n : null);

export function finishStep(acc: StepAcc): StepSummaryRow {
  const estimators: StepSummaryRow['estimators'] = {};
  for (const id of Object.keys(acc.estimators).sort()) {
    const e = acc.estimators[id];
    estimators[id] = { meanAdvantage: e.n ? e.sum.value() / e.n : null, meanAbsAdvantage: e.n ? e.abs.value() / e.n : null, failedGroups: e.failedGroups };
  }
  return {
    step: acc.step, files: acc.files, groups: acc.groups, trajectories: acc.trajectories,
    successRate: acc.trajectories ? acc.successes / acc.trajectories : 0,
    singletonGroups: acc.singletonGroups, zeroGrpoGroups: acc.zeroGrpoGroups, zeroGrpoFraction: acc.groups ? acc.zeroGrpoGroups / acc.groups : 0,
    problems: acc.problems,
    successTurnsSpread: meanOf(acc.successTurnsSpread), responseTokensSpread: meanOf(acc.responseTokensSpread),
    lengthRatio: meanOf(acc.lengthRatio), lengthCv: meanOf(acc.lengthCv), estimators, notes: acc.notes.slice(),
  };
}

type Plain<T> = { [K in keyof T]: T[K] extends ExactSum ? number[] : T[K] extends object ? Plain<T[K]> : T[K] };
/** A step's state as plain JSON (the sums as their exact partials). */
export type StepAccJson = Plain<StepAcc>;

export function stepToJson(acc: StepAcc): StepAccJson {
  return JSON.parse(JSON.stringify(acc)) as StepAccJson;
}

function meanFrom(m: { sum: number[]; n: number }): MeanAcc {
  return { sum: ExactSum.from(m.sum), n: m.n };
}

export function stepFromJson(json: StepAccJson): StepAcc {
  const estimators: Record<string, EstimatorAcc> = {};
  for (const [id, e] of Object.entries(json.estimators)) estimators[id] = { sum: ExactSum.from(e.sum), abs: ExactSum.from(e.abs), n: e.n, failedGroups: e.failedGroups };
  return {
    ...json, successTurnsSpread: meanFrom(json.successTurnsSpread), responseTokensSpread: meanFrom(json.responseTokensSpread),
    lengthRatio: meanFrom(json.lengthRatio), lengthCv: meanFrom(json.lengthCv), estimators, notes: json.notes.slice(),
  };
}
