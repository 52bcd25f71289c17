// First: keeps the link as opened and makes its escapes safe before tfjs reads location.search.
import { OPENED_SEARCH } from './app/opened-link';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startBackend } from './app/backend-client';
import { startImportSources } from './app/import-folder';
import { reopenOnImportView, startKeepingImport } from './app/reopen-import';
import { rolloutsUrlFrom } from './app/import-client';
import { applyClassLink } from './app/class-setup';
import { loadConfigFromUrl, startUrlSync } from './app/url-sync';
import { installSeriesColors } from './ui/palette';
import { safeStart, startPersistence } from './app/persist/start';
import { onRunsOpened } from './app/persist/restore';
import { installDebugFaults, runsRestored } from './app/run-client';
import { startOffline } from './app/pwa';
import './ui/styles.css';

installSeriesColors();

// Read the opened link once, before the address bar is rewritten to the normalised link.
const { safe, search } = safeStart(OPENED_SEARCH); // ?safe=1: start with nothing restored
startImportSources(search); // ?rollouts=…, read before the share-link sync rewrites the address bar
startKeepingImport(); // the open import is kept for a reload…
if (!safe && !rolloutsUrlFrom(search)) reopenOnImportView(); // …and the kept one comes back when that view is first shown (not with ?safe=1 or ?rollouts=)
const { fromLink } = loadConfigFromUrl(search);
startUrlSync();
// the backend probe loads tfjs in a worker: start it once the recorded runs (if any) are on screen
applyClassLink(search)
  .catch((error: unknown) => console.error('class link:', error))
  .finally(() => startBackend(search));
onRunsOpened(runsRestored); // saved labs and run files reopen into the run driver
installDebugFaults(search);
void startPersistence(fromLink, safe);
// the offline copy (service worker) installs after the load event, off the first screen's path
if (document.readyState === 'complete') startOffline();
else window.addEventListener('load', startOffline, { once: true });
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
