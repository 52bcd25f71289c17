import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startBackend } from './app/backend-client';
import { loadConfigFromUrl, startUrlSync } from './app/url-sync';
import { startPersistence } from './app/persist/start';
import './ui/styles.css';

const search = window.location.search;
const { fromLink } = loadConfigFromUrl();
startUrlSync();
startBackend(search);
void startPersistence(search, fromLink);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
