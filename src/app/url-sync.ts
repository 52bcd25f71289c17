/**
 * The page URL follows the configuration (history.replaceState), so the address bar is always a
 * share link; opening the page reads it back once. The class-link keys it was opened with
 * (src/app/class-link.ts) stay in the address bar beside the configuration.
 */
import { configEvents, useConfigStore } from '../state/config-store';
import { useClassStore } from '../state/class-store';
import type { LabConfig } from '../state/lab-config';
import { classLinkParams } from './class-link';
import { parseShareLink, shareSearch, type ParsedLink } from './share-link';

function pageUrl(config: LabConfig): string {
  const { origin, pathname, hash } = window.location;
  return `${origin}${pathname}${shareSearch(config, classLinkParams(useClassStore.getState().settings))}${hash}`;
}

/** Read the opened link; when it carried a configuration, show the corrected one in the address bar. */
export function loadConfigFromUrl(search = window.location.search): ParsedLink {
  const parsed = parseShareLink(search);
  configEvents.linkOpened(parsed.config, parsed.problems);
  if (parsed.fromLink) window.history.replaceState(window.history.state, '', pageUrl(parsed.config));
  return parsed;
}

/** The share link for the current configuration. */
export function currentShareUrl(): string {
  return pageUrl(useConfigStore.getState().config);
}

export function startUrlSync(): () => void {
  const write = () => window.history.replaceState(window.history.state, '', pageUrl(useConfigStore.getState().config));
  const offConfig = useConfigStore.subscribe((state, previous) => {
    if (state.config !== previous.config) write();
  });
  const offClass = useClassStore.subscribe((state, previous) => {
    if (state.settings !== previous.settings && useConfigStore.getState().config) write();
  });
  return () => { offConfig(); offClass(); };
}
