/**
 * What the person is looking at in the lab: the run, iteration, group, trajectory and turn, and
 * the sort order of the group view. Shared by the group view, charts, equation cards and the
 * keyboard shortcuts; changes on clicks and key presses only.
 */
import { create } from 'zustand';

export type SortKey = 'member' | 'length' | 'advantage';

export interface ViewState {
  /** Run id, or 'example' for the constructed example group; null = the first run. */
  runId: string | null;
  /** null = follow the latest iteration. */
  iteration: number | null;
  group: number;
  /** Member index (sample_index) of the focused trajectory. */
  trajectory: number;
  turn: number;
  sortBy: SortKey;
  /** Estimator whose advantage sorts the group (null: the first one). */
  sortEstimator: string | null;
}

const INITIAL: ViewState = { runId: null, iteration: null, group: 0, trajectory: 0, turn: 0, sortBy: 'member', sortEstimator: null };

export const useViewStore = create<ViewState>(() => INITIAL);

export const viewEvents = {
  runSelected: (runId: string | null) => useViewStore.setState({ runId, trajectory: 0, turn: 0 }),
  iterationPicked: (iteration: number | null) => useViewStore.setState({ iteration, turn: 0 }),
  groupPicked: (group: number) => useViewStore.setState({ group, trajectory: 0, turn: 0 }),
  trajectoryFocused: (trajectory: number, turn = 0) => useViewStore.setState({ trajectory, turn }),
  turnFocused: (turn: number) => useViewStore.setState({ turn }),
  sortChosen: (sortBy: SortKey, sortEstimator: string | null = null) => useViewStore.setState({ sortBy, sortEstimator }),
  viewReset: () => useViewStore.setState(INITIAL),
};
