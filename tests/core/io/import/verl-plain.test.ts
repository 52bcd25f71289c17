import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importText } from '../../../../src/core/io';
import { pyFloat, pyJsonLines } from './py-json';

/**
 * Rows as verl's `RayPPOTrainer._dump_generations` (verl/trainer/ppo/ray_trainer.py) writes them:
 * `base_data = {input, output, gts, score, step}` then every reward-extra list of length n, one
 * `json.dumps(entry, ensure_ascii=False)` per row. `input` is the Qwen chat prompt decoded with
 * skip_special_tokens (the `<|im_start|>` markers are gone), `score` a float from `.tolist()`.
 */
function verlDump(step: number, rows: Array<{ q: string; out: string; score: number; gts?: unknown }>, extras: Record<string, unknown[]> = {}, withGts = true): string {
  const n = rows.length;
  return pyJsonLines(
    rows.map((r, i) => {
      const entry: Record<string, unknown> = {
        input: `system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.\nuser\n${r.q} Let's think step by step and output the final answer after "####".\nassistant\n`,
        output: r.out,
        ...(withGts ? { gts: r.gts ?? null } : {}),
        score: pyFloat(r.score),
        step,
      };
      for (const [k, v] of Object.entries(extras)) if (v.length === n) entry[k] = v[i];
      return entry;
    }),
  );
}

const Q1 = 'Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did Natalia sell altogether in April and May?';
const Q2 = 'Weng earns $12 an hour for babysitting. Yesterday, she just did 50 minutes of babysitting. How much did she earn?';
const right1 = 'In May she sold 48 / 2 = 24 clips. Altogether 48 + 24 = 72.\n#### 72';

/** Two prompts × n = 4, in a balanced (interleaved) order, as GRPO's repeat + balance_batch leave them. */
const gsm8k = () =>
  verlDump(12, [
    { q: Q1, out: right1, score: 1, gts: '72' },
    { q: Q2, out: '50 minutes is 5/6 hour, 12 * 5/6 = 10.\n#### 10', score: 1, gts: '10' },
    { q: Q1, out: '48 + 48 = 96\n#### 96', score: 0, gts: '72' },
    { q: Q2, out: '12 * 50 = 600\n#### 600', score: 0, gts: '10' },
    { q: Q1, out: right1, score: 1, gts: '72' },
    { q: Q2, out: '#### 10', score: 1, gts: '10' },
    { q: Q1, out: 'I think 70.', score: 0, gts: '72' },
    { q: Q2, out: '12 dollars.\n#### 12', score: 0, gts: '10' },
  ]);

