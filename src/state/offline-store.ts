/**
 * The service worker as the page sees it (src/app/pwa.ts writes it): whether this visit's files are
 * cached for the next visit without network, and whether a newer version of the app is waiting.
 * Plain data.
 */
import { create } from 'zustand';

export interface OfflineState {
  /** The app is cached: the next visit works without network. */
  offlineReady: boolean;
  /** A newer build is installed and waits until the reader reloads (the update prompt shows). */
  updateWaiting: boolean;
  /** The reader closed the prompt for this page (the new version then starts on the next visit). */
  dismissed: boolean;
}

export const useOfflineStore = create<OfflineState>(() => ({ offlineReady: false, updateWaiting: false, dismissed: false }));

export const offlineEvents = {
  offlineReady: () => useOfflineStore.setState({ offlineReady: true }),
  updateWaiting: () => useOfflineStore.setState({ updateWaiting: true, dismissed: false }),
  dismissed: () => useOfflineStore.setState({ dismissed: true }),
};
