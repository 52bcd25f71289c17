import type { RunConfig } from '../../core/train/config';
import { configEvents } from '../../state/config-store';
import { NumberField, SelectField } from './fields';
import { EstimatorParamFields } from './EstimatorParamFields';
import { RewardFields } from './RewardFields';
import { getEnv } from '../../core/env/registry';

/** The less-often changed knobs, folded away. */
export function AdvancedFields({ run }: { run: RunConfig }) {
  const num = (key: keyof RunConfig) => (v: number | null) => configEvents.runFieldEdited(key, v as never);
  const size = getEnv(run.env).sizeRange;
  return (
    <details className="advanced">
      <summary>More settings</summary>
      <div className="field-grid">
        <NumberField label={`Environment size (${size.unit})`} value={run.envSize} min={size.min} max={size.max} integer
          emptyMeans={`env default (${size.default})`} onCommit={num('envSize')} />
        <NumberField label="Temperature" value={run.temperature} min={0.01} max={100} step={0.1} onCommit={(v) => num('temperature')(v ?? 1)} />
        <NumberField label="Max thought tokens" value={run.maxThinkTokens} min={0} max={64} integer onCommit={(v) => num('maxThinkTokens')(v ?? 8)} />
        <NumberField label="History length" value={run.historyLength} min={0} max={16} integer onCommit={(v) => num('historyLength')(v ?? 2)} />
        <NumberField label="Mini-batches" value={run.miniBatches} min={1} max={256} integer onCommit={(v) => num('miniBatches')(v ?? 4)} />
        <NumberField label="Epochs" value={run.epochs} min={1} max={64} integer onCommit={(v) => num('epochs')(v ?? 1)} />
        <NumberField label="Hidden units" value={run.hidden} min={4} max={1024} integer onCommit={(v) => num('hidden')(v ?? 128)} />
        <NumberField label="Entropy coefficient" value={run.entropyCoef} min={0} max={100} step={0.001} onCommit={(v) => num('entropyCoef')(v ?? 0)} />
      </div>
      <SelectField label="Decoding" value={run.decoding}
        options={[{ value: 'constrained', label: 'constrained (always a valid command)' }, { value: 'free', label: 'free (format can fail)' }]}
        onChange={(v) => configEvents.runFieldEdited('decoding', v)} />
      <RewardFields run={run} />
      <EstimatorParamFields />
    </details>
  );
}
