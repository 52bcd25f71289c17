import { reloadToUpdate } from '../../app/pwa';
import { offlineEvents, useOfflineStore } from '../../state/offline-store';

/** In the status bar: says once the app is cached, so a class knows the next visit needs no network. */
export function OfflineStatus() {
  const ready = useOfflineStore((s) => s.offlineReady);
  if (!ready) return null;
  return (
    <span data-testid="offline-ready" title="The app, its wasm backend and the recorded runs are cached in this browser: the next visit works without network.">
      Works offline
    </span>
  );
}

/**
 * "A new version is ready — Reload": a newer build has been installed in the background and waits,
 * so a page in use is never swapped under a class. Later keeps this version until the next visit.
 */
export function UpdatePrompt() {
  const waiting = useOfflineStore((s) => s.updateWaiting);
  const dismissed = useOfflineStore((s) => s.dismissed);
  if (!waiting || dismissed) return null;
  return (
    <section className="update-prompt" aria-label="Update" role="status">
      <p>A new version of Rollout Lab is ready.</p>
      <button type="button" className="primary" onClick={reloadToUpdate}>Reload</button>
      <button type="button" onClick={offlineEvents.dismissed}>Later</button>
    </section>
  );
}
