/**
 * Opening a saved lab: its configuration into the config store, its runs into the run store
 * (paused at their checkpoints, curves and the bounded groups), and the checkpoints handed to
 * the listener of `onRunsOpened` (run-client, wired in main.tsx; persist never imports it) for the
 * next Train. On start-up the tab reopens the lab it had (sessionStorage
 * survives a reload), or else, unless the address is a share link, the most recently saved lab.
 */
import type { Checkpoint } from '../../core/train/checkpoint';
import type { IterationMetrics } from '../../core/train/metrics';
import type { LabConfig } from '../../state/lab-config';
import { configEvents } from '../../state/config-store';
import { boundRecord, GROUP_BOUNDS, keepIteration, METRIC_BOUNDS } from '../../state/history-bounds';
import { runEvents, type GroupRecords, type RestoredRun } from '../../state/run-store';
import { savedRunsEvents, useSavedRunsStore } from '../../state/saved-runs-store';
import { migrateLabAlpha } from '../../state/lab-config';
import { errorText, ReadBackError } from '../../core/train/read-back';
import { loadLab, type LoadedLab } from './labs';
import { CURRENT_KEY, labAttached, refreshList } from './recorder';
import { awaitLab, claimLab } from './tabs';

/** Runs opened from storage, built into workers on the next Train or Step. */
export interface OpenedRuns {
  config: LabConfig;
  runs: Array<{ id: string; estimator: string; checkpoint: Checkpoint | null }>;
}

let runsOpened: (runs: OpenedRuns) => void = () => {
  throw new Error('no run driver: call onRunsOpened at start-up');
};

/** Where opened runs go: the one module that drives the training workers registers here. */
export function onRunsOpened(listener: (runs: OpenedRuns) => void): void {
  runsOpened = listener;
}

function restoredRuns(loaded: LoadedLab): RestoredRun[] {
  return loaded.runs.map((run) => {
    const latest = run.checkpoint?.iteration ?? 0;
    const keep = (x: { iteration: number }) => keepIteration(x.iteration, latest, METRIC_BOUNDS);
    const groups: Record<number, GroupRecords[]> = {};
    for (const r of run.reports) groups[r.iteration] = r.groups;
    return {
      id: run.meta.id, estimator: run.meta.estimator, iteration: latest,
      metrics: run.metrics.filter(keep) as IterationMetrics[],
      divergence: run.divergence.filter(keep),
      groups: boundRecord(groups, latest, GROUP_BOUNDS),
      fingerprint: run.meta.fingerprint, metricsFingerprint: run.meta.metricsFingerprint,
    };
  });
}

const setAsideNotice = (name: string, reason: string) =>
  `The saved lab "${name}" could not be opened (${reason}). It is kept in Saved runs, where you can delete it; the lab opened without it.`;

/**
 * A saved lab that fails validation is set aside: kept in storage and listed with its reason, the
 * tab forgets it, and the lab opens as it would without it.
 */
function setAside(id: string, error: ReadBackError): void {
  if (sessionStorage.getItem(CURRENT_KEY) === id) sessionStorage.removeItem(CURRENT_KEY);
  const name = useSavedRunsStore.getState().labs.find((l) => l.id === id)?.name ?? id;
  savedRunsEvents.labUnreadable(id, errorText(error));
  savedRunsEvents.noticeAdded(setAsideNotice(name, errorText(error)));
}

let opens = 0;

/**
 * Show saved lab `id`. `claim`: try to own it, else wait for it read-only (false with `readOnly`: a
 * read-only tab's refresh, which waits for the lock again). False when it cannot be opened, or when a later open overtook this
 * one (a read-only refresh still loading when this tab takes the lab over is dropped).
 */
export async function openLab(id: string, claim = true, readOnly = false): Promise<boolean> {
  const seq = ++opens;
  let loaded: LoadedLab | null;
  try {
    loaded = await loadLab(id);
  } catch (error) {
    if (!(error instanceof ReadBackError)) throw error;
    setAside(id, error);
    return false;
  }
  if (!loaded || seq !== opens) return false;
  const { lab } = loaded;
  const { config, notes } = migrateLabAlpha({ ...lab.config, estimators: lab.runs.map((r) => r.estimator) });
  runsOpened({ config, runs: loaded.runs.map((r) => ({ id: r.meta.id, estimator: r.meta.estimator, checkpoint: r.checkpoint })) });
  configEvents.linkOpened(config, notes);
  runEvents.runsRestored(config, restoredRuns(loaded));
  labAttached(id, lab);
  // runsOpened (run-client's reset) let go of this tab's lock or its wait for it: claim the lab again, or, for a
  // read-only refresh, wait for it again, so this tab still takes over when the owner closes
  const owner = claim ? await claimLab(id) : readOnly ? awaitLab(id) : true;
  savedRunsEvents.labOpened(id, !owner, Object.fromEntries(loaded.runs.map((r) => [r.meta.id, r.checkpoint?.iteration ?? 0])));
  return true;
}

/** A read-only tab shows the owner's newest save (at most every REFRESH_MS). */
const REFRESH_MS = 2_000;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
export function labSavedElsewhere(id: string): void {
  const s = useSavedRunsStore.getState();
  if (!s.readOnly || s.currentId !== id || refreshTimer) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    if (useSavedRunsStore.getState().readOnly) void openLab(id, false, true);
  }, REFRESH_MS);
}

/**
 * Start-up: the tab's own lab, or else (without a share link) the newest saved lab that passes
 * validation. Labs that fail are never opened; each is named once in a notice and listed with its reason.
 */
export async function restoreOnStart(fromLink: boolean): Promise<void> {
  await refreshList();
  const labs = useSavedRunsStore.getState().labs;
  const current = sessionStorage.getItem(CURRENT_KEY);
  for (const lab of labs) if (lab.problem && lab.id !== current) savedRunsEvents.noticeAdded(setAsideNotice(lab.name, lab.problem));
  const target = current ?? (fromLink ? null : labs.find((l) => !l.problem)?.id ?? null);
  if (target && !(await openLab(target))) sessionStorage.removeItem(CURRENT_KEY);
}
