import type { RunConfig } from '../../core/train/config';
import { getReward, REWARD_IDS } from '../../core/reward/registry';
import { configEvents } from '../../state/config-store';
import type { ParamValue } from '../../core/params/spec';
import { ParamField, SelectField } from './fields';

/** The reward every compared run trains on, and its declared parameters (More settings). */
export function RewardFields({ run }: { run: RunConfig }) {
  const entry = getReward(run.reward);
  const own = run.rewardParams ?? {};
  const setParam = (key: string, value: ParamValue | null) => {
    const next: Record<string, unknown> = { ...own };
    if (value === null) delete next[key];
    else next[key] = value;
    configEvents.runFieldEdited('rewardParams', next);
  };
  return (
    <fieldset className="estimator-params" aria-label="Reward" style={{ minWidth: 0 }}>
      <legend>Reward</legend>
      <SelectField label="Reward" value={run.reward}
        options={REWARD_IDS.map((id) => ({ value: id, label: `${getReward(id).label} (${getReward(id).kind})` }))}
        onChange={(v) => {
          configEvents.runFieldEdited('rewardParams', {});
          configEvents.runFieldEdited('reward', v);
        }} />
      <p className="muted">{entry.summary}</p>
      {entry.params.length > 0 && (
        <div className="reward-param-fields">
          {entry.params.map((spec) => (
            <ParamField key={spec.key} spec={spec} value={Object.prototype.hasOwnProperty.call(own, spec.key) ? (own[spec.key] as ParamValue) : spec.default}
              onChange={(v) => setParam(spec.key, v)} />
          ))}
        </div>
      )}
    </fieldset>
  );
}
