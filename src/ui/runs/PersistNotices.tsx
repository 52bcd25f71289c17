import './runs.css';
import { useState } from 'react';
import { runCheckpoint } from '../../app/run-client';
import { downloadRunFile } from '../../app/export/run-export';
import { useRunStore } from '../../state/run-store';
import { estimatorLabel } from '../../core/advantage/registry';
import { savedRunsEvents, useSavedRunsStore } from '../../state/saved-runs-store';

/** Every run on screen as a run file (its newest checkpoint from its worker); says how many were downloaded. */
async function downloadAll(): Promise<string> {
  const { runs, startedWith } = useRunStore.getState();
  if (!startedWith) return 'No runs to download.';
  for (const { id } of runs) {
    const checkpoint = await runCheckpoint(id); // the store holds its iteration's report once this resolves
    const run = useRunStore.getState().runs.find((r) => r.id === id);
    if (run) downloadRunFile(run, startedWith, checkpoint);
  }
  return `Downloaded ${runs.length} run file${runs.length === 1 ? '' : 's'}.`;
}

/** What is saved now: "saved through iteration k" (the runs' saved checkpoints), or why saving stopped. */
function SaveStatus() {
  const currentId = useSavedRunsStore((s) => s.currentId);
  const readOnly = useSavedRunsStore((s) => s.readOnly);
  const saved = useSavedRunsStore((s) => s.savedIterations);
  const runs = useRunStore((s) => s.runs);
  const stopped = useSavedRunsStore((s) => s.savingStopped);
  const [done, setDone] = useState<string | null>(null);
  if (stopped) {
    return (
      <div role="alert" className="persist-notice error" data-testid="saving-stopped">
        <p>
          Saving stopped: {stopped}. The runs on screen are not saved in this browser until the database opens
          again (this page tries by itself). Download them as run files to keep them for certain.
        </p>
        <button type="button" onClick={() => void downloadAll().then(setDone)}>Download the runs as run files</button>
        {done && <span className="run-meta"> {done}</span>}
      </div>
    );
  }
  // every run on screen counts: one whose first save failed holds the line at 0 ("nothing saved yet" for it)
  const its = runs.map((r) => saved[r.id] ?? 0);
  if (!currentId || readOnly || !its.some((k) => k > 0)) return null;
  const none = runs.filter((_, i) => its[i] === 0).map((r) => estimatorLabel(r.estimator)).join(', ');
  return <p className="run-meta" data-testid="saved-through">Saved through iteration {Math.min(...its)}{none && ` (nothing saved yet for ${none})`}</p>;
}

/** Read-only (another tab owns the runs), tabs sharing the machine, saving errors, restarted workers. */
export function PersistNotices() {
  const readOnly = useSavedRunsStore((s) => s.readOnly);
  const others = useSavedRunsStore((s) => s.otherTabsTraining);
  const saveError = useSavedRunsStore((s) => s.saveError);
  const notices = useSavedRunsStore((s) => s.notices);
  const training = useRunStore((s) => s.training);
  return (
    <div className="persist-notices">
      <SaveStatus />
      {readOnly && (
        <p role="status" className="persist-notice warn" data-testid="read-only">
          These runs are open in another tab, which trains them. This tab shows them read-only and refreshes as
          the other tab saves; it takes over when that tab closes. Press <strong>Reset</strong> to start new runs here.
        </p>
      )}
      {training && others > 0 && (
        <p role="status" className="persist-notice warn" data-testid="shared-machine">
          {others === 1 ? 'Another tab is' : `${others} other tabs are`} training at the same time: the tabs share this
          machine&apos;s processor, so each trains more slowly.
        </p>
      )}
      {saveError && <p role="alert" className="persist-notice error" data-testid="save-error">{saveError}</p>}
      {notices.length > 0 && (
        <div role="status" className="persist-notice" data-testid="fault-notices">
          <ul>{notices.map((n, i) => <li key={i}>{n}</li>)}</ul>
          <button type="button" onClick={savedRunsEvents.noticesDismissed}>Dismiss</button>
        </div>
      )}
    </div>
  );
}
