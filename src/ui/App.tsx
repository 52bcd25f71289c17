import { Nav } from './Nav';
import { StatusBar } from './StatusBar';
import { useHashView } from './use-hash-view';

export function App() {
  const view = useHashView();
  const { Component } = view;
  return (
    <div className="app">
      <header className="app-header">
        <h1>Rollout Lab</h1>
        <Nav current={view.id} />
        <p className="tagline">GRPO vs PlanPO on the very same rollout groups, trained in your browser.</p>
      </header>
      <main className="app-main" aria-label={view.label}>
        <Component />
      </main>
      <StatusBar />
    </div>
  );
}
