/**
 * The page's query as it was opened, read before any library sees it. tfjs-core reads
 * `location.search` when it is imported (for `?tfjsflags=`) and calls `decodeURIComponent` on every
 * key and value, so a link with a malformed escape (`?x=%ZZ`, or `?seed=%E0%A4%A` as chat apps
 * cut links) threw `URIError` before the app mounted: a white page. This module must be the first
 * import of main.tsx: it keeps the link as opened in `OPENED_SEARCH` (the share-link parser names
 * each bad escape from it) and puts a version whose escapes all decode into the address bar.
 *
 * A short class link (`#c1.…`, short-link.ts) is expanded here first: its query becomes
 * `OPENED_SEARCH` and the address bar shows the long link, so the rest of the app never sees the
 * short form. One that does not decode is named in `OPENED_PROBLEMS`.
 */
import { safeSearch } from '../core/params/link';
import { expandFragment } from './short-link';

const expanded = expandFragment(window.location.hash);
const short = expanded !== null && 'search' in expanded ? expanded : null;

export const OPENED_SEARCH: string = short ? short.search : window.location.search;
/** What could not be read from the opened link before the parsers ran. */
export const OPENED_PROBLEMS: readonly string[] = expanded !== null && 'problem' in expanded ? [expanded.problem] : [];

const safe = safeSearch(OPENED_SEARCH);
if (safe !== window.location.search || expanded !== null) {
  const { pathname, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${safe}${short ? short.hash : expanded !== null ? '' : hash}`);
}
