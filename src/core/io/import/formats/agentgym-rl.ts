/**
 * AgentGym-RL rollout logs: `{rollout_log_dir}/step{N}/{rank}.json`, a JSON array (indent 4) of
 * `{"item_id": int, "conversations": [{"role": "user"|"assistant", "content": str}, …], "reward": float}`
 * (environments reference §4.1, §4.1b; AgentGym-RL `agent_vllm_rollout/vllm_rollout.py`).
 *
 * - The conversation opens with the dataset's raw prompt: the env's instruction (user) and a canned
 *   acknowledgement (assistant). Then (observation: user, response: assistant)* and, usually, a
 *   final user message with the last feedback. Turn t = one assistant message.
 * - The n samples of one prompt sit next to each other with the same item_id: that run is a group.
 * - Training step and rank come from the file's path (`run/step12/3.json`; the UI passes the
 *   folder-relative path). AgentGym-RL's evaluation (`main_generation`) logs to
 *   `steptest_batch_{B}/{rank}.json`: no training step, and usually one sample per item.
 * - `reward` is the client's final reward: R(τ), paid on the last turn. Success follows the env's own
 *   rule (agentgym-envs.ts: BabyAI pays a fraction on success, SciWorld scores 0..100); the env name
 *   comes from a `{task}_{idx}` item_id, else a folder of the path, else the instruction (noted).
 * - AgentGym's evaluation output (`examples/basic/base_eval.py`: JSON Lines of `{conversations,
 *   item_id: "{task}_{idx}", reward, success}`) reads the same way; its `success` is `reward == 1`,
 *   so the env's rule is used and a disagreement is noted. A file of groups of one says that a group
 *   of one has no relative advantage.
 * - Actions: the ReAct form `Thought: … Action: {command}`; the text after the last `Action:`.
 * - AgentGym's SFT spelling (`from: human|gpt`, `value`) is read too. No token counts: L is estimated.
 */
import { isObject, type RolloutTrajectoryV1, type RolloutTurnV1 } from '../../rollouts-v1';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { emitChecked, isFiniteNumber } from './common';
import { agentgymEnvRule, envFromInstruction, envFromItemId, envFromPath } from './agentgym-envs';

export interface Message {
  role: string;
  content: string;
}

const ROLES: Record<string, string> = { human: 'user', gpt: 'assistant' };

