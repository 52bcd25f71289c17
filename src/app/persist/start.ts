/**
 * Start-up of saving and restoring: tabs, the leave-page question, flushing when the page hides or
 * goes away, the database closed under the page, reopening the last lab, and listing the run files
 * that were refused (kept aside, never opened, also in safe start). `?safe=1` (the error
 * screen's "open without saved runs") restores nothing: Saved runs still lists what is stored,
 * to open, export or delete by hand.
 */
import { useRunStore } from '../../state/run-store';
import { savedRunsEvents } from '../../state/saved-runs-store';
import { onConnectionLost } from './db';
import { connectionLost, flush, hasUnsaved, refreshList } from './recorder';
import { labSavedElsewhere, openLab, restoreOnStart } from './restore';
import { refreshRefusedFiles } from './refused-files';
export { safeStart } from './safe-start';
import { announceTraining, onLabSaved, onOwnershipGained, startTabs } from './tabs';

/** How long after the database was closed under the page the next write tries to open it again. */
const REOPEN_MS = 1_000;

export function startPersistence(fromLink: boolean, safe = false): Promise<void> {
  startTabs();
  onOwnershipGained((id) => {
    savedRunsEvents.noticeAdded('The other tab let go of these runs: this tab can train them now.');
    void openLab(id); // claims the lock again: reopening the runs lets go of the one just granted
  });
  onLabSaved(labSavedElsewhere);
  onConnectionLost((reason) => connectionLost(reason, REOPEN_MS));
  useRunStore.subscribe((s, prev) => {
    if (s.training !== prev.training) announceTraining(s.training);
  });
  window.addEventListener('beforeunload', (e) => {
    if (useRunStore.getState().training || hasUnsaved()) e.preventDefault(); // the browser asks before leaving
  });
  // the transactions a flush starts here commit even as the page goes away
  window.addEventListener('pagehide', () => void flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flush();
  });
  const restored = safe
    ? refreshList().then(() => savedRunsEvents.noticeAdded('Opened without saved runs (safe start): nothing was restored. Saved runs below lists what this browser keeps.'))
    : restoreOnStart(fromLink);
  return Promise.all([restored, refreshRefusedFiles()]).then(() => undefined, (error: unknown) => {
    savedRunsEvents.saveFailed(`Saved runs could not be read: ${error instanceof Error ? error.message : String(error)}`);
  });
}
