import { useState } from 'react';
import { ENV_IDS, getEnv } from '../../core/env/registry';
import type { Split } from '../../core/env/types';
import type { PlaySetup } from './play-session';

/** Environment, task type, split and seed; "Start" begins a new game. */
export function PlaySetupForm({ initial, onStart }: { initial: PlaySetup; onStart(setup: PlaySetup): void }) {
  const [setup, setSetup] = useState(initial);
  const env = getEnv(setup.envId);
  const change = (patch: Partial<PlaySetup>) => setSetup((s) => ({ ...s, ...patch }));
  return (
    <form className="play-setup" onSubmit={(e) => { e.preventDefault(); onStart(setup); }}>
      <label>
        Environment
        <select value={setup.envId} onChange={(e) => change({ envId: e.target.value, taskType: null, split: 'seen' })}>
          {ENV_IDS.map((id) => <option key={id} value={id}>{getEnv(id).label}</option>)}
        </select>
      </label>
      <label>
        Task type
        <select value={setup.taskType ?? ''} onChange={(e) => change({ taskType: e.target.value === '' ? null : e.target.value })}>
          <option value="">Any (drawn from the seed)</option>
          {env.taskTypes.map((t) => <option key={t} value={t}>{t}</option>)}
        </select>
      </label>
      <label>
        Split
        <select value={setup.split} onChange={(e) => change({ split: e.target.value as Split })}>
          {env.splits.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </label>
      <label>
        Seed
        <input type="number" min={0} step={1} value={setup.seed}
          onChange={(e) => change({ seed: Math.max(0, Math.floor(Number(e.target.value) || 0)) })} />
      </label>
      <button type="submit">Start</button>
    </form>
  );
}
