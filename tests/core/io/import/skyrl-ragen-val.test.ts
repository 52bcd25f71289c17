import { describe, expect, it } from 'vitest';
import { importText } from '../../../../src/core/io';
import { pyDumps, pyFloat, pyJsonLines } from './py-json';

// ---------------------------------------------------------------- SkyRL

/**
 * Rows as SkyRL's `dump_per_dataset_eval_results` (skyrl/train/utils/trainer_utils.py) writes them:
 * `json.dumps({input_prompt, output_response, score, stop_reason, env_class, env_extras,
 * data_source}, ensure_ascii=False) + "\n"`, with prompt and response from `tokenizer.decode(ids)`
 * (special tokens kept: Qwen's ChatML markers are in the text).
 */
const chatPrompt = (q: string) => `<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\n${q}<|im_end|>\n<|im_start|>assistant\n`;
const skyrlRow = (q: string, out: string, score: unknown, extras: Record<string, unknown> = {}) => ({
  input_prompt: chatPrompt(q),
  output_response: out,
  score,
  stop_reason: 'stop',
  env_class: 'gsm8k',
  env_extras: { reward_spec: { method: 'rule', ground_truth: '72' }, ...extras },
  data_source: 'openai/gsm8k',
});

describe('SkyRL dumped evals', () => {
  const Q = 'Natalia sold 48 clips in April and half as many in May. How many in total?';
  const file = 'dumped_evals/global_step_20_evals/openai_gsm8k.jsonl';

  it('group the samples of one prompt, keep env, step, extras and stop reason, success = score > 0', () => {
    const text = pyJsonLines([
      skyrlRow(Q, '48 + 24 = 72.\n#### 72<|im_end|>', pyFloat(1)),
      skyrlRow(Q, '48 + 48 = 96.\n#### 96<|im_end|>', pyFloat(0)),
      skyrlRow(Q, '48 + 24 = 72.\n#### 72<|im_end|>', pyFloat(1)),
      skyrlRow('What is 2 + 2?', '#### 4<|im_end|>', pyFloat(1)),
    ]);
    const result = importText(text, { fileName: file });
    expect(result.format).toBe('skyrl-evals');
    expect(result.problemCount).toBe(0);
    expect(result.summary).toMatchObject({ trajectories: 4, groups: 2, trainSteps: [20], envs: ['gsm8k'] });
    const first = result.trajectories[0];
    expect(first.turns).toHaveLength(1);
    expect(first.turns[0]).toMatchObject({ observation: Q, response: '48 + 24 = 72.\n#### 72', reward: 1, done: true });
    expect(first.task).toMatchObject({ data_source: 'openai/gsm8k', env_extras: { reward_spec: { ground_truth: '72' } } });
    expect(first.outcome).toMatchObject({ success: true, episode_reward: 1, terminated_by: 'stop' });
    expect(result.trajectories.map((t) => t.outcome.success)).toEqual([true, false, true, true]);
    expect(result.notes.some((n) => /success = score > 0/.test(n))).toBe(true);
  });

  it('split a multi-turn response at its ChatML markers and sum per-token rewards into R', () => {
    const out =
      '<think>I should search.</think><search>clips sold in may</search><|im_end|>\n<|im_start|>user\n<information>Half of 48 is 24.</information><|im_end|>\n<|im_start|>assistant\n<answer>72</answer><|im_end|>';
    const result = importText(pyJsonLines([skyrlRow(Q, out, [0, 0, 0, pyFloat(1)])]), { fileName: file });
    const t = result.trajectories[0];
    expect(t.turns.map((u) => u.response)).toEqual(['<think>I should search.</think><search>clips sold in may</search>', '<answer>72</answer>']);
    expect(t.turns[0].feedback).toBe('<information>Half of 48 is 24.</information>');
    expect(t.turns[1].observation).toBe('<information>Half of 48 is 24.</information>');
    expect(t.turns.map((u) => u.reward)).toEqual([0, 1]);
    expect(t.outcome).toMatchObject({ episode_reward: 1, success: true, num_turns: 2 });
    expect(result.notes.some((n) => /per-token rewards/.test(n))).toBe(true);
  });
});

// ---------------------------------------------------------------- RAGEN

/**
 * RAGEN's validation dump: verl's `_dump_generations` as RAGEN's `_validate` calls it
 * (ragen/trainer/agent_trainer.py), `input` = "" and `output` = the Qwen-templated chat that
 * `ContextManager.get_lm_inputs(prepare_for_update=True)` builds (ragen/llm_agent/ctx_manager.py),
 * decoded with skip_special_tokens (markers removed), one line per env, plus the `reward` extra.
 */
