/**
 * OpenRLHF's W&B sample table (openrlhf/utils/logging_utils.py, `WandbLogger.log_train`):
 * `wandb.Table(columns=["global_step", "text", "reward"])`, one row added per logged step and the
 * whole table re-logged each time, so the last `train/generated_samples` export holds every step.
 * The row is `sample0` of `PPOTrainer.fit` (openrlhf/trainer/ppo_trainer.py): the first sequence of
 * the step's first experience, decoded with `skip_special_tokens=True`, and its `info["reward"]`.
 *
 * What can be recovered: one trajectory per logged step (group = the row; `global_step` as the
 * training step; `reward` as R, success when R > 0). What cannot: the other samples of the step
 * (every group has one member, so no advantage relative to a group exists), and where the prompt
 * ends: `text` is prompt and response decoded together, kept whole as the response.
 */
import { isObject } from '../../rollouts-v1';
import type { ColumnMapping } from '../mapping';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { openTableRows } from './table-rows';

const COLUMNS = ['global_step', 'text', 'reward'];

const MAPPING: ColumnMapping = {
  version: 1,
  name: 'OpenRLHF generated samples',
  columns: COLUMNS,
  group: ['global_step', 'text'],
  response: 'text',
  reward: { columns: ['reward'], combine: 'sum' },
  step: 'global_step',
};

function open(ctx: AdapterContext): AdapterSession {
  ctx.note('OpenRLHF logs one sample per step (the other samples of the step are not in the table); "text" is the prompt and the response decoded together, kept whole as the response');
  return openTableRows(ctx, MAPPING, { framework: 'openrlhf', env: 'openrlhf' });
}

export const openrlhfSamplesFormat: ImportAdapter = {
  id: 'openrlhf-samples',
  label: 'OpenRLHF generated samples table',
  framework: 'openrlhf',
  description: 'OpenRLHF train/generated_samples W&B table: global_step, text, reward (one sample per step)',
  detect: ({ value }: FormatSample) => isObject(value) && Object.keys(value).length === 3 && COLUMNS.every((c) => c in value),
  open,
};
