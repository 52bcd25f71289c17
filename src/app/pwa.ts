/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * The service worker that keeps the app usable offline after the first visit (vite-plugin-pwa's
 * Workbox worker; what it caches is set in vite.config.ts). Registered once the page has loaded, so
 * its precache downloads never compete with the first screen. A newer build installs in the
 * background and waits: `offlineEvents.updateWaiting` shows the update prompt, and `reloadToUpdate`
 * activates the new worker and reloads the page once it controls it. Not in the dev server (the
 * plugin registers nothing there).
 */
import { registerSW } from 'virtual:pwa-register';
import { offlineEvents } from '../state/offline-store';

let update: ((reload?: boolean) => Promise<void>) | null = null;

export function startOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  if (navigator.serviceWorker.controller) offlineEvents.offlineReady(); // a later visit: served by the cached copy
  update = registerSW({
    immediate: true, // main.tsx calls this after the load event
    onNeedRefresh: () => offlineEvents.updateWaiting(),
    onOfflineReady: () => offlineEvents.offlineReady(),
    onRegisterError: (error: unknown) => console.warn('offline copy not available:', error),
  });
}

/** "Reload" in the update prompt: the waiting version takes over and the page reloads into it. */
export function reloadToUpdate(): void {
  if (update) void update(true);
  else window.location.reload();
}
