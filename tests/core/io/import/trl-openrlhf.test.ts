/**
 * Rows written as TRL and OpenRLHF write them:
 * - TRL GRPOTrainer.log (trl/trainer/grpo_trainer.py): `table = {"step": [global_step] * n, "prompt",
 *   "completion", **rewards (one column per reward function), **extra (log_extra), "advantage"}`,
 *   then `pd.DataFrame(table).to_parquet(completions/completions_{step:05d}.parquet)` and
 *   `wandb.log({"completions": wandb.Table(dataframe=df)})`, whose export is `{"_type": "table", ...}`.
 * - OpenRLHF WandbLogger.log_train (openrlhf/utils/logging_utils.py): `wandb.Table(columns=
 *   ["global_step", "text", "reward"])`, one row per step, re-logged whole each step.
 * The parquet fixture was written with hyparquet-writer (tests/fixtures/import/trl/make-parquet.mjs.txt).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importBytesAsync, importText, type RolloutTrajectoryV1 } from '../../../../src/core/io';

const PARQUET = new URL('../../../fixtures/import/trl/completions_00012.parquet', import.meta.url);

const PROMPT_A = 'system\nSolve the problem.\nuser\nWhat is 7 * 6?\nassistant\n';
const PROMPT_B = 'system\nSolve the problem.\nuser\nWhat is 12 + 30?\nassistant\n';

/** GRPO's advantage as TRL computes it (scale_rewards="group"): (r − mean) / (std + 1e-4), Bessel std. */
function trlAdvantages(rewards: number[]): number[] {
  const mean = rewards.reduce((a, b) => a + b, 0) / rewards.length;
  const std = Math.sqrt(rewards.reduce((a, b) => a + (b - mean) ** 2, 0) / (rewards.length - 1));
  return rewards.map((r) => (r - mean) / (std + 1e-4));
}

/** A W&B table export of one TRL log call: 2 prompts × 4 completions, two reward functions, one log_extra column. */
function trlTable(step = 40, golden = '42'): Record<string, unknown> {
  const acc = [1, 0, 1, 1, 0, 0, 1, 0];
  const fmt = [1, 1, 0, 1, 1, 0, 1, 1];
  const rewards = acc.map((a, i) => a + fmt[i]);
  const advantages = [...trlAdvantages(rewards.slice(0, 4)), ...trlAdvantages(rewards.slice(4))];
  const data = acc.map((a, i) => [step, i < 4 ? PROMPT_A : PROMPT_B, `<answer>${i}</answer>`, a, fmt[i], golden, advantages[i]]);
  return { _type: 'table', columns: ['step', 'prompt', 'completion', 'accuracy_reward', 'format_reward', 'golden_answer', 'advantage'], data, ncols: 7, nrows: 8 };
}

const csvCell = (v: unknown) => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v));

function toCsv(table: Record<string, unknown>): string {
  const rows = [table.columns as string[], ...(table.data as unknown[][])];
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\n')}\n`;
}

function byGroup(records: RolloutTrajectoryV1[]): Map<string, RolloutTrajectoryV1[]> {
  const out = new Map<string, RolloutTrajectoryV1[]>();
  for (const r of records) out.set(r.group_id, [...(out.get(r.group_id) ?? []), r]);
  return out;
}

