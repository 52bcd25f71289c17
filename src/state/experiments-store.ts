/**
 * Experiments page state: the results files shipped in public/experiments (loaded once), and the
 * one experiment the person may run in browser workers at the reduced size. Plain data only;
 * src/app/experiments-client.ts is the only writer.
 */
import { create } from 'zustand';
import type { ExperimentId } from '../core/experiments/types';
import type { ExperimentResults } from '../core/experiments/results';
import type { Progress } from '../core/experiments/runner';

/** One entry of public/experiments/index.json. */
export interface ShippedEntry {
  file: string;
  experiment: string;
  title: string;
}

export interface ShippedState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  entries: ShippedEntry[];
  /** file → parsed results (loaded on demand). */
  results: Record<string, ExperimentResults>;
  error: string | null;
}

export type LocalStatus = 'idle' | 'running' | 'finished' | 'failed' | 'cancelled';

export interface LocalRunState {
  status: LocalStatus;
  experiment: ExperimentId;
  progress: Progress | null;
  results: ExperimentResults | null;
  error: string | null;
}

export interface ExperimentsState {
  shipped: ShippedState;
  /** The shipped file on display. */
  selectedFile: string | null;
  local: LocalRunState;
}

const initialLocal: LocalRunState = { status: 'idle', experiment: 'main', progress: null, results: null, error: null };

export const useExperimentsStore = create<ExperimentsState>(() => ({
  shipped: { status: 'idle', entries: [], results: {}, error: null },
  selectedFile: null,
  local: initialLocal,
}));

const set = useExperimentsStore.setState;
const get = useExperimentsStore.getState;

export const experimentsEvents = {
  shippedIndexRequested: () => set({ shipped: { ...get().shipped, status: 'loading', error: null } }),
  shippedIndexLoaded: (entries: ShippedEntry[]) =>
    set({ shipped: { ...get().shipped, status: 'ready', entries }, selectedFile: get().selectedFile ?? entries[0]?.file ?? null }),
  shippedResultsLoaded: (file: string, results: ExperimentResults) =>
    set({ shipped: { ...get().shipped, results: { ...get().shipped.results, [file]: results } } }),
  shippedFailed: (error: string) => set({ shipped: { ...get().shipped, status: 'failed', error } }),
  shippedFileSelected: (file: string) => set({ selectedFile: file }),
  localExperimentSelected: (experiment: ExperimentId) => {
    if (get().local.status !== 'running') set({ local: { ...initialLocal, experiment } });
  },
  localRunStarted: (experiment: ExperimentId) => set({ local: { ...initialLocal, experiment, status: 'running' } }),
  localProgressed: (progress: Progress) => set({ local: { ...get().local, progress } }),
  localRunFinished: (results: ExperimentResults) => set({ local: { ...get().local, status: 'finished', results } }),
  localRunFailed: (error: string) => set({ local: { ...get().local, status: 'failed', error } }),
  localRunCancelled: () => set({ local: { ...get().local, status: 'cancelled' } }),
};
