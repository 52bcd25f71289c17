/**
 * A run's summary: per-step states (`step-summary.ts`) keyed by training step, fed one step's
 * imported files at a time, merged across parts, finished into the JSON / CSV that `summary` writes
 * and the lab's run overview shows. Nothing of a step's trajectories is kept once it is added, so a
 * run of any length is summarised in the memory of its largest step. Pure.
 */
import { ESTIMATOR_IDS, getEstimator } from '../advantage/registry';
import type { RolloutGroup, TurnAdvantages } from '../advantage/types';
import type { ImportResult } from '../io/import/types';
import { buildGroups } from '../io/import/session/groups';
import { ProblemLog } from '../io/import/session/importer';
import { defaultParams, type EstimatorParamsMap } from '../io/import/session/params';
import { addGroup, emptyStep, finishStep, mergeStep, stepFromJson, stepToJson, type StepAcc, type StepAccJson, type StepSummaryRow } from './step-summary';

export const SUMMARY_STATE_KIND = 'rollout-lab.run-summary-state';
export const SUMMARY_KIND = 'rollout-lab.run-summary';

export type RunSummaryState = Map<number | null, StepAcc>;

export interface RunSummary {
  kind: typeof SUMMARY_KIND;
  version: 1;
  steps: StepSummaryRow[];
  /** Every step together (merged exactly, not averaged over rows). */
  total: StepSummaryRow;
}

export interface RunSummaryStateJson {
  kind: typeof SUMMARY_STATE_KIND;
  version: 1;
  steps: StepAccJson[];
}

export function emptySummary(): RunSummaryState {
  return new Map();
}

function stepAcc(state: RunSummaryState, step: number | null): StepAcc {
  let acc = state.get(step);
  if (!acc) state.set(step, (acc = emptyStep(step)));
  return acc;
}

/** Every estimator on one group; null where it threw (counted as a failed group). */
export function scoreGroup(group: RolloutGroup, params: EstimatorParamsMap): Record<string, TurnAdvantages | null> {
  const scores: Record<string, TurnAdvantages | null> = {};
  for (const id of ESTIMATOR_IDS) {
    try {
      const estimator = getEstimator(id as string);
      scores[id] = estimator.estimate(group, params[id]);
    } catch {
      scores[id] = null;
    }
  }
  return scores;
}

/**
 * One step's files (all its ranks: a group may span them), read, into the state. `step` is the
 * index's step (from the paths); a group whose records name their own train_step goes there.
 */
export function addStepFiles(
  state: RunSummaryState, step: number | null, files: ReadonlyArray<{ path: string; result: ImportResult }>, params: EstimatorParamsMap = defaultParams(),
): void {
  const problems = new ProblemLog();
  const trajectories = files.flatMap((f) => f.result.trajectories);
  const groups = buildGroups(trajectories, problems);
  const own = stepAcc(state, step);
  own.files += files.length;
  own.problems += problems.count + files.reduce((n, f) => n + f.result.problemCount, 0);
  for (const f of files) for (const note of f.result.notes) own.notes.push(`${f.path}: ${note}`);
  own.notes.sort();
  const rewardless = files.some((f) => f.result.rewardless === true);
  for (const g of groups) addGroup(stepAcc(state, g.step ?? step), g.summary, rewardless ? {} : scoreGroup(g.summary, params));
}

/** A file no reader could open: counted as a problem of its step, with the reason as a note. */
export function addUnreadFile(state: RunSummaryState, step: number | null, path: string, reason: string): void {
  const acc = stepAcc(state, step);
  acc.files++;
  acc.problems++;
  acc.notes.push(`${path}: not read: ${reason}`);
  acc.notes.sort();
}

export function mergeSummaries(into: RunSummaryState, from: RunSummaryState): RunSummaryState {
  for (const [step, acc] of from) {
    const own = into.get(step);
    if (own) mergeStep(own, acc);
    else into.set(step, stepFromJson(stepToJson(acc)));
  }
  return into;
}

const byStep = (a: { step: number | null }, b: { step: number | null }) => (a.step === null ? (b.step === null ? 0 : 1) : b.step === null ? -1 : a.step - b.step);

export function finishSummary(state: RunSummaryState): RunSummary {
  const accs = [...state.values()].sort(byStep);
  const total = emptyStep(null);
  for (const acc of accs) mergeStep(total, stepFromJson(stepToJson(acc)));
  return { kind: SUMMARY_KIND, version: 1, steps: accs.map(finishStep), total: finishStep(total) };
}

export function summaryStateToJson(state: RunSummaryState): RunSummaryStateJson {
  return { kind: SUMMARY_STATE_KIND, version: 1, steps: [...state.values()].sort(byStep).map(stepToJson) };
}

export class SummaryStateError extends Error {}

/** A part's state file back (throws SummaryStateError when it is not one). */
export function summaryStateFromJson(value: unknown): RunSummaryState {
  const v = value as Partial<RunSummaryStateJson> | null;
  if (!v || typeof v !== 'object' || v.kind !== SUMMARY_STATE_KIND || v.version !== 1 || !Array.isArray(v.steps)) {
    throw new SummaryStateError(`not a run summary state (expected "kind": "${SUMMARY_STATE_KIND}", "version": 1)`);
  }
  const state: RunSummaryState = new Map();
  for (const s of v.steps) mergeSummaries(state, new Map([[s.step, stepFromJson(s)]]));
  return state;
}
