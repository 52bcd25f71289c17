/**
 * The lab's import: what the import worker reported (plain data only). The trajectories stay in
 * the worker; this store holds the summary, the progress, the filtered group list, the one group
 * on screen and the overview rows.
 */
import { create } from 'zustand';
import type { ImportProgress } from '../core/import/open';
import type { GroupListItem, ImportSummary, ViewedTrajectory } from '../core/import/session';
import type { StepRow } from '../core/import/overview';
import type { UnknownTable } from '../core/import/importer';

export type ImportStatus = 'idle' | 'reading' | 'done' | 'cancelled' | 'failed';

export interface ImportFilters {
  step: number | null;
  env: string | null;
  taskType: string | null;
}

export interface ImportState {
  status: ImportStatus;
  fileName: string | null;
  progress: ImportProgress | null;
  error: string | null;
  summary: ImportSummary | null;
  gzip: boolean;
  /** Worker time: read (stream + parse + validate) and total (read + group + score every estimator). */
  seconds: { total: number; read: number } | null;
  filters: ImportFilters;
  groupList: GroupListItem[];
  /** Session index of the group on screen. */
  groupIndex: number | null;
  group: ViewedTrajectory[] | null;
  overview: StepRow[];
  paramProblems: string[];
  /** The table of a file no reader placed (the mapping form shows it); null otherwise. */
  table: UnknownTable | null;
  /** A picked or dropped folder: its files' relative paths (the Files stay in import-client). */
  folder: string[] | null;
}

const NO_FILTERS: ImportFilters = { step: null, env: null, taskType: null };

const INITIAL: ImportState = {
  status: 'idle', fileName: null, progress: null, error: null, summary: null, gzip: false, seconds: null,
  filters: NO_FILTERS, groupList: [], groupIndex: null, group: null, overview: [], paramProblems: [], table: null, folder: null,
};

export const useImportStore = create<ImportState>(() => INITIAL);

export const importEvents = {
  importStarted: (fileName: string) => useImportStore.setState((s) => ({ ...INITIAL, folder: s.folder, status: 'reading', fileName })),
  tableNotPlaced: (error: string, table: UnknownTable) => useImportStore.setState({ status: 'failed', error, table }),
  folderListed: (folder: string[] | null) => useImportStore.setState({ folder }),
  progressReported: (progress: ImportProgress) => useImportStore.setState({ progress }),
  importFinished: (summary: ImportSummary, gzip: boolean, seconds: { total: number; read: number }) =>
    useImportStore.setState({ status: 'done', summary, gzip, seconds }),
  importCancelled: () => useImportStore.setState({ status: 'cancelled' }),
  importFailed: (error: string) => useImportStore.setState({ status: 'failed', error }),
  filtersChanged: (filters: ImportFilters) => useImportStore.setState({ filters }),
  groupListLoaded: (groupList: GroupListItem[]) => useImportStore.setState({ groupList }),
  groupLoaded: (groupIndex: number | null, group: ViewedTrajectory[] | null) => useImportStore.setState({ groupIndex, group }),
  overviewLoaded: (overview: StepRow[]) => useImportStore.setState({ overview }),
  paramsRescored: (summary: ImportSummary, paramProblems: string[]) => useImportStore.setState({ summary, paramProblems }),
};
