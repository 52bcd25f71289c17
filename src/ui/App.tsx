import './classroom/classroom.css';
import { lazy, Suspense, useEffect } from 'react';
import { useClassStore } from '../state/class-store';
import { ClassroomButtons } from './classroom/ClassroomButtons';
import { HiddenControls } from './classroom/HiddenControls';
import { OfflineStatus, UpdatePrompt } from './classroom/OfflineStatus';
import { SkipLink } from './classroom/SkipLink';
import { Nav } from './Nav';
import { StatusBar } from './StatusBar';
import { useHashView } from './use-hash-view';
import { ViewBoundary } from './ViewBoundary';

/** The tour loads when first opened (its steps name every concept, whose registry would pull the tfjs trainer in). */
const Tour = lazy(() => import('./tour/Tour').then((m) => ({ default: m.Tour })));

export function App() {
  const view = useHashView();
  const { Component } = view;
  const embed = useClassStore((s) => s.settings.embed);
  const presentation = useClassStore((s) => s.settings.presentation);
  const text = useClassStore((s) => s.settings.text);
  const hidden = useClassStore((s) => s.settings.hidden);
  const touring = useClassStore((s) => s.tourStep !== null);
  useEffect(() => {
    document.documentElement.classList.toggle('presentation', presentation); // rem sizes follow the root
  }, [presentation]);
  const className = `app${embed ? ' embed' : ''}${presentation ? ' presentation' : ''}${text ? '' : ' no-text'}`;
  return (
    <div className={className} data-view={view.id} data-hidden={hidden.join(' ')}>
      <HiddenControls />
      {!embed && <SkipLink />}
      {!embed && (
        <header className="app-header">
          <h1>Rollout Lab</h1>
          <Nav current={view.id} />
          <p className="tagline" data-text="true">GRPO vs PlanPO on the very same rollout groups, trained in your browser.</p>
          <ClassroomButtons />
        </header>
      )}
      <main className="app-main" id="main" aria-label={view.label} tabIndex={-1}>
        <ViewBoundary key={view.id} label={view.label}>
          <Suspense fallback={<p role="status" className="view-loading">Loading {view.label}…</p>}>
            <Component />
          </Suspense>
        </ViewBoundary>
      </main>
      {!embed && <StatusBar><OfflineStatus /></StatusBar>}
      <UpdatePrompt />
      {touring && <Suspense fallback={null}><Tour /></Suspense>}
    </div>
  );
}
