/**
 * Which group the lab shows: the selected run (or the worked example), iteration (the latest
 * unless one was picked) and task. Pure over the two stores' plain state, so components and the
 * keyboard shortcuts resolve it the same way.
 */
import type { GroupRecords, RunsState, RunTelemetry } from '../../state/run-store';
import type { ViewState } from '../../state/view-store';
import { groupOrder } from './group-order';

export const EXAMPLE_ID = 'example';

export interface Selection {
  source: 'run' | 'example' | 'none';
  run: RunTelemetry | null;
  /** Iterations whose groups are kept, ascending. */
  iterations: number[];
  iteration: number | null;
  groups: GroupRecords[];
  groupIndex: number;
  group: GroupRecords | null;
  /** Estimators compared on these groups (the runs' estimators, in order). */
  estimators: string[];
}

export function resolveSelection(runs: RunsState, view: ViewState, fallbackEstimators: string[]): Selection {
  const example = runs.example;
  const wantsExample = view.runId === EXAMPLE_ID || (runs.runs.length === 0 && example !== null);
  if (wantsExample && example) {
    return {
      source: 'example', run: null, iterations: [], iteration: null, groups: [example.group], groupIndex: 0,
      group: example.group, estimators: example.estimators,
    };
  }
  const run = runs.runs.find((r) => r.id === view.runId) ?? runs.runs[0] ?? null;
  const estimators = runs.startedWith?.estimators ?? fallbackEstimators;
  if (!run) return { source: 'none', run: null, iterations: [], iteration: null, groups: [], groupIndex: 0, group: null, estimators };
  const iterations = Object.keys(run.groups).map(Number).sort((a, b) => a - b);
  const iteration = view.iteration !== null && run.groups[view.iteration] ? view.iteration : (iterations.at(-1) ?? null);
  const groups = iteration !== null ? run.groups[iteration] : [];
  const groupIndex = Math.min(view.group, Math.max(0, groups.length - 1));
  return { source: 'run', run, iterations, iteration, groups, groupIndex, group: groups[groupIndex] ?? null, estimators };
}

/** Display order of the selected group (indices into it). */
export function selectionOrder(selection: Selection, view: ViewState): number[] {
  if (!selection.group) return [];
  return groupOrder(selection.group, view.sortBy, view.sortEstimator ?? selection.estimators[0] ?? 'grpo');
}
