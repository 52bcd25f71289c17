/**
 * The lab's import: what the import worker reported (plain data only). The trajectories stay in
 * the worker; this store holds the summary, the progress, the filtered group list, the one group
 * on screen and the overview rows.
 */
import { create } from 'zustand';
import type { ImportProgress } from '../core/io/import/session/open';
import type { GroupListItem, ImportSummary, ViewedTrajectory } from '../core/io/import/session/session';
import type { StepRow } from '../core/io/import/session/overview';
import type { UnknownTable } from '../core/io/import/session/importer';

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
  /** The group list has been read for this import (until then an empty list means "not yet", not "none match"). */
  groupListed: boolean;
  /** Session index of the group on screen. */
  groupIndex: number | null;
  group: ViewedTrajectory[] | null;
  overview: StepRow[];
  paramProblems: string[];
  /** The table of a file no reader placed (the mapping form shows it); null otherwise. */
  table: UnknownTable | null;
  /** A picked or dropped folder: its files' relative paths (the Files stay in import-client). */
  folder: string[] | null;
  /** The last import that opened, kept while another file is read, and put back if that one fails or is cancelled. */
  kept: KeptImport | null;
  /** The newest attempt that failed or was cancelled while an earlier import stayed on screen. */
  failure: { fileName: string; error: string | null; cancelled: boolean } | null;
}

const KEPT_KEYS = ['fileName', 'summary', 'gzip', 'seconds', 'filters', 'groupList', 'groupListed', 'groupIndex', 'group', 'overview', 'paramProblems'] as const;
export type KeptImport = Pick<ImportState, (typeof KEPT_KEYS)[number]>;

const keep = (s: ImportState): KeptImport | null =>
  (s.status === 'done' && s.summary ? (Object.fromEntries(KEPT_KEYS.map((k) => [k, s[k]])) as KeptImport) : s.kept);

/** A failed or cancelled attempt: the kept import back on screen with a note, or the failure alone. */
function unsuccessful(s: ImportState, error: string | null, cancelled: boolean): Partial<ImportState> {
  if (!s.kept) return { status: cancelled ? 'cancelled' : 'failed', error };
  return { ...s.kept, status: 'done', error, progress: null, failure: { fileName: s.fileName ?? '', error, cancelled } };
}

const NO_FILTERS: ImportFilters = { step: null, env: null, taskType: null };

const INITIAL: ImportState = {
  status: 'idle', fileName: null, progress: null, error: null, summary: null, gzip: false, seconds: null,
  filters: NO_FILTERS, groupList: [], groupListed: false, groupIndex: null, group: null, overview: [], paramProblems: [], table: null, folder: null, kept: null, failure: null,
};

export const useImportStore = create<ImportState>(() => INITIAL);

export const importEvents = {
  importStarted: (fileName: string) => useImportStore.setState((s) => ({ ...INITIAL, folder: s.folder, kept: keep(s), status: 'reading', fileName })),
  tableNotPlaced: (error: string, table: UnknownTable) => useImportStore.setState((s) => ({ ...unsuccessful(s, error, false), table })),
  folderListed: (folder: string[] | null) => useImportStore.setState({ folder }),
  progressReported: (progress: ImportProgress) => useImportStore.setState({ progress }),
  importFinished: (summary: ImportSummary, gzip: boolean, seconds: { total: number; read: number }) =>
    useImportStore.setState({ status: 'done', summary, gzip, seconds, kept: null, failure: null }),
  importCancelled: () => useImportStore.setState((s) => unsuccessful(s, null, true)),
  importFailed: (error: string) => useImportStore.setState((s) => unsuccessful(s, error, false)),
  filtersChanged: (filters: ImportFilters) => useImportStore.setState({ filters }),
  groupListLoaded: (groupList: GroupListItem[]) => useImportStore.setState({ groupList, groupListed: true }),
  groupLoaded: (groupIndex: number | null, group: ViewedTrajectory[] | null) => useImportStore.setState({ groupIndex, group }),
  overviewLoaded: (overview: StepRow[]) => useImportStore.setState({ overview }),
  paramsRescored: (summary: ImportSummary, paramProblems: string[]) => useImportStore.setState({ summary, paramProblems }),
  /** The summary again once the worker has scored every group (its estimators' failures then count them all). */
  summaryScored: (summary: ImportSummary) => useImportStore.setState({ summary }),
};
