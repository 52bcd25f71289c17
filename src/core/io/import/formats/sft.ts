/**
 * SFT / expert trajectory files: conversations with no reward, opened for reading only.
 *
 * - AgentGym's AgentTraj (`agentenv/controller/types.py`, ConversationMessage): a JSON array of
 *   `{"item_id": "{task}_{idx}", "conversations": [{"from": "human"|"gpt", "loss": bool|null, "value": str}]}`;
 *   the conversation opens with the env's instruction and a canned "OK" (the dataset prompt).
 * - Chat-format SFT files (one `{"messages": [{"role": "system"|"user"|"assistant"|"tool", "content": str}]}`
 *   per line, as TRL's SFTTrainer and most fine-tuning sets take them).
 *
 * A turn is one assistant message with the user (or tool) message before it as its observation; a
 * leading system message joins the first turn's prompt. No reward is written: every turn gets
 * reward 0 and every trajectory `success: false`, and the result declares `rewardless`, so the lab
 * offers these for reading and does not score them. AgentTraj items are grouped by their item_id
 * run; a chat line is a group of one.
 */
import { isObject, type RolloutTrajectoryV1 } from '../../rollouts-v1';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { messagesOf, turnsOf, type Message } from './agentgym-rl';
import { envFromInstruction, envFromItemId } from './agentgym-envs';
import { emitChecked } from './common';

const ROLE: Record<string, string> = { tool: 'user', function: 'user', observation: 'user', ipython: 'user' };

/** Leading system messages apart; tool replies as user messages; runs of one role joined. */
function normalise(messages: readonly Message[]): { system: string | null; messages: Message[] } {
  let at = 0;
  const system: string[] = [];
  while (at < messages.length && messages[at].role === 'system') system.push(messages[at++].content);
  const out: Message[] = [];
  for (const m of messages.slice(at)) {
    const role = ROLE[m.role] ?? m.role;
    const prev = out[out.length - 1];
    if (prev && prev.role === role) prev.content = `${prev.content}\n${m.content}`;
    else out.push({ role, content: m.content });
  }
  return { system: system.length > 0 ? system.join('\n') : null, messages: out };
}

const isSft = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && !('reward' in value) && (Array.isArray(value.conversations) || Array.isArray(value.messages));

function open(ctx: AdapterContext): AdapterSession {
  let groups = 0;
  let lastItem: unknown = undefined;
  let groupId = '';
  let member = 0;
  return {
    item(value, line) {
      if (!isSft(value)) return ctx.problem(line, 'not an SFT conversation: needs "conversations" or "messages" (and no "reward")');
      const raw = messagesOf(value.conversations ?? value.messages);
      if (typeof raw === 'string') return ctx.problem(line, raw);
      const { system, messages } = normalise(raw);
      const read = turnsOf(messages, Array.isArray(value.conversations));
      if (typeof read === 'string') return ctx.problem(line, read);
      const { turns } = read;
      if (system !== null) turns[0].prompt = `${system}\n${turns[0].prompt ?? turns[0].observation}`;
      turns[turns.length - 1].done = true;
      const itemId = 'item_id' in value ? value.item_id : undefined;
      if (itemId === undefined || itemId !== lastItem) {
        groupId = itemId === undefined ? `sft:${line}` : `sft:${String(itemId)}#${groups}`;
        groups++;
        member = 0;
        lastItem = itemId;
      }
      const env = envFromItemId(itemId) ?? envFromInstruction(messages[0].content.slice(0, 400)) ?? 'unknown';
      const record: RolloutTrajectoryV1 = {
        schema: 'rollouts.v1',
        source: { framework: 'sft', ...(ctx.fileName ? { file: ctx.fileName } : {}) },
        env: { name: env },
        task: { task_id: itemId === undefined ? `sft:${line}` : String(itemId), instruction: turns[0].observation.split('\n')[0].slice(0, 200) },
        group_id: groupId,
        traj_id: `${groupId}:${member}`,
        sample_index: member++,
        turns,
        outcome: { success: false, episode_reward: 0, num_turns: turns.length },
      };
      emitChecked(ctx, record, line);
    },
    finish() {
      ctx.note('these trajectories carry no reward: open for reading only (SFT / expert data; rewards and success are shown as 0 / false and nothing is scored)');
    },
    groups: () => groups,
  };
}

export const sftFormat: ImportAdapter = {
  id: 'sft-conversations',
  label: 'SFT / expert conversations',
  framework: 'sft',
  description: 'AgentGym AgentTraj {item_id, conversations: [{from, value}]} or chat {messages: [{role, content}]}, without reward',
  rewardless: true,
  detect: ({ value }: FormatSample) => isSft(value),
  open,
};
