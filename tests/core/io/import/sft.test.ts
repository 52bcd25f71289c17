/**
 * SFT / expert trajectory files as they are written:
 * - AgentGym AgentTraj (`agentenv/controller/types.py` ConversationMessage {from, loss, value}): a JSON
 *   array of {item_id: "{task}_{idx}", conversations}, the conversation opening with the env's
 *   instruction and a canned reply (`conversation_start` of `agentenv/envs/*.py`).
 * - Chat SFT JSON Lines: {"messages": [{"role", "content"}]} with an optional system message.
 */
import { describe, expect, it } from 'vitest';
import { importText } from '../../../../src/core/io';
import { ImportSession } from '../../../../src/core/io/import/session/session';

const agentTraj = JSON.stringify(
  [
    {
      item_id: 'webshop_3',
      conversations: [
        { from: 'human', loss: null, value: 'You are web shopping.\nI will give you instructions about what to do.' },
        { from: 'gpt', loss: false, value: 'Ok.' },
        { from: 'human', loss: null, value: 'WebShop [SEP] Instruction: [SEP] i need a red mug under 20 dollars [SEP] Search' },
        { from: 'gpt', loss: true, value: 'Thought:\nI should search.\n\nAction:\nsearch[red mug]' },
        { from: 'human', loss: null, value: 'Instruction: [SEP] i need a red mug under 20 dollars [SEP] Back to Search [SEP] B01 [SEP] Red mug [SEP] $9.99' },
        { from: 'gpt', loss: true, value: 'Thought:\nThis one fits.\n\nAction:\nclick[B01]' },
      ],
    },
  ],
  null,
  2,
);

const chat = [
  { messages: [{ role: 'system', content: 'You are a helpful agent.' }, { role: 'user', content: 'What is 2 + 2?' }, { role: 'assistant', content: '4' }] },
  { messages: [{ role: 'user', content: 'Find the file.' }, { role: 'assistant', content: 'ls' }, { role: 'tool', content: 'a.txt' }, { role: 'assistant', content: 'cat a.txt' }] },
].map((x) => JSON.stringify(x)).join('\n');

describe('SFT / expert trajectory files', () => {
  it('AgentTraj conversations open as reward-less trajectories and the result says they are for reading only', () => {
    const result = importText(agentTraj, { fileName: 'AgentTraj-L/webshop_train.json' });
    expect(result.format).toBe('sft-conversations');
    expect(result.rewardless).toBe(true);
    expect(result.summary).toMatchObject({ trajectories: 1, groups: 1, envs: ['webshop'] });
    const t = result.trajectories[0];
    expect(t.turns.map((u) => u.action)).toEqual(['search[red mug]', 'click[B01]']);
    expect(t.turns[0].observation).toMatch(/^WebShop \[SEP\]/);
    expect(t.outcome).toMatchObject({ success: false, episode_reward: 0, num_turns: 2 });
    expect(result.notes).toContain('these trajectories carry no reward: open for reading only (SFT / expert data; rewards and success are shown as 0 / false and nothing is scored)');
  });

  it('chat-format messages: the system message joins the first prompt, tool replies are observations, each line is one trajectory', () => {
    const result = importText(chat, { fileName: 'sft.jsonl' });
    expect(result.format).toBe('sft-conversations');
    expect(result.rewardless).toBe(true);
    expect(result.summary).toMatchObject({ trajectories: 2, groups: 2 });
    expect(result.trajectories[0].turns[0].prompt).toBe('You are a helpful agent.\nWhat is 2 + 2?');
    expect(result.trajectories[1].turns.map((u) => [u.observation, u.response])).toEqual([['Find the file.', 'ls'], ['a.txt', 'cat a.txt']]);
  });

  it('a session over a reward-less file is read-only and scores nothing', () => {
    const session = new ImportSession('sft.jsonl', importText(chat, { fileName: 'sft.jsonl' }));
    expect(session.summary()).toMatchObject({ readOnly: true, trajectories: 2 });
    expect(session.summary().estimators.every((e) => e.failedGroups === 0)).toBe(true);
    expect(Object.keys(session.groupRecords(0)[0].estimator_advantages)).toEqual([]);
  });

  it('a file with a reward is not taken for SFT data', () => {
    const rows = chat.split('\n').map((l) => JSON.stringify({ ...JSON.parse(l), reward: 1 })).join('\n');
    expect(() => importText(rows)).toThrow(/could not read the file/);
  });
});
