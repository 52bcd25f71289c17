/**
 * AgentGym-RL rollout logs: `{rollout_log_dir}/step{N}/{rank}.json`, a JSON array (indent 4) of
 * `{"item_id": int, "conversations": [{"role": "user"|"assistant", "content": str}, …], "reward": float}`
 * (environments reference §4.1, §4.1b; AgentGym-RL `agent_vllm_rollout/vllm_rollout.py`).
 *
 * - The conversation opens with the dataset's raw prompt: the env's instruction (user) and a canned
 *   acknowledgement (assistant). Then (observation: user, response: assistant)* and, usually, a
 *   final user message with the last feedback. Turn t = one assistant message.
 * - The n samples of one prompt sit next to each other with the same item_id: that run is a group.
 * - Training step and rank come from the file's path (`step12/3.json`) when the name carries it.
 * - `reward` is the final env reward (ALFWorld 0/1, WebShop 0..1, SciWorld 0..100): it is R(τ),
 *   paid on the last turn; success = reward ≥ 1 (SciWorld: ≥ 100).
 * - Actions: the ReAct form `Thought: … Action: {command}`; the text after the last `Action:`.
 * - AgentGym's SFT spelling (`from: human|gpt`, `value`) is read too. No token counts: L is estimated.
 */
import { isObject, type RolloutTrajectoryV1, type RolloutTurnV1 } from '../../rollouts-v1';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { emitChecked, isFiniteNumber } from './common';

interface Message {
  role: string;
  content: string;
}

const ROLES: Record<string, string> = { human: 'user', gpt: 'assistant' };

function messagesOf(value: unknown): Message[] | string {
  if (!Array.isArray(value)) return '"conversations" must be an array';
  const out: Message[] = [];
  for (const [i, m] of value.entries()) {
    if (!isObject(m)) return `conversations[${i}] must be an object`;
    const role = typeof m.role === 'string' ? m.role : typeof m.from === 'string' ? (ROLES[m.from] ?? m.from) : null;
    const content = typeof m.content === 'string' ? m.content : typeof m.value === 'string' ? m.value : null;
    if (role === null || content === null) return `conversations[${i}] needs a role and a string content`;
    out.push({ role, content });
  }
  return out;
}

export function agentgymEnvName(instruction: string): string {
  const t = instruction.toLowerCase();
  if (t.includes('household')) return 'alfworld';
  if (t.includes('science')) return 'sciworld';
  if (t.includes('shop')) return 'webshop';
  return 'agentgym';
}

/** The command after the last `Action:` (first non-empty line), or null. */
export function reactAction(response: string): string | null {
  const at = response.lastIndexOf('Action:');
  if (at < 0) return null;
  const line = response.slice(at + 'Action:'.length).split('\n').map((l) => l.trim()).find((l) => l !== '');
  return line ?? null;
}

function taskOf(observation: string): string {
  const at = observation.indexOf('Your task is to');
  const from = at >= 0 ? observation.slice(at) : observation;
  return from.split('\n')[0].replace(/^Your task is to:?\s*/, '').trim();
}

const PATH = /step(\d+)[\\/](\d+)\.json(?:\.gz)?$/;

function open(ctx: AdapterContext): AdapterSession {
  const where = PATH.exec(ctx.fileName ?? '');
  const step = where ? Number(where[1]) : undefined;
  const rank = where ? where[2] : 'r';
  if (!where) ctx.note('training step unknown: the file name does not read step{N}/{rank}.json');
  let groupId = '';
  let lastItem: unknown = undefined;
  let member = 0;
  const seen = new Map<string, number>();
  return {
    item(value, line) {
      if (!isObject(value) || !('item_id' in value)) {
        ctx.problem(line, 'not an AgentGym-RL entry: needs "item_id", "conversations" and "reward"');
        return;
      }
      const messages = messagesOf(value.conversations);
      if (typeof messages === 'string') return ctx.problem(line, `item ${String(value.item_id)}: ${messages}`);
      if (!isFiniteNumber(value.reward)) return ctx.problem(line, `item ${String(value.item_id)}: "reward" must be a finite number`);
      const prefix = messages.length >= 3 && messages[0].role === 'user' && messages[1].role === 'assistant' && messages[2].role === 'user' ? 2 : 0;
      const turns: RolloutTurnV1[] = [];
      let admissible: string[] | undefined;
      for (let i = prefix; i + 1 < messages.length; i += 2) {
        const obs = messages[i];
        const reply = messages[i + 1];
        if (obs.role !== 'user' || reply.role !== 'assistant') {
          return ctx.problem(line, `item ${String(value.item_id)}: message ${i} and ${i + 1} should be user then assistant, got ${obs.role} then ${reply.role}`);
        }
        const feedback = messages[i + 2]?.role === 'user' ? messages[i + 2].content : undefined;
        const turn: RolloutTurnV1 = { t: turns.length, observation: obs.content, response: reply.content, action: reactAction(reply.content), reward: 0, done: false };
        if (feedback !== undefined) turn.feedback = feedback;
        if (turns.length === 0) {
          const list = /AVAILABLE ACTIONS: (.*)$/m.exec(obs.content);
          if (list) admissible = list[1].split(',').map((a) => a.trim()).filter((a) => a !== '');
          if (admissible) turn.admissible_actions = admissible;
        }
        turns.push(turn);
      }
      if (turns.length === 0) return ctx.problem(line, `item ${String(value.item_id)}: the conversation has no assistant turn after the prompt`);
      const reward = value.reward;
      const env = agentgymEnvName(prefix > 0 ? messages[0].content : messages[0].content.slice(0, 400));
      const success = env === 'sciworld' ? reward >= 100 : reward >= 1;
      turns[turns.length - 1].reward = reward;
      turns[turns.length - 1].done = true;
      if (value.item_id !== lastItem || groupId === '') {
        const base = `agentgym-rl:${step ?? '?'}:${rank}:${String(value.item_id)}`;
        const repeat = seen.get(base) ?? 0;
        seen.set(base, repeat + 1);
        groupId = repeat === 0 ? base : `${base}#${repeat}`;
        lastItem = value.item_id;
        member = 0;
      }
      const record: RolloutTrajectoryV1 = {
        schema: 'rollouts.v1',
        source: { framework: 'agentgym-rl', ...(ctx.fileName ? { file: ctx.fileName } : {}) },
        env: { name: env },
        task: { task_id: `${env}:${String(value.item_id)}`, instruction: taskOf(turns[0].observation) },
        ...(step !== undefined ? { train_step: step } : {}),
        group_id: groupId,
        traj_id: `${groupId}:${member}`,
        sample_index: member,
        turns,
        outcome: { success, episode_reward: reward, num_turns: turns.length, ...(env !== 'alfworld' ? { score: reward } : {}) },
      };
      if (prefix > 0) turns[0].prompt = `${messages[0].content}\n${messages[1].content}\n${messages[2].content}`;
      member++;
      emitChecked(ctx, record, line);
    },
    finish: () => undefined,
    groups: () => [...seen.values()].reduce((a, b) => a + b, 0),
  };
}

export const agentgymRlFormat: ImportAdapter = {
  id: 'agentgym-rl',
  label: 'AgentGym-RL rollout log',
  framework: 'agentgym-rl',
  description: 'AgentGym-RL step{N}/{rank}.json: a JSON array of {item_id, conversations, reward}',
  detect: ({ value }: FormatSample) => isObject(value) && 'item_id' in value && Array.isArray(value.conversations),
  open,
};
