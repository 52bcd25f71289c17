import { StatusBar } from './StatusBar';

export function App() {
  return (
    <div className="app">
      <header className="app-header">
        <h1>Rollout Lab</h1>
        <p className="tagline">Group-relative RL for multi-turn text agents: GRPO vs PlanPO, trained in your browser.</p>
      </header>
      <main className="app-main" />
      <StatusBar />
    </div>
  );
}
