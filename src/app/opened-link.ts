/**
 * The page's query as it was opened, read before any library sees it. tfjs-core reads
 * `location.search` when it is imported (for `?tfjsflags=`) and calls `decodeURIComponent` on every
 * key and value, so a link with a malformed escape (`?x=%ZZ`, or `?seed=%E0%A4%A` as chat apps
 * cut links) threw `URIError` before the app mounted: a white page. This module must be the first
 * import of main.tsx: it keeps the link as opened in `OPENED_SEARCH` (the share-link parser names
 * each bad escape from it) and puts a version whose escapes all decode into the address bar.
 */
import { safeSearch } from '../core/params/link';

export const OPENED_SEARCH: string = window.location.search;

const safe = safeSearch(OPENED_SEARCH);
if (safe !== OPENED_SEARCH) {
  const { pathname, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${safe}${hash}`);
}
