/**
 * AgentGym-RL and AgentGym files as their writers lay them out:
 * - AgentGym-RL `agent_vllm_rollout/vllm_rollout.py`: `{rollout_log_dir}/step{global_steps}/{rank}.json`,
 *   `json.dump([{item_id: int, conversations: [{role, content}], reward}], indent=4, ensure_ascii=True)`;
 *   the conversation is the dataset prompt (instruction, canned reply), then observation / reply pairs
 *   and the last observation. Its evaluation (`main_generation.py`) sets global_steps = 'test_batch_{B}'.
 * - AgentGym `examples/basic/base_eval.py`: JSON Lines of `{conversations: [{from, loss, value}],
 *   item_id: "{task}_{idx}", reward, success: 1 if reward == 1 else 0}`.
 * - BabyAI (`agentenv_babyai/environment.py`): success pays MiniGrid's fractional reward and the
 *   observation gains "The task is completed.".
 */
import { describe, expect, it } from 'vitest';
import { importText } from '../../../../src/core/io';
import { agentgymEnvRule, envFromInstruction, envFromItemId, envFromPath } from '../../../../src/core/io/import/formats/agentgym-envs';

const BABYAI_INSTRUCTION = 'You are an exploration master that wants to finish every goal you are given. Reply with a thought and an action.';

function babyaiConversation(success: boolean, turns: number): Array<{ role: string; content: string }> {
  const out = [
    { role: 'user', content: BABYAI_INSTRUCTION },
    { role: 'assistant', content: "OK. I'll follow your instructions and try my best to solve the task." },
    { role: 'user', content: 'Your goal: go to the red ball\nIn front of you in this room, you can see several objects: There is a red ball 1 2 steps in front of you.\nAvailable actions: ["turn left", "turn right", "go to red ball 1"]' },
  ];
  for (let t = 0; t < turns; t++) {
    out.push({ role: 'assistant', content: `Thought:\nThe ball is ahead.\n\nAction:\n${t === turns - 1 && success ? 'go to red ball 1' : 'turn left'}` });
    const done = t === turns - 1 && success;
    out.push({ role: 'user', content: done ? 'In front of you in this room, you can see several objects: The red ball 1 is right in front of you.\n The task is completed.\nAvailable actions: ["turn left", "turn right"]' : 'You turned left.\nAvailable actions: ["turn left", "turn right", "go to red ball 1"]' });
  }
  return out;
}

/** One rank's file: 4 samples of item 7, as `json.dump(..., indent=4)` writes them. */
function babyaiRankFile(): string {
  const rewards = [0.775, 0, 0.6625, 0];
  return JSON.stringify(rewards.map((reward, i) => ({ item_id: 7, conversations: babyaiConversation(reward > 0, 2 + i), reward })), null, 4);
}

describe('AgentGym-RL success per environment', () => {
  it('BabyAI rows paid a fraction on success count as successes; failures do not', () => {
    const result = importText(babyaiRankFile(), { fileName: 'saves/babyai_grpo/executer_logs/step3/0.json' });
    expect(result.format).toBe('agentgym-rl');
    expect(result.summary).toMatchObject({ trajectories: 4, groups: 1, trainSteps: [3], envs: ['babyai'] });
    expect(result.trajectories.map((t) => t.outcome.success)).toEqual([true, false, true, false]);
    expect(result.trajectories.map((t) => t.outcome.episode_reward)).toEqual([0.775, 0, 0.6625, 0]);
    expect(result.notes.some((n) => /babyai: the final observation says "The task is completed\."/.test(n))).toBe(true);
    expect(result.notes.some((n) => /guessed from the instruction/.test(n))).toBe(false);
  });

  it('without a path that names it, the env is guessed from the instruction and the guess is noted', () => {
    const result = importText(babyaiRankFile(), { fileName: 'run/step3/0.json' });
    expect(result.summary.envs).toEqual(['babyai']);
    expect(result.trajectories.filter((t) => t.outcome.success)).toHaveLength(2);
    expect(result.notes).toContain('4 items: the environment was guessed from the instruction text (neither item_id nor the path names it)');
  });

  it('each env has its own rule: SciWorld needs 100, SearchQA format credit is not a success, BabyAI without a final observation needs R > 0', () => {
    expect(agentgymEnvRule('sciworld').success(99, null)).toBe(false);
    expect(agentgymEnvRule('sciworld').success(100, null)).toBe(true);
    expect(agentgymEnvRule('searchqa').success(0.2, null)).toBe(false);
    expect(agentgymEnvRule('textcraft').success(1, null)).toBe(true);
    expect(agentgymEnvRule('babyai').success(0.4, 'You turned left.')).toBe(false);
    expect(agentgymEnvRule('babyai').success(0.4, null)).toBe(true);
    expect(agentgymEnvRule('maze').success(1, null)).toBe(true);
  });

  it('names come from item_id, then a folder of the path, then the instruction', () => {
    expect(envFromItemId('babyai_12')).toBe('babyai');
    expect(envFromItemId('webshop_1033')).toBe('webshop');
    expect(envFromItemId(12)).toBeNull();
    expect(envFromPath('saves/textcraft-qwen7b/executer_logs/step2/1.json')).toBe('textcraft');
    expect(envFromPath('saves/test/executer_logs/step2/1.json')).toBeNull();
    expect(envFromInstruction('You are an autonomous intelligent agent tasked with navigating a web browser.')).toBe('webarena');
    expect(envFromInstruction('You are web shopping.\nI will give you instructions')).toBe('webshop');
  });
});

