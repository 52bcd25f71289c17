/**
 * RAGEN's own validation dump (`trainer.validation_data_dir`): verl's `_dump_generations`
 * (RAGEN's verl submodule) called from `RayAgentTrainer._validate` (RAGEN
 * `ragen/trainer/agent_trainer.py`) writes `{global_step}.jsonl`, one
 * `{"input": "", "output": …, "score": …, "step": N, "reward": …}` line per env. `input` is always
 * empty; `output` is `decode(input_ids[:, 1:], skip_special_tokens=True)` of the whole chat that
 * `ContextManager.get_lm_inputs(prepare_for_update=True)` (`ragen/llm_agent/ctx_manager.py`) built:
 *
 *   system "You're a helpful assistant. " · user "{env instruction}\nTurn 1:\nState:\n{state}\nYou have
 *   {n} actions left. Always output: <think> … </answer> with no extra text. Strictly follow this
 *   format. Max response length: {m} words (tokens).\n" · assistant "{reply 1}" · user
 *   "Reward:\n{r_1}\n\nTurn 2:\nState:\n…" · … · assistant "{reply T}"
 *
 * The special tokens are gone, so the role names are left as bare `assistant` / `user` lines; the
 * turns are found by RAGEN's own `Turn {k}:\nState:\n` markers, and the reply is what sits between
 * the instruction line and the next `Reward:` message, role lines removed.
 *
 * - r_t for t < T are in the text; the last reward is not written (prepare_for_update drops it):
 *   r_T = score − Σ r_t, which also holds RAGEN's format penalty (−0.1 per unparsed reply).
 * - `action` = the first of the `||`-separated actions in `<answer>`; `info.actions` lists all;
 *   `format_valid` = the reply is RAGEN's normalised `<think>…</think><answer>…</answer>` form.
 * - Group = rows of one step with the same instruction and first state (the env copies of a group
 *   share a seed). No success flag: success = r_T > 0 (the declared rule, in the notes). The env
 *   tag is not written: env.name comes from the instruction's own wording (`ragenEnvName`).
 */
import { isObject, type RolloutTrajectoryV1, type RolloutTurnV1 } from '../../rollouts-v1';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { emitChecked, fnv1a, isFiniteNumber, roundReward } from './common';
import { isVerlRow } from './verl-link';

const TURN_MARKER = /\nTurn (\d+):\nState:\n/g;
const INSTRUCTION_END = /\nYou have (\d+) actions left\. Always output: [^\n]*?Strictly follow this format\.(?: Max response length: \d+ words \(tokens\)\.)?\n/;
const REWARD_TAIL = /\n?user\n+Reward:\n(\S+)\n\s*$/;
const NORMALISED = /^(?:<think>[\s\S]*?<\/think>)?<answer>([\s\S]*?)<\/answer>$/;

export const isRagenConversation = (output: string): boolean => /(?:^|\n)Turn 1:\nState:\n/.test(output);

interface ParsedTurn {
  state: string;
  actionsLeft: number;
  response: string;
  reward: number | null;
}

function replyOf(tail: string): string {
  return tail.trim().replace(/^assistant\n+/, '').replace(/\n+user$/, '').trim();
}

/** Splits RAGEN's decoded conversation into its instruction and turns; null when a turn does not parse. */
export function parseRagenConversation(output: string): { instruction: string; turns: ParsedTurn[] } | null {
  const marks = [...output.matchAll(TURN_MARKER)];
  if (marks.length === 0 || marks.some((m, i) => Number(m[1]) !== i + 1)) return null;
  const prefix = output.slice(0, marks[0].index);
  const userAt = prefix.search(/(?:^|\n)user\n/);
  const instruction = (userAt < 0 ? prefix : prefix.slice(userAt).replace(/^\n?user\n+/, '')).trim();
  const turns: ParsedTurn[] = [];
  for (let i = 0; i < marks.length; i++) {
    const start = marks[i].index + marks[i][0].length;
    const segment = output.slice(start, i + 1 < marks.length ? marks[i + 1].index : undefined);
    const end = INSTRUCTION_END.exec(segment);
    if (!end) return null;
    let tail = segment.slice(end.index + end[0].length);
    let reward: number | null = null;
    const r = REWARD_TAIL.exec(tail);
    if (r && i + 1 < marks.length) {
      reward = Number(r[1]);
      tail = tail.slice(0, r.index);
    }
    if (i + 1 < marks.length && (reward === null || !Number.isFinite(reward))) return null;
    turns.push({ state: segment.slice(0, end.index), actionsLeft: Number(end[1]), response: replyOf(tail), reward });
  }
  return { instruction, turns };
}