const INSTRUCTION = 'You are solving the Sokoban puzzle. [\u2026]\nYour available actions are:\nUp, Down, Left, Right\nYou can make up to 10 actions, separated by the action separator " || "\n';
const FORMAT = '<think> [Your thoughts] </think> <answer> [your answer] </answer>';

function ragenOutput(history: Array<{ state: string; left: number; response?: string; reward?: string }>): string {
  const messages = [
    { role: 'system', content: "You're a helpful assistant. " },
    { role: 'user', content: INSTRUCTION },
  ];
  const kept = history.slice(0, -1); // prepare_for_update drops the final state
  kept.forEach((h, idx) => {
    messages[messages.length - 1].content += `\nTurn ${idx + 1}:\n`;
    messages[messages.length - 1].content += `State:\n${h.state}\nYou have ${h.left} actions left. Always output: ${FORMAT} with no extra text. Strictly follow this format. Max response length: 400 words (tokens).\n`;
    messages.push({ role: 'assistant', content: h.response! });
    if (idx !== kept.length - 1) messages.push({ role: 'user', content: `Reward:\n${h.reward}\n` });
  });
  const chat = messages.map((m) => `<|im_start|>${m.role}\n${m.content}<|im_end|>\n`).join('');
  return chat.replaceAll('<|im_start|>', '').replaceAll('<|im_end|>', '');
}

const S0 = '######\n#_P__#\n#_X__#\n#__O_#\n######';
const S1 = '######\n#____#\n#_P__#\n#_X__#\n######';
const S2 = '######\n#____#\n#____#\n#_P__#\n######';

describe('RAGEN validation dumps', () => {
  const won = ragenOutput([
    { state: S0, left: 10, response: '<think>push down</think><answer>Down</answer>', reward: '0.0' },
    { state: S1, left: 9, response: '<think>again</think><answer>Down || Left</answer>', reward: '10.0' },
    { state: S2, left: 7 },
  ]);
  const lost = ragenOutput([
    { state: S0, left: 10, response: 'I will push the box down.', reward: '0.0' },
    { state: S1, left: 10, response: '<think>hm</think><answer>Up</answer>', reward: '0.0' },
    { state: S0, left: 9 },
  ]);
  const text = [
    pyDumps({ input: '', output: won, score: pyFloat(10), step: 0, reward: pyFloat(10) }),
    pyDumps({ input: '', output: lost, score: pyFloat(-0.1), step: 0, reward: pyFloat(-0.1) }),
  ].join('\n');

  it('are read into multi-turn trajectories at RAGEN\'s "Turn k:" markers, one group per first state', () => {
    const result = importText(text, { fileName: 'val/0.jsonl' });
    expect(result.format).toBe('ragen-val');
    expect(result.problemCount).toBe(0);
    expect(result.summary).toMatchObject({ trajectories: 2, groups: 1, turns: 4, trainSteps: [0], envs: ['sokoban'] });
    const [a, b] = result.trajectories;
    expect(a.task.instruction).toBe(INSTRUCTION.trim());
    expect(a.turns.map((t) => t.observation)).toEqual([S0, S1]);
    expect(a.turns.map((t) => t.response)).toEqual(['<think>push down</think><answer>Down</answer>', '<think>again</think><answer>Down || Left</answer>']);
    expect(a.turns[1]).toMatchObject({ action: 'Down', format_valid: true, info: { actions: ['Down', 'Left'], actions_left: 9 } });
    expect(a.turns[0].feedback).toBe(S1);
    expect(b.turns[0]).toMatchObject({ response: 'I will push the box down.', action: null, format_valid: false });
  });

  it('pay the unwritten last reward as score − the rewards shown, and call success the last reward > 0', () => {
    const [a, b] = importText(text).trajectories;
    expect(a.turns.map((t) => t.reward)).toEqual([0, 10]);
    expect(a.outcome).toMatchObject({ success: true, episode_reward: 10 });
    expect(b.turns.map((t) => t.reward)).toEqual([0, -0.1]);
    expect(b.outcome).toMatchObject({ success: false, episode_reward: -0.1 });
  });

  it('report a conversation whose turn blocks do not follow the template instead of guessing', () => {
    const broken = won.replace('\nTurn 2:\n', '\nTurn 3:\n');
    const result = importText(`${pyDumps({ input: '', output: broken, score: pyFloat(10), step: 0 })}\n${pyDumps({ input: '', output: won, score: pyFloat(10), step: 0 })}`);
    expect(result.trajectories).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ line: 1, reason: expect.stringMatching(/do not follow RAGEN's template/) });
  });
});
