/**
 * TRL `GRPOTrainer` completion tables (`log_completions=True`; trl/trainer/grpo_trainer.py, `log`):
 * one row per completion with the columns
 *   step, prompt, completion, <one per reward function>, <log_extra columns>, advantage
 * written as `completions/completions_{step:05d}.parquet` (pandas `to_parquet`) and logged to W&B /
 * trackio as `wandb.Table(dataframe=df)` (the `*.table.json` export `{"_type": "table", "columns",
 * "data"}`, or the CSV download). Reward columns are named after the reward functions (a callable's
 * name, a reward model's id), so they are found by position: the numeric columns between
 * `completion` and `advantage`; text columns there are `log_extra` fields (in CSV, where every cell
 * is text, a column of numbers there counts as a reward).
 *
 * - Group = rows with the same prompt within a step: GRPO's `num_generations` completions of one
 *   prompt (two equal prompts in one generation batch merge into one group).
 * - R = Σ reward columns. TRL sums them weighted by `reward_weights` (default 1 each), which the
 *   table does not record; a cell that is empty / NaN (the function returned None) is skipped, as
 *   TRL's nansum does. Each reward column is kept in `turns[0].info.rewards`.
 * - The logged `advantage` is kept as the trainer's `advantages.trajectory` / `per_turn`.
 * - Not in the table: token counts (L is estimated), a success flag (R > 0 is read as success), and
 *   which step generated a completion (`step` is the global step when the table was logged).
 */
import { isObject } from '../../rollouts-v1';
import type { ColumnMapping } from '../mapping';
import { cellNumber } from '../rows';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { openTableRows } from './table-rows';

const FIXED = ['step', 'prompt', 'completion'];

function isTrlRow(value: unknown): value is Record<string, unknown> {
  return isObject(value) && FIXED.every((c) => c in value);
}

/**
 * The reward-function columns of a TRL table (module doc), from a row's column order. In typed
 * sources (JSON, parquet) a reward cell is a number or null; in CSV every cell is text, so there a
 * numeric `log_extra` column cannot be told from a reward column.
 */
export function trlRewardColumns(row: Record<string, unknown>, typed: boolean): string[] {
  const columns = Object.keys(row);
  const from = columns.indexOf('completion') + 1;
  const to = columns.includes('advantage') ? columns.indexOf('advantage') : columns.length;
  const isReward = (v: unknown) =>
    typed ? v === null || typeof v === 'number' : v === '' || cellNumber(v) !== null || (typeof v === 'string' && /^nan$/i.test(v));
  return columns.slice(from, to).filter((c) => isReward(row[c]));
}

export function trlMapping(row: Record<string, unknown>, typed = true): ColumnMapping {
  const columns = Object.keys(row);
  return {
    version: 1,
    name: 'TRL GRPO completions',
    columns,
    group: ['step', 'prompt'],
    prompt: 'prompt',
    response: 'completion',
    reward: { columns: trlRewardColumns(row, typed), combine: 'sum' },
    step: 'step',
  };
}

function open(ctx: AdapterContext): AdapterSession {
  let inner: AdapterSession | null = null;
  return {
    item(value, line) {
      if (inner === null) {
        if (!isTrlRow(value)) return ctx.problem(line, 'not a TRL completions row: needs step, prompt and completion');
        const mapping = trlMapping(value, ctx.layout !== 'csv');
        ctx.note(`R = the sum of ${mapping.reward.columns.length === 0 ? 'no reward column (none found between completion and advantage)' : mapping.reward.columns.map((c) => `"${c}"`).join(' + ')}; TRL weights each by reward_weights (default 1), which the table does not record`);
        ctx.note('TRL logs no success flag: success is read as R > 0');
        if (ctx.layout === 'csv') ctx.note('CSV cells carry no types: every numeric column between "completion" and "advantage" is read as a reward function (a numeric log_extra column would be too; --map corrects that)');
        inner = openTableRows(ctx, mapping, { framework: 'trl', env: 'trl-grpo', advantage: 'advantage' in value ? 'advantage' : undefined });
      }
      inner.item(value, line);
    },
    finish: () => inner?.finish(),
    groups: () => inner?.groups() ?? 0,
  };
}

export const trlCompletionsFormat: ImportAdapter = {
  id: 'trl-completions',
  label: 'TRL GRPO completions table',
  framework: 'trl',
  description: 'TRL GRPOTrainer log_completions: completions_{step}.parquet, or the W&B / trackio table (JSON or CSV) of step, prompt, completion, reward columns, advantage',
  detect: ({ value }: FormatSample) => isTrlRow(value),
  open,
};