/**
 * The env from RAGEN's own instruction texts (`config/envs.yaml`): "You are solving the {Env}
 * puzzle", "…an online shop", "…Math problems"; "ragen" when none fits (the bandits' is empty).
 */
export function ragenEnvName(instruction: string): string {
  const puzzle = /You are solving the (\w+) puzzle/.exec(instruction);
  if (puzzle) return puzzle[1].toLowerCase();
  if (instruction.includes('online shop')) return 'webshop';
  if (instruction.includes('You are solving Math problems')) return 'metamathqa';
  return 'ragen';
}

function turnsOf(parsed: ParsedTurn[], score: number): RolloutTurnV1[] {
  const shown = parsed.reduce((sum, p) => sum + (p.reward ?? 0), 0);
  return parsed.map((p, t) => {
    const normalised = NORMALISED.exec(p.response);
    const actions = normalised ? normalised[1].split('||').map((a) => a.trim()).filter((a) => a !== '') : [];
    const last = t === parsed.length - 1;
    const turn: RolloutTurnV1 = {
      t,
      observation: p.state,
      response: p.response,
      action: actions[0] ?? null,
      format_valid: normalised !== null,
      reward: last ? roundReward(score - shown) : p.reward!,
      done: last,
      info: { actions, actions_left: p.actionsLeft },
    };
    if (!last) turn.feedback = parsed[t + 1].state;
    return turn;
  });
}

function open(ctx: AdapterContext): AdapterSession {
  const members = new Map<string, number>();
  return {
    item(value, line) {
      if (!isVerlRow(value) || !isRagenConversation(value.output)) return ctx.problem(line, 'not a RAGEN validation row: needs "output" holding the conversation ("Turn 1:\\nState:\\n…") and a number "score"');
      const parsed = parseRagenConversation(value.output);
      if (parsed === null) return ctx.problem(line, 'the conversation\'s "Turn k:" blocks do not follow RAGEN\'s template (turn numbers, instruction line or "Reward:" message); left out');
      const v = value as unknown as Record<string, unknown>;
      const step = isFiniteNumber(v.step) && Number.isInteger(v.step) && v.step >= 0 ? v.step : undefined;
      const key = `${step ?? '?'}\u0001${parsed.instruction}\u0001${parsed.turns[0].state}`;
      const groupId = `ragen:${step ?? '?'}:${fnv1a(key)}`;
      const index = members.get(groupId) ?? 0;
      members.set(groupId, index + 1);
      const turns = turnsOf(parsed.turns, value.score);
      const lastReward = turns[turns.length - 1].reward;
      const record: RolloutTrajectoryV1 = {
        schema: 'rollouts.v1',
        source: { framework: 'ragen', ...(ctx.fileName ? { file: ctx.fileName } : {}) },
        env: { name: ragenEnvName(parsed.instruction) },
        task: { task_id: `ragen:${fnv1a(`${parsed.instruction}\u0001${parsed.turns[0].state}`)}`, instruction: parsed.instruction },
        ...(step !== undefined ? { train_step: step } : {}),
        group_id: groupId,
        traj_id: `${groupId}:${index}`,
        sample_index: index,
        turns,
        outcome: { success: lastReward > 0, episode_reward: value.score, score: value.score, num_turns: turns.length },
      };
      emitChecked(ctx, record, line);
    },
    finish() {
      ctx.note('RAGEN validation dump: turns split at RAGEN\'s "Turn k:" markers; the last turn\'s reward is not in the text, so it is score − the rewards shown (RAGEN\'s format penalty included)');
      ctx.note('no success flag in the dump: success = the last turn\'s reward > 0; the env tag and env id are not written (env.name is read from the instruction text, else "ragen")');
      ctx.note('groups = rows of one step with the same instruction and first state; no token counts: L is the BPE estimate (tokens.ts)');
    },
    groups: () => members.size,
  };
}

export const ragenValFormat: ImportAdapter = {
  id: 'ragen-val',
  label: 'RAGEN validation dump',
  framework: 'ragen',
  description: 'RAGEN validation_data_dir JSON Lines: verl-style {input: "", output: the whole conversation, score, step, reward} rows, one per env',
  detect: ({ value, layout }: FormatSample) => layout === 'lines' && isVerlRow(value) && isObject(value) && isRagenConversation(value.output),
  open,
};
