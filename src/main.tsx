import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startBackend } from './app/backend-client';
import { applyClassLink } from './app/class-setup';
import { loadConfigFromUrl, startUrlSync } from './app/url-sync';
import './ui/styles.css';

const opened = window.location.search; // before loadConfigFromUrl rewrites the address bar
loadConfigFromUrl();
startUrlSync();
// the backend probe loads tfjs in a worker: start it once the recorded runs (if any) are on screen
applyClassLink(opened)
  .catch((error: unknown) => console.error('class link:', error))
  .finally(() => startBackend(opened));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
