/**
 * Start-up of saving and restoring: tabs, the leave-page question, flushing when the page hides,
 * and reopening the last lab.
 */
import { useRunStore } from '../../state/run-store';
import { savedRunsEvents } from '../../state/saved-runs-store';
import { flush, hasUnsaved } from './recorder';
import { labSavedElsewhere, openLab, restoreOnStart } from './restore';
import { announceTraining, onLabSaved, onOwnershipGained, startTabs } from './tabs';

export function startPersistence(fromLink: boolean): Promise<void> {
  startTabs();
  onOwnershipGained((id) => {
    savedRunsEvents.noticeAdded('The other tab let go of these runs: this tab can train them now.');
    void openLab(id, false);
  });
  onLabSaved(labSavedElsewhere);
  useRunStore.subscribe((s, prev) => {
    if (s.training !== prev.training) announceTraining(s.training);
  });
  window.addEventListener('beforeunload', (e) => {
    if (useRunStore.getState().training || hasUnsaved()) e.preventDefault(); // the browser asks before leaving
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flush();
  });
  return restoreOnStart(fromLink).catch((error: unknown) => {
    savedRunsEvents.saveFailed(`Saved runs could not be read: ${error instanceof Error ? error.message : String(error)}`);
  });
}
