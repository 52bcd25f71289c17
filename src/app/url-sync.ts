/**
 * The page URL follows the configuration (history.replaceState), so the address bar is always a
 * share link; opening the page reads it back once.
 */
import { configEvents, useConfigStore } from '../state/config-store';
import { parseShareLink, shareUrl, type ParsedLink } from './share-link';

/** Read the opened link; when it carried a configuration, show the corrected one in the address bar. */
export function loadConfigFromUrl(search = window.location.search): ParsedLink {
  const parsed = parseShareLink(search);
  configEvents.linkOpened(parsed.config, parsed.problems);
  if (parsed.fromLink) window.history.replaceState(window.history.state, '', shareUrl(parsed.config, window.location));
  return parsed;
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
