import { ENV_IDS, getEnv } from '../../core/env/registry';
import { PRESETS, type LabConfig } from '../../state/lab-config';
import { BACKEND_REQUESTS, type BackendRequest } from '../../../workers/backend-request';
import { configEvents, useConfigStore } from '../../state/config-store';
import { EstimatorPicker } from './EstimatorPicker';
import { NumberField, ParamField, SelectField } from './fields';
import { envRunParam } from '../../core/train/run-params';
import { AdvancedFields } from './AdvancedFields';
import { RunFields } from './RunFields';

/** The preset the configuration equals (recorded runs may differ in iterations and seed only), if any. */
function currentPreset(config: LabConfig) {
  const key = (c: LabConfig) => JSON.stringify({ ...c, run: { ...c.run, iterations: 0, seed: 0 } });
  return PRESETS.find((p) => key(p.apply(config)) === key(config)) ?? null;
}

/** Everything a run needs, shared by the side-by-side runs; the URL mirrors it. */
export function ConfigPanel() {
  const config = useConfigStore((s) => s.config);
  const { run } = config;
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
      {(['taskType', 'split'] as const).map((key) => (
        <ParamField key={key} spec={envRunParam(key, run.env)} value={run[key]} onChange={(v) => configEvents.runFieldEdited(key, v as never)} />
      ))}
      <div data-control="estimators"><EstimatorPicker chosen={config.estimators} /></div>
      <div className="field-grid">
        <RunFields run={run} group="run" />
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
