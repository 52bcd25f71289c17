/**
 * Saved runs (IndexedDB) as the page sees them: the list of saved labs, which one this tab has
 * open and whether it owns it (one tab at a time) or shows it read-only, the storage used, a quota
 * error, notices about restarted workers, and how many other tabs are training on this machine.
 * Plain data; src/app/persist writes it.
 */
import { create } from 'zustand';

export interface SavedLabSummary {
  id: string;
  name: string;
  updatedAt: number;
  estimators: string[];
  env: string;
  /** The smallest checkpoint iteration over the lab's runs (what a resume starts from). */
  iteration: number;
  /** Why the lab cannot be opened (it failed validation; kept, not deleted); null when it can. */
  problem: string | null;
}

/** A run file the lab refused, kept aside (never a lab, never opened): listed with its reason. */
export interface RefusedFileSummary {
  id: string;
  name: string;
  size: number;
  refusedAt: number;
  reason: string;
  /** False when the file was too large for its bytes to be kept (Export has nothing to give back). */
  bytesKept: boolean;
}

export interface SavedRunsState {
  labs: SavedLabSummary[];
  /** Run files that could not be opened, newest first. */
  refusedFiles: RefusedFileSummary[];
  /** The saved lab this tab shows (null: nothing saved yet). */
  currentId: string | null;
  /** Another tab owns the current lab: this one shows it and cannot train it. */
  readOnly: boolean;
  /** runId → iteration of its checkpoint in storage. */
  savedIterations: Record<string, number>;
  storage: { usage: number; quota: number } | null;
  /** Plain words when saving failed (quota); what was saved before stays. */
  saveError: string | null;
  /** Why saving stopped (the database was closed under the page: deleted, upgraded, cleared); null while saving works. */
  savingStopped: string | null;
  /** What happened to a worker and what was kept, newest last. */
  notices: string[];
  otherTabsTraining: number;
}

export const useSavedRunsStore = create<SavedRunsState>(() => ({
  labs: [], refusedFiles: [], currentId: null, readOnly: false, savedIterations: {}, storage: null, saveError: null, savingStopped: null, notices: [], otherTabsTraining: 0,
}));

const MAX_NOTICES = 5;

export const savedRunsEvents = {
  /** A lab found unreadable when opened (its checkpoint, say) keeps its reason through later listings. */
  labsListed: (labs: SavedLabSummary[]) =>
    useSavedRunsStore.setState((s) => ({ labs: labs.map((l) => ({ ...l, problem: l.problem ?? s.labs.find((o) => o.id === l.id)?.problem ?? null })) })),
  refusedFilesListed: (refusedFiles: RefusedFileSummary[]) => useSavedRunsStore.setState({ refusedFiles }),
  /** Opening lab `id` failed validation: it stays listed, marked with the reason. */
  labUnreadable: (id: string, problem: string) =>
    useSavedRunsStore.setState((s) => ({ labs: s.labs.map((l) => (l.id === id ? { ...l, problem } : l)) })),
  labOpened: (id: string | null, readOnly: boolean, savedIterations: Record<string, number> = {}) =>
    useSavedRunsStore.setState({ currentId: id, readOnly, savedIterations }),
  ownershipChanged: (readOnly: boolean) => useSavedRunsStore.setState({ readOnly }),
  checkpointSaved: (runId: string, iteration: number) =>
    useSavedRunsStore.setState((s) => ({ savedIterations: { ...s.savedIterations, [runId]: iteration }, saveError: null })),
  storageMeasured: (usage: number, quota: number) => useSavedRunsStore.setState({ storage: { usage, quota } }),
  saveFailed: (message: string) => useSavedRunsStore.setState({ saveError: message }),
  savingStopped: (reason: string) => useSavedRunsStore.setState({ savingStopped: reason }),
  savingResumed: () => useSavedRunsStore.setState({ savingStopped: null }),
  noticeAdded: (text: string) => useSavedRunsStore.setState((s) => ({ notices: [...s.notices, text].slice(-MAX_NOTICES) })),
  noticesDismissed: () => useSavedRunsStore.setState({ notices: [] }),
  otherTabsTrainingChanged: (count: number) => useSavedRunsStore.setState({ otherTabsTraining: count }),
};
