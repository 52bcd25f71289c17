import './runs.css';
import { useRunStore } from '../../state/run-store';
import { savedRunsEvents, useSavedRunsStore } from '../../state/saved-runs-store';

/** Read-only (another tab owns the runs), tabs sharing the machine, saving errors, restarted workers. */
export function PersistNotices() {
  const readOnly = useSavedRunsStore((s) => s.readOnly);
  const others = useSavedRunsStore((s) => s.otherTabsTraining);
  const saveError = useSavedRunsStore((s) => s.saveError);
  const notices = useSavedRunsStore((s) => s.notices);
  const training = useRunStore((s) => s.training);
  return (
    <div className="persist-notices">
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
