/**
 * The page URL follows the configuration (history.replaceState), so the address bar is always a
 * share link; opening the page reads it back once.
 */
import { configEvents, useConfigStore } from '../state/config-store';
import { parseShareLink, shareUrl } from './share-link';

export function loadConfigFromUrl(): void {
  const parsed = parseShareLink(window.location.search);
  configEvents.linkOpened(parsed.config, parsed.problems);
}

/** The share link for the current configuration. */
export function currentShareUrl(): string {
  return shareUrl(useConfigStore.getState().config, window.location);
}

export function startUrlSync(): () => void {
  return useConfigStore.subscribe((state, previous) => {
    if (state.config === previous.config) return;
    window.history.replaceState(window.history.state, '', shareUrl(state.config, window.location));
  });
}
