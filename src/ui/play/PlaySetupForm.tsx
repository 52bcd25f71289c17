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
      <div className="play-field">
        <label htmlFor="play-env">Environment</label>
        <select id="play-env" value={setup.envId} onChange={(e) => change({ envId: e.target.value, taskType: null, split: 'seen' })}>
          {ENV_IDS.map((id) => <option key={id} value={id}>{getEnv(id).label}</option>)}
        </select>
      </div>
      <div className="play-field">
        <label htmlFor="play-task-type">Task type</label>
        <select id="play-task-type" value={setup.taskType ?? ''} onChange={(e) => change({ taskType: e.target.value === '' ? null : e.target.value })}>
          <option value="">Any (drawn from the seed)</option>
          {env.taskTypes.map((t) => <option key={t} value={t}>{t}</option>)}
        </select>
      </div>
      <div className="play-field">
        <label htmlFor="play-split">Split</label>
        <select id="play-split" value={setup.split} onChange={(e) => change({ split: e.target.value as Split })}>
          {env.splits.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </div>
      <div className="play-field">
        <label htmlFor="play-seed">Seed</label>
        <input id="play-seed" type="number" min={0} step={1} value={setup.seed}
          onChange={(e) => change({ seed: Math.max(0, Math.floor(Number(e.target.value) || 0)) })} />
      </div>
      <button type="submit">Start</button>
    </form>
  );
}
