import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startBackend } from './app/backend-client';
import { applyClassLink } from './app/class-setup';
import { loadConfigFromUrl, startUrlSync } from './app/url-sync';
import { installSeriesColors } from './ui/palette';
import './ui/styles.css';

installSeriesColors();

loadConfigFromUrl();
startUrlSync();
void applyClassLink(window.location.search);
startBackend(window.location.search);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