describe('plain verl rollout_data_dir dumps', () => {
  it('are their own format, not verl-agent: no ALFWorld message, one group per prompt of the step', () => {
    const result = importText(gsm8k(), { fileName: 'rollout_data/12.jsonl' });
    expect(result.format).toBe('verl');
    expect(result.problemCount).toBe(0);
    expect(result.summary).toMatchObject({ trajectories: 8, groups: 2, turns: 8, trainSteps: [12] });
    const sizes = new Map<string, number>();
    for (const t of result.trajectories) sizes.set(t.group_id, (sizes.get(t.group_id) ?? 0) + 1);
    expect([...sizes.values()]).toEqual([4, 4]);
  });

  it('keep score as R on the one turn, gts as task.ground_truth, and say how success was decided', () => {
    const result = importText(gsm8k());
    const first = result.trajectories[0];
    expect(first.turns).toHaveLength(1);
    expect(first.turns[0]).toMatchObject({ t: 0, response: right1, reward: 1, done: true, response_tokens_estimated: true });
    expect(first.task).toMatchObject({ ground_truth: '72', instruction: `${Q1} Let's think step by step and output the final answer after "####".` });
    expect(first.turns[0].observation).toMatch(/^system\nYou are Qwen/);
    expect(first.outcome).toMatchObject({ success: true, episode_reward: 1, num_turns: 1 });
    expect(result.trajectories.filter((t) => t.outcome.success)).toHaveLength(4);
    expect(result.notes.some((n) => /no success flag: success = score > 0 and score ≥ 1/.test(n))).toBe(true);
  });

  it('keep byte-identical rows as distinct members and say so', () => {
    const result = importText(gsm8k());
    const twins = result.trajectories.filter((t) => t.turns[0].response === right1);
    expect(twins).toHaveLength(2);
    expect(new Set(twins.map((t) => t.traj_id)).size).toBe(2);
    expect(twins[0].group_id).toBe(twins[1].group_id);
    expect(result.notes.some((n) => /1 rows are byte-identical .* kept as distinct members/.test(n))).toBe(true);
  });

  it('keep every reward extra under turns[0].info.reward_extra and use an "acc" extra as success', () => {
    const text = verlDump(
      3,
      [
        { q: Q1, out: '#### 72', score: 1, gts: '72' },
        { q: Q1, out: '#### 70', score: -1, gts: '72' },
      ],
      { score: [1, -1], acc: [true, false], pred: ['72', '70'], other: [1] },
    );
    const result = importText(text);
    expect(result.trajectories.map((t) => t.outcome.success)).toEqual([true, false]);
    expect(result.trajectories[1].turns[0].info).toMatchObject({ reward_extra: { acc: false, pred: '70' } });
    expect(result.trajectories[1].turns[0].info?.reward_extra).not.toHaveProperty('other');
    expect(result.notes).toContain('success = the "acc" reward extra of each row (verl writes no success flag)');
  });

  it('read older dumps without gts, and a validation dump whose "reward" extra is kept', () => {
    const text = verlDump(0, [{ q: Q2, out: '#### 10', score: 1 }], { reward: [pyFloat(1)] }, false);
    const result = importText(text, { fileName: 'val/0.jsonl' });
    expect(result.format).toBe('verl');
    expect(result.trajectories[0].task).not.toHaveProperty('ground_truth');
    expect(result.trajectories[0].turns[0].info).toMatchObject({ reward_extra: { reward: 1 } });
  });

  it('keep an agent-loop row whole, as one turn, counting its tool calls', () => {
    const out = 'Let me compute.\n<tool_call>\n{"name": "calc", "arguments": {"expr": "48/2"}}\n</tool_call>\nuser\n<tool_response>\n24\n</tool_response>\nassistant\n48 + 24 = 72.\n#### 72';
    const result = importText(verlDump(5, [{ q: Q1, out, score: 1, gts: '72' }]));
    expect(result.trajectories[0].turns).toHaveLength(1);
    expect(result.trajectories[0].turns[0].info).toMatchObject({ tool_calls: 1 });
    expect(result.notes.some((n) => /agent-loop exchange .* one turn/.test(n))).toBe(true);
  });
});

describe('plain verl grouping', () => {
  const row = fc.record({
    prompt: fc.integer({ min: 0, max: 3 }),
    out: fc.constantFrom('#### 72', '#### 70', 'no idea', ''),
    score: fc.constantFrom(0, 1, 0.5),
    step: fc.integer({ min: 1, max: 2 }),
  });

  it('never drops or invents a row: every row is one member of the group of its (step, prompt)', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), (rows) => {
        const text = rows.map((r) => JSON.stringify({ input: `question ${r.prompt}`, output: r.out, gts: null, score: r.score, step: r.step })).join('\n');
        const result = importText(text);
        expect(result.problemCount).toBe(0);
        const key = (input: string, output: string, score: number, step: number) => `${step}|${input}|${output}|${score}`;
        const got = result.trajectories.map((t) => key(t.turns[0].observation, t.turns[0].response, t.outcome.episode_reward, t.train_step!)).sort();
        const want = rows.map((r) => key(`question ${r.prompt}`, r.out, r.score, r.step)).sort();
        expect(got).toEqual(want);
        const groups = new Map<string, Set<string>>();
        for (const t of result.trajectories) groups.set(t.group_id, (groups.get(t.group_id) ?? new Set()).add(`${t.train_step}|${t.turns[0].observation}`));
        expect([...groups.values()].every((s) => s.size === 1)).toBe(true);
        expect(groups.size).toBe(new Set(rows.map((r) => `${r.step}|${r.prompt}`)).size);
      }),
      { numRuns: 60 },
    );
  });
});
