import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startBackend } from './app/backend-client';
import { startImportSources } from './app/import-client';
import { loadConfigFromUrl, startUrlSync } from './app/url-sync';
import { installSeriesColors } from './ui/palette';
import './ui/styles.css';

installSeriesColors();
startImportSources(window.location.search); // before the share-link sync rewrites the address bar
loadConfigFromUrl();
startUrlSync();
startBackend(window.location.search);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