export function messagesOf(value: unknown): Message[] | string {
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

/** The env guessed from an instruction (our registry's names for the three the lab runs), else 'agentgym'. */
export function agentgymEnvName(instruction: string): string {
  return envFromInstruction(instruction) ?? 'agentgym';
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

/** `step{N}/{rank}.json`, or `steptest_batch_{B}/{rank}.json` from AgentGym-RL's evaluation (main_generation). */
const PATH = /step(?:(\d+)|test_batch_(\d+))[\\/](\d+)\.json(?:\.gz)?$/;

/**
 * The turns of a conversation after the dataset's prompt (instruction + canned reply: AgentGym's
 * `conversation_start`), or why not. `promptPrefix: false` reads every user/assistant pair as a turn.
 */
export function turnsOf(messages: readonly Message[], promptPrefix = true): { turns: RolloutTurnV1[]; prefix: number } | string {
  const prefix = promptPrefix && messages.length >= 3 && messages[0].role === 'user' && messages[1].role === 'assistant' && messages[2].role === 'user' ? 2 : 0;
  const turns: RolloutTurnV1[] = [];
  for (let i = prefix; i + 1 < messages.length; i += 2) {
    const obs = messages[i];
    const reply = messages[i + 1];
    if (obs.role !== 'user' || reply.role !== 'assistant') return `message ${i} and ${i + 1} should be user then assistant, got ${obs.role} then ${reply.role}`;
    const feedback = messages[i + 2]?.role === 'user' ? messages[i + 2].content : undefined;
    const turn: RolloutTurnV1 = { t: turns.length, observation: obs.content, response: reply.content, action: reactAction(reply.content), reward: 0, done: false };
    if (feedback !== undefined) turn.feedback = feedback;
    if (turns.length === 0) {
      const list = /AVAILABLE ACTIONS: (.*)$/m.exec(obs.content);
      if (list) turn.admissible_actions = list[1].split(',').map((a) => a.trim()).filter((a) => a !== '');
    }
    turns.push(turn);
  }
  if (turns.length === 0) return 'the conversation has no assistant turn after the prompt';
  if (prefix > 0) turns[0].prompt = `${messages[0].content}\n${messages[1].content}\n${messages[2].content}`;
  return { turns, prefix };
}

/** Where each item's env name came from, counted for the notes. */
type EnvSource = 'item_id' | 'path' | 'instruction' | 'none';

/** The env of one item: its `item_id` prefix, else a folder of the path, else the instruction (a guess). */
function envOf(itemId: unknown, pathEnv: string | null, instruction: string): { env: string; from: EnvSource } {
  const own = envFromItemId(itemId);
  if (own) return { env: own, from: 'item_id' };
  if (pathEnv) return { env: pathEnv, from: 'path' };
  const guess = envFromInstruction(instruction);
  return guess ? { env: guess, from: 'instruction' } : { env: 'agentgym', from: 'none' };
}

function envNotes(sources: Map<EnvSource, number>, envs: Set<string>, ctx: AdapterContext): void {
  const list = [...envs].sort();
  const rules = list.map((e) => `${e}: ${agentgymEnvRule(e).rule}`).join('; ');
  if (list.length > 0) ctx.note(`success per environment (${rules})`);
  if (sources.get('instruction')) ctx.note(`${sources.get('instruction')} items: the environment was guessed from the instruction text (neither item_id nor the path names it)`);
  if (sources.get('none')) ctx.note(`${sources.get('none')} items: no environment found in item_id, path or instruction; success is R ≥ 1`);
}

function open(ctx: AdapterContext): AdapterSession {
  const where = PATH.exec(ctx.fileName ?? '');
  const step = where?.[1] !== undefined ? Number(where[1]) : undefined;
  const rank = where ? where[3] : 'r';
  const batch = where?.[2];
  if (batch !== undefined) ctx.note(`an AgentGym-RL evaluation log (batch ${batch}, rank ${rank}): no training step`);
  else if (!where) ctx.note('training step unknown: the file name does not read step{N}/{rank}.json');
  const pathEnv = envFromPath(ctx.fileName);
  const sources = new Map<EnvSource, number>();
  const envs = new Set<string>();
  let groupId = '';
  let lastItem: unknown = undefined;
  let member = 0;
  let fileSuccessDisagrees = 0;
  let reruns = 0;
  const seen = new Map<string, number>();
  const sizes = new Map<string, number>();
  return {
    item(value, line) {
      if (!isObject(value) || !('item_id' in value)) {
        ctx.problem(line, 'not an AgentGym-RL entry: needs "item_id", "conversations" and "reward"');
        return;
      }
      const messages = messagesOf(value.conversations);
      if (typeof messages === 'string') return ctx.problem(line, `item ${String(value.item_id)}: ${messages}`);
      if (!isFiniteNumber(value.reward)) return ctx.problem(line, `item ${String(value.item_id)}: "reward" must be a finite number`);
      const read = turnsOf(messages);
      if (typeof read === 'string') return ctx.problem(line, `item ${String(value.item_id)}: ${read}`);
      const { turns, prefix } = read;
      const reward = value.reward;
      const { env, from } = envOf(value.item_id, pathEnv, prefix > 0 ? messages[0].content : messages[0].content.slice(0, 400));
      sources.set(from, (sources.get(from) ?? 0) + 1);
      envs.add(env);
      const last = messages[messages.length - 1];
      const success = agentgymEnvRule(env).success(reward, last.role === 'user' && messages.length > prefix + 2 ? last.content : null);
      if (typeof value.success === 'number' || typeof value.success === 'boolean') {
        if (Boolean(value.success) !== success) fileSuccessDisagrees++;
      }
      turns[turns.length - 1].reward = reward;
      turns[turns.length - 1].done = true;
      if (value.item_id !== lastItem || groupId === '') {
        const base = `agentgym-rl:${step ?? (batch !== undefined ? `eval${batch}` : '?')}:${rank}:${String(value.item_id)}`;
        const repeat = seen.get(base) ?? 0;
        seen.set(base, repeat + 1);
        if (repeat > 0) reruns++;
        groupId = repeat === 0 ? base : `${base}#${repeat}`;
        lastItem = value.item_id;
        member = 0;
      }
      sizes.set(groupId, member + 1);
      const record: RolloutTrajectoryV1 = {
        schema: 'rollouts.v1',
        source: { framework: 'agentgym-rl', ...(ctx.fileName ? { file: ctx.fileName } : {}) },
        env: { name: env },
        task: { task_id: `${env}:${String(value.item_id).replace(/^.*_(\d+)$/, '$1')}`, instruction: taskOf(turns[0].observation) },
        ...(step !== undefined ? { train_step: step } : {}),
        group_id: groupId,
        traj_id: `${groupId}:${member}`,
        sample_index: member,
        turns,
        outcome: { success, episode_reward: reward, num_turns: turns.length, ...(env !== 'alfworld' ? { score: reward } : {}) },
      };
      member++;
      emitChecked(ctx, record, line);
    },
    finish() {
      envNotes(sources, envs, ctx);
      if (fileSuccessDisagrees > 0) ctx.note(`${fileSuccessDisagrees} items: the file's own "success" (AgentGym writes reward == 1) differs from the environment's rule; the rule is used`);
      if (reruns > 0) {
        const why = batch !== undefined ? ": AgentGym-RL's evaluation pads a batch with re-runs of its first items (main_generation.py), and the log keeps them" : '';
        ctx.note(`${reruns} item_id runs appear again later in the file; each is kept as its own group (id suffix #k)${why}`);
      }
      const singles = [...sizes.values()].filter((n) => n === 1).length;
      if (singles > 0 && singles === sizes.size) {
        ctx.note(`every item is a group of one (an evaluation run, one sample per item): a group of one has no relative advantage, so its estimator values are not a comparison (GRPO's singleton rule gives R/(1 + ε))`);
      }
    },
    groups: () => [...seen.values()].reduce((a, b) => a + b, 0),
  };
}

export const agentgymRlFormat: ImportAdapter = {
  id: 'agentgym-rl',
  label: 'AgentGym-RL rollout log',
  framework: 'agentgym-rl',
  description: 'AgentGym-RL step{N}/{rank}.json: a JSON array of {item_id, conversations, reward}',
  detect: ({ value }: FormatSample) => isObject(value) && 'item_id' in value && Array.isArray(value.conversations) && 'reward' in value,
  open,
};
