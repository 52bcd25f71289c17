/**
 * A training run's folder opened in the lab (plain data only): its index (steps, files, sizes; the
 * Files stay in src/app/run-folder.ts), the overview rows the import worker posts step by step, and
 * the step whose files are the open import.
 */
import { create } from 'zustand';
import type { StepSummaryRow } from '../core/run/step-summary';

export interface RunStepEntry {
  step: number | null;
  files: number;
  ranks: number;
  /** null until measured (src/app/run-folder.ts reads sizes in slices after listing). */
  bytes: number | null;
}

export interface RunState {
  /** The folder's name (the first segment of its relative paths); null when no run is open. */
  name: string | null;
  steps: RunStepEntry[];
  files: number;
  bytes: number | null;
  /** Overview rows by step, in the order the worker posted them. */
  rows: StepSummaryRow[];
  overview: 'idle' | 'streaming' | 'done' | 'stopped' | 'failed';
  overviewError: string | null;
  /** The index's position of the step opened as the import (null: none). */
  opened: number | null;
  /**
   * Restored after a reload without the folder's files (only the open step's were kept): `reopen` is
   * the folder whose stored handle needs a click to be read again (null: pick the folder again).
   */
  withoutFolder: { reopen: string | null } | null;
}

const INITIAL: RunState = { name: null, steps: [], files: 0, bytes: 0, rows: [], overview: 'idle', overviewError: null, opened: null, withoutFolder: null };

export const useRunStore = create<RunState>(() => INITIAL);

export const runEvents = {
  runListed: (name: string, steps: RunStepEntry[], files: number, bytes: number | null) =>
    useRunStore.setState({ ...INITIAL, name, steps, files, bytes, overview: 'streaming' }),
  runCleared: () => useRunStore.setState(INITIAL),
  sizesMeasured: (steps: RunStepEntry[], bytes: number) => useRunStore.setState({ steps, bytes }),
  /** A kept run back after a reload without its folder: its index and overview rows as they were. */
  runRestored: (name: string, steps: RunStepEntry[], files: number, bytes: number, rows: StepSummaryRow[], reopen: string | null) =>
    useRunStore.setState({ ...INITIAL, name, steps, files, bytes, rows, overview: rows.length >= steps.length ? 'done' : 'stopped', withoutFolder: { reopen } }),
  stepRowPosted: (row: StepSummaryRow) => useRunStore.setState((s) => ({ rows: [...s.rows.filter((r) => r.step !== row.step), row] })),
  overviewFinished: (rows: StepSummaryRow[] | null) =>
    useRunStore.setState(rows ? { rows, overview: 'done' } : { overview: 'stopped' }),
  overviewFailed: (error: string) => useRunStore.setState({ overview: 'failed', overviewError: error }),
  stepOpened: (opened: number | null) => useRunStore.setState({ opened }),
};
