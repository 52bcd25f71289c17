/**
 * Start-up of saving and restoring: tabs, the leave-page question, flushing when the page hides,
 * the debug fault hook, and reopening the last lab.
 */
import type { DebugFault } from '../../../workers/run-health';
import { useRunStore } from '../../state/run-store';
import { savedRunsEvents } from '../../state/saved-runs-store';
import { debugFault, isTraining } from '../run-client';
import { flush, hasUnsaved } from './recorder';
import { labSavedElsewhere, openLab, restoreOnStart } from './restore';
import { announceTraining, onLabSaved, onOwnershipGained, startTabs } from './tabs';

declare global {
  interface Window {
    /** Only with ?debug=faults: make run `index`'s worker fault after iteration `after`. */
    rolloutLabDebug?: { fault(index: number, kind: DebugFault, after: number): Promise<void> };
  }
}

export function startPersistence(search: string, fromLink: boolean): Promise<void> {
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
    if (isTraining() || hasUnsaved()) e.preventDefault(); // the browser asks before leaving
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flush();
  });
  if (new URLSearchParams(search).get('debug') === 'faults') {
    window.rolloutLabDebug = { fault: (index, kind, after) => debugFault(index, kind, after) };
  }
  return restoreOnStart(fromLink).catch((error: unknown) => {
    savedRunsEvents.saveFailed(`Saved runs could not be read: ${error instanceof Error ? error.message : String(error)}`);
  });
}