describe('TRL GRPO completion tables', () => {
  it('a W&B table export gives one group per prompt of the step, R = the sum of the reward columns, and keeps the logged advantage', () => {
    const result = importText(JSON.stringify(trlTable()), { fileName: 'completions.table.json' });
    expect(result.format).toBe('trl-completions');
    expect(result.summary).toMatchObject({ trajectories: 8, groups: 2, trainSteps: [40] });
    const groups = [...byGroup(result.trajectories).values()];
    expect(groups.map((g) => g.length)).toEqual([4, 4]);
    expect(groups[0][0].task.instruction).toBe(PROMPT_A);
    expect(result.trajectories.map((t) => t.outcome.episode_reward)).toEqual([2, 1, 1, 2, 1, 0, 2, 1]);
    expect(result.trajectories.map((t) => t.outcome.success)).toEqual([true, true, true, true, true, false, true, true]);
    const first = result.trajectories[0];
    expect(first.turns[0].info).toEqual({ line: 1, rewards: { accuracy_reward: 1, format_reward: 1 }, fields: { golden_answer: '42' } });
    const logged = (trlTable().data as unknown[][]).map((r) => r[6]);
    expect(result.trajectories.map((t) => t.advantages?.trajectory)).toEqual(logged);
    expect(result.notes.some((n) => n.startsWith('R = the sum of "accuracy_reward" + "format_reward"'))).toBe(true);
    expect(result.trajectories[0].turns[0].response_tokens_estimated).toBe(true);
  });

  it('the CSV download of the same table reads the same trajectories, with exact line numbers', () => {
    const fromJson = importText(JSON.stringify(trlTable(40, 'forty-two')), { fileName: 'completions.csv' });
    const fromCsv = importText(toCsv(trlTable(40, 'forty-two')), { fileName: 'completions.csv' });
    expect(fromCsv.format).toBe('trl-completions');
    expect(fromCsv.notes[0]).toBe('read as CSV (8 rows)');
    const strip = (t: RolloutTrajectoryV1) => ({ ...t, turns: t.turns.map((turn) => ({ ...turn, info: undefined })) });
    expect(fromCsv.trajectories.map(strip)).toEqual(fromJson.trajectories.map(strip));
    // The header is line 1; each row's quoted prompt holds 5 newlines, so a row spans 6 lines.
    expect(fromCsv.sourceLines).toEqual([2, 8, 14, 20, 26, 32, 38, 44]);
  });

  it('completions_{step}.parquet reads every row group; a reward function that returned None is skipped in the sum', async () => {
    const result = await importBytesAsync(new Uint8Array(readFileSync(PARQUET)), { fileName: 'completions/completions_00012.parquet' });
    expect(result.format).toBe('trl-completions');
    expect(result.summary).toMatchObject({ trajectories: 8, groups: 2, trainSteps: [12] });
    const rewards = result.trajectories.map((t) => t.outcome.episode_reward);
    expect(rewards).toEqual([2, 1, 1, 0, 2, 1, 1, 2]);
    expect(result.trajectories[3].turns[0].info?.rewards).toEqual({ accuracy_reward: null, format_reward: 0 });
    const expected = [...trlAdvantages(rewards.slice(0, 4)), ...trlAdvantages(rewards.slice(4))];
    result.trajectories.forEach((t, i) => expect(t.advantages?.trajectory).toBeCloseTo(expected[i], 12));
    expect(result.trajectories[4].task.instruction).toBe(PROMPT_B);
  });

  it('NaN written by Python for a None reward reads as an empty cell, with a note', () => {
    const text = JSON.stringify(trlTable()).replace('"<answer>0</answer>",1,', '"<answer>0</answer>",NaN,');
    expect(text).toContain('NaN');
    const result = importText(text);
    expect(result.trajectories[0].outcome.episode_reward).toBe(1);
    expect(result.notes).toContain("NaN / Infinity (written by Python's json, not JSON) were read as empty cells");
  });

  it('two steps of one prompt are two groups, and log_unique_prompts tables say their groups have one member', () => {
    const a = trlTable(40);
    const b = trlTable(41);
    const both = importText([JSON.stringify(a), JSON.stringify(b)].join('\n'));
    expect(both.summary).toMatchObject({ groups: 4, trainSteps: [40, 41] });
    const unique = trlTable();
    unique.data = [(unique.data as unknown[][])[0], (unique.data as unknown[][])[4]];
    const result = importText(JSON.stringify(unique));
    expect(result.summary.groups).toBe(2);
    expect(result.notes.some((n) => n.startsWith('every group has one member'))).toBe(true);
  });
});

describe('OpenRLHF generated-samples table', () => {
  it('the last re-logged table gives one single-member group per step with the decoded text as the response', () => {
    const table = {
      _type: 'table',
      columns: ['global_step', 'text', 'reward'],
      data: [[1, 'user\nWhat is 2+2?\nassistant\n4', 1.0], [2, 'user\nName a prime.\nassistant\n9', -0.5], [3, 'user\nWhat is 2+2?\nassistant\n4', 1.0]],
      ncols: 3,
      nrows: 3,
    };
    const result = importText(JSON.stringify(table), { fileName: 'train/generated_samples.table.json' });
    expect(result.format).toBe('openrlhf-samples');
    expect(result.summary).toMatchObject({ trajectories: 3, groups: 3, trainSteps: [1, 2, 3] });
    expect(result.trajectories[1].turns[0].response).toBe('user\nName a prime.\nassistant\n9');
    expect(result.trajectories.map((t) => [t.outcome.episode_reward, t.outcome.success])).toEqual([[1, true], [-0.5, false], [1, true]]);
    expect(result.notes.some((n) => n.startsWith('OpenRLHF logs one sample per step'))).toBe(true);
    expect(result.notes.some((n) => n.startsWith('every group has one member'))).toBe(true);
  });
});

describe('TRL tables written by pandas', () => {
  it('a to_csv with the index column first still reads as TRL, the index kept as a field', () => {
    const csv = ',step,prompt,completion,accuracy_reward,advantage\n0,5,"p",a,1,0.7\n1,5,"p",b,0,-0.7\n';
    const result = importText(csv, { fileName: 'completions.csv' });
    expect(result.format).toBe('trl-completions');
    expect(result.summary).toMatchObject({ trajectories: 2, groups: 1, trainSteps: [5] });
    expect(result.trajectories[1].turns[0].info).toEqual({ line: 3, rewards: { accuracy_reward: 0 }, fields: { '': '1' } });
  });
});
