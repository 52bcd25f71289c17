import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startBackend } from './app/backend-client';
import { startImportSources } from './app/import-client';
import { loadConfigFromUrl, startUrlSync } from './app/url-sync';
import { installSeriesColors } from './ui/palette';
import { startPersistence } from './app/persist/start';
import './ui/styles.css';

installSeriesColors();

// Read the opened link once, before the address bar is rewritten to the normalised link.
const search = window.location.search;
startImportSources(search); // ?rollouts=…, read before the share-link sync rewrites the address bar
const { fromLink } = loadConfigFromUrl(search);
startUrlSync();
startBackend(search);
void startPersistence(search, fromLink);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
