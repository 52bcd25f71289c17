import { ENV_IDS, getEnv } from '../../core/env/registry';
import type { RunConfig } from '../../core/train/config';
import { PRESETS, type LabConfig } from '../../state/lab-config';
import { BACKEND_REQUESTS, type BackendRequest } from '../../../workers/backend-request';
import { configEvents, useConfigStore } from '../../state/config-store';
import { EstimatorPicker } from './EstimatorPicker';
import { NumberField, SelectField } from './fields';
import { AdvancedFields } from './AdvancedFields';

function edit<K extends keyof RunConfig>(key: K) {
  return (value: RunConfig[K]) => configEvents.runFieldEdited(key, value);
}

/** The preset the configuration equals (recorded runs may differ in iterations and seed only), if any. */
function currentPreset(config: LabConfig) {
  const key = (c: LabConfig) => JSON.stringify({ ...c, run: { ...c.run, iterations: 0, seed: 0 } });
  return PRESETS.find((p) => key(p.apply(config)) === key(config)) ?? null;
}

/** Everything a run needs, shared by the side-by-side runs; the URL mirrors it. */
export function ConfigPanel() {
  const config = useConfigStore((s) => s.config);
  const { run } = config;
  const env = getEnv(run.env);
  const current = currentPreset(config);
  const applyPreset = (id: string) => {
    const preset = PRESETS.find((p) => p.id === id);
    if (preset) configEvents.presetApplied(preset.apply(useConfigStore.getState().config));
  };
  return (
    <aside className="config-panel" aria-label="Configuration" id="config-panel">
      <h2>Configuration</h2>
      <div className="field" data-control="presets">
        <label className="field-label" htmlFor="preset">Preset</label>
        <select id="preset" value={current?.id ?? ''} onChange={(e) => applyPreset(e.target.value)} aria-describedby="preset-description">
          <option value="">{current ? 'Choose a preset…' : 'Custom settings'}</option>
          {PRESETS.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
        </select>
        <p id="preset-description" className="preset-description">{current ? current.description : 'The settings differ from every preset.'}</p>
      </div>
      <SelectField label="Environment" value={run.env} options={ENV_IDS.map((id) => ({ value: id, label: getEnv(id).label }))}
        onChange={(v) => configEvents.runFieldEdited('env', v)} />
      <SelectField label="Task type" value={run.taskType ?? ''}
        options={[{ value: '', label: 'Any (drawn per task)' }, ...env.taskTypes.map((t) => ({ value: t, label: t }))]}
        onChange={(v) => configEvents.runFieldEdited('taskType', v === '' ? null : v)} />
      <SelectField label="Split" value={run.split} options={env.splits.map((s) => ({ value: s, label: s }))}
        onChange={edit('split')} />
      <div data-control="estimators"><EstimatorPicker chosen={config.estimators} /></div>
      <div className="field-grid">
        <NumberField label="Seed" value={run.seed} min={0} max={4294967295} integer onCommit={(v) => edit('seed')(v ?? 0)} />
        <NumberField label="Group size G" value={run.groupSize} min={1} max={64} integer onCommit={(v) => edit('groupSize')(v ?? 8)} />
        <NumberField label="Tasks per iteration B" value={run.tasksPerIteration} min={1} max={64} integer onCommit={(v) => edit('tasksPerIteration')(v ?? 8)} />
        <NumberField label="Max turns" value={run.maxTurns} min={1} max={env.maxTurnsLimit ?? 1000} integer emptyMeans={`env default (${env.maxTurns})`} onCommit={edit('maxTurns')} />
        <NumberField label="Iterations K" value={run.iterations} min={1} max={100000} integer onCommit={(v) => edit('iterations')(v ?? 150)} />
        <NumberField label="α_init" value={run.alphaInit} min={0} max={100} step={0.01} onCommit={(v) => edit('alphaInit')(v ?? 0.1)} />
        <NumberField label="α_final" value={run.alphaFinal} min={0} max={100} step={0.01} onCommit={(v) => edit('alphaFinal')(v ?? 0.05)} />
        <NumberField label="Learning rate" value={run.lr} min={1e-7} max={1} step={0.0001} onCommit={(v) => edit('lr')(v ?? 3e-3)} />
        <NumberField label="KL coefficient β" value={run.klCoef} min={0} max={100} step={0.001} onCommit={(v) => edit('klCoef')(v ?? 0.01)} />
        <NumberField label="Clip ε" value={run.clipHigh} min={0} max={0.99} step={0.01}
          onCommit={(v) => { edit('clipLow')(v ?? 0.2); edit('clipHigh')(v ?? 0.2); }} />
        <NumberField label="Circuitous slack (turns)" value={config.slack} min={0} max={50} integer
          hint="A success is circuitous when it takes more than T* + slack turns, or more than the group's quickest success."
          onCommit={(v) => configEvents.slackChanged(v ?? 2)} />
      </div>
      <div data-control="backend"><SelectField<BackendRequest> label="Backend" value={config.backend}
        options={BACKEND_REQUESTS.map((b) => ({ value: b, label: b === 'auto' ? 'auto (fastest available)' : b }))}
        onChange={configEvents.backendChosen} /></div>
      <div data-control="advanced"><AdvancedFields run={run} /></div>
    </aside>
  );
}