describe('AgentGym-RL paths', () => {
  it.each(['run/step3/0.json', 'step3/0.json', 'C:\\logs\\step3\\0.json', 'a/b/step3/0.json.gz'])('%s gives step 3 rank 0', (fileName) => {
    const result = importText(babyaiRankFile(), { fileName });
    expect(result.summary.trainSteps).toEqual([3]);
    expect(result.trajectories[0].group_id).toBe('agentgym-rl:3:0:7');
    expect(result.notes.join(' ')).not.toMatch(/step unknown/);
  });

  it('an evaluation log (steptest_batch_{B}/{rank}.json) has no training step and says so', () => {
    const one = JSON.stringify([{ item_id: 7, conversations: babyaiConversation(true, 2), reward: 0.8 }, { item_id: 8, conversations: babyaiConversation(false, 3), reward: 0 }], null, 4);
    const result = importText(one, { fileName: 'executer_logs/steptest_batch_0/1.json' });
    expect(result.summary).toMatchObject({ trajectories: 2, groups: 2, trainSteps: [] });
    expect(result.notes).toContain('an AgentGym-RL evaluation log (batch 0, rank 1): no training step');
    expect(result.notes.some((n) => /every item is a group of one .* has no relative advantage/.test(n))).toBe(true);
  });

  it('an evaluation batch padded with a re-run of its first item keeps the re-run as its own group and says why', () => {
    // main_generation.py: `dummy_data = data[:dummy_data_size]` is rolled out and logged, then cut from the scores.
    const items = [[7, true], [8, false], [7, false]] as const;
    const text = JSON.stringify(items.map(([id, ok]) => ({ item_id: id, conversations: babyaiConversation(ok, 2), reward: ok ? 0.8 : 0 })), null, 4);
    const result = importText(text, { fileName: 'executer_logs/steptest_batch_2/0.json' });
    expect(result.trajectories.map((t) => t.group_id)).toEqual(['agentgym-rl:eval2:0:7', 'agentgym-rl:eval2:0:8', 'agentgym-rl:eval2:0:7#1']);
    expect(result.notes.some((n) => /^1 item_id runs appear again later .*re-runs of its first items/.test(n))).toBe(true);
  });
});

describe('AgentGym evaluation output', () => {
  const toAgentGym = (m: { role: string; content: string }) => ({ from: m.role === 'user' ? 'human' : 'gpt', loss: m.role === 'user' ? null : true, value: m.content });
  const lines = [
    { conversations: babyaiConversation(true, 2).map(toAgentGym), item_id: 'babyai_12', reward: 0.82, success: 0 },
    { conversations: babyaiConversation(false, 3).map(toAgentGym), item_id: 'babyai_13', reward: 0, success: 0 },
  ].map((x) => JSON.stringify(x)).join('\n');

  it('reads the env from item_id, applies its rule over the file\'s reward == 1 flag, and calls each item a group of one', () => {
    const result = importText(lines, { fileName: 'babyai_eval.jsonl' });
    expect(result.format).toBe('agentgym-rl');
    expect(result.summary).toMatchObject({ trajectories: 2, groups: 2, envs: ['babyai'] });
    expect(result.trajectories.map((t) => t.outcome.success)).toEqual([true, false]);
    expect(result.trajectories[0].task.task_id).toBe('babyai:12');
    expect(result.notes).toContain('1 items: the file\'s own "success" (AgentGym writes reward == 1) differs from the environment\'s rule; the rule is used');
    expect(result.notes.some((n) => /group of one has no relative advantage/.test(n))).toBe(true);
  });
});
