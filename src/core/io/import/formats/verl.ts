/**
 * Plain verl `trainer.rollout_data_dir` (and `validation_data_dir`) dumps: `{dir}/{global_step}.jsonl`,
 * written by `RayPPOTrainer._dump_generations` (verl `verl/trainer/ppo/ray_trainer.py`) as one
 * `json.dumps({input, output, gts, score, step, ...reward extras}, ensure_ascii=False)` line per
 * response. `input`/`output` are the decoded prompt and response (`skip_special_tokens=True`),
 * `score` is `token_level_scores.sum(-1)`, `gts` is `reward_model.ground_truth` (absent in verl
 * versions before it was added), and every `reward_extra_infos_dict` key whose list has one value
 * per row is added (the validation dump always has `reward`; `compute_score` functions that
 * return a dict add their keys, e.g. `acc`, `pred`).
 *
 * Reconstruction (nothing about groups is written; `uid` is not dumped):
 * - Group = the rows of one step with the same `input`: the trainer repeats each prompt
 *   `rollout.n` times (`repeat(interleave=True)`), so this is GRPO's group of n responses. Two
 *   dataset entries with the same prompt in one batch merge into one group (they cannot be told
 *   apart). `balance_batch` reorders rows, so members need not be adjacent.
 * - Every row is a member: byte-identical rows (two responses written the same way) stay distinct.
 *   The training dump has no padding rows (only validation batches are padded, and they are
 *   unpadded before the dump), so nothing is dropped.
 * - T = 1. An agent-loop row holds the whole multi-turn exchange in `output`, but the chat
 *   template's turn markers (`<|im_start|>`, `<|im_end|>`) are special tokens that the decode
 *   removed, so it stays one turn; its `<tool_call>` count is kept in `turns[0].info.tool_calls`.
 * - R = `score`, on the one turn. Success: verl writes no flag. An `acc` extra (bool or number)
 *   is used when present; otherwise success = score > 0 and score ≥ the highest score in the file.
 * - Kept fields: the prompt as decoded → `turns[0].observation`, its last user message →
 *   `task.instruction`; `gts` → `task.ground_truth`; the reward extras →
 *   `turns[0].info.reward_extra`; a `data_source` extra → `env.name` (else "verl").
 */
import type { RolloutTrajectoryV1 } from '../../rollouts-v1';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { emitChecked, fnv1a, isFiniteNumber } from './common';
import { isVerlRow } from './verl-link';

const BASE_KEYS = new Set(['input', 'output', 'score', 'step', 'gts']);
const TOOL_CALL = '<tool_call>';

interface PlainRow {
  line: number;
  input: string;
  output: string;
  score: number;
  step: number | undefined;
  gts: unknown;
  extra: Record<string, unknown>;
}

/** The global step from a `{global_step}.jsonl` file name (verl's own naming), if it is one. */
export function stepFromFileName(fileName: string | undefined): number | undefined {
  const m = fileName ? /(?:^|[/\\])(\d+)\.jsonl(?:\.gz)?$/.exec(fileName) : null;
  return m ? Number(m[1]) : undefined;
}

const countOf = (text: string, needle: string): number => text.split(needle).length - 1;

/**
 * The last user message of a prompt decoded through a ChatML template without special tokens
 * (`system\n…\nuser\n{question}\nassistant\n`), for `task.instruction`; the whole prompt otherwise.
 */
export function questionOf(input: string): string {
  if (!input.endsWith('\nassistant\n')) return input;
  const at = input.lastIndexOf('\nuser\n');
  const start = at >= 0 ? at + '\nuser\n'.length : input.startsWith('user\n') ? 'user\n'.length : -1;
  return start < 0 ? input : input.slice(start, -'\nassistant\n'.length);
}

/** success from an `acc` reward extra, when it is a flag or a number. */
function accFlag(extra: Record<string, unknown>): boolean | undefined {
  const acc = extra.acc;
  if (typeof acc === 'boolean') return acc;
  if (isFiniteNumber(acc)) return acc > 0;
  return undefined;
}

function recordOf(row: PlainRow, ids: { groupId: string; index: number; success: boolean; file?: string }): RolloutTrajectoryV1 {
  const source = typeof row.extra.data_source === 'string' ? row.extra.data_source : 'verl';
  const toolCalls = countOf(row.output, TOOL_CALL);
  const info: Record<string, unknown> = { line: row.line, score: row.score };
  if (Object.keys(row.extra).length > 0) info.reward_extra = row.extra;
  if (toolCalls > 0) info.tool_calls = toolCalls;
  return {
    schema: 'rollouts.v1',
    source: { framework: 'verl', ...(ids.file ? { file: ids.file } : {}) },
    env: { name: source },
    task: { task_id: `verl:${fnv1a(row.input)}`, instruction: questionOf(row.input), ...(row.gts !== undefined && row.gts !== null ? { ground_truth: row.gts } : {}) },
    ...(row.step !== undefined ? { train_step: row.step } : {}),
    group_id: ids.groupId,
    traj_id: `${ids.groupId}:${ids.index}`,
    sample_index: ids.index,
    turns: [{ t: 0, observation: row.input, response: row.output, action: null, reward: row.score, done: true, info }],
    outcome: { success: ids.success, episode_reward: row.score, score: row.score, num_turns: 1 },
  };
}

function notesOf(ctx: AdapterContext, rows: readonly PlainRow[], maxScore: number, identical: number, fileStep: number | undefined): void {
  const byAcc = rows.filter((r) => accFlag(r.extra) !== undefined).length;
  if (byAcc === rows.length) ctx.note('success = the "acc" reward extra of each row (verl writes no success flag)');
  else ctx.note(`verl writes no success flag: success = score > 0 and score ≥ ${maxScore} (the highest score in this file)${byAcc > 0 ? `, except ${byAcc} rows that carry an "acc" extra` : ''}`);
  ctx.note('groups = rows of one step with the same prompt (GRPO\'s n responses; verl does not write the group uid): two dataset entries with the same prompt merge');
  if (identical > 0) ctx.note(`${identical} rows are byte-identical to another row of their group; kept as distinct members (verl's training dump has no padding rows)`);
  const agentLoop = rows.filter((r) => r.output.includes(TOOL_CALL)).length;
  if (agentLoop > 0) ctx.note(`${agentLoop} rows hold an agent-loop exchange with tool calls; each is one turn (the decode removed the chat template's turn markers)`);
  if (rows.some((r) => r.step === undefined)) ctx.note(fileStep === undefined ? 'no "step" in the rows and no {step}.jsonl file name: the training step is unknown' : `"step" missing in some rows: read ${fileStep} from the file name`);
  ctx.note('no token counts in the dump: L is the BPE estimate (tokens.ts)');
}

function open(ctx: AdapterContext): AdapterSession {
  const rows: PlainRow[] = [];
  const groups = new Map<string, PlainRow[]>();
  const fileStep = stepFromFileName(ctx.fileName);
  const keyOf = (r: PlainRow) => `${r.step ?? '?'}\u0001${r.input}`;
  return {
    item(value, line) {
      if (!isVerlRow(value)) {
        ctx.problem(line, 'not a verl dump row: needs string "input" and "output" and a number "score"');
        return;
      }
      const v = value as unknown as Record<string, unknown>;
      const extra: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) if (!BASE_KEYS.has(k)) extra[k] = x;
      const step = isFiniteNumber(v.step) && Number.isInteger(v.step) && v.step >= 0 ? v.step : fileStep;
      const row: PlainRow = { line, input: value.input, output: value.output, score: value.score, step, gts: v.gts, extra };
      rows.push(row);
      const key = keyOf(row);
      const members = groups.get(key);
      if (members) members.push(row);
      else groups.set(key, [row]);
    },
    finish() {
      if (rows.length === 0) return;
      const maxScore = rows.reduce((m, r) => Math.max(m, r.score), -Infinity);
      let identical = 0;
      for (const [key, members] of groups) {
        const groupId = `verl:${members[0].step ?? '?'}:${fnv1a(key)}`;
        const seen = new Set<string>();
        members.forEach((row, index) => {
          const body = `${row.output}\u0001${row.score}`;
          if (seen.has(body)) identical++;
          seen.add(body);
          const success = accFlag(row.extra) ?? (row.score > 0 && row.score >= maxScore - 1e-9);
          emitChecked(ctx, recordOf(row, { groupId, index, success, file: ctx.fileName }), row.line);
        });
      }
      notesOf(ctx, rows, maxScore, identical, fileStep);
    },
    groups: () => groups.size,
  };
}

export const verlFormat: ImportAdapter = {
  id: 'verl',
  label: 'verl rollout_data_dir dump',
  framework: 'verl',
  description: 'verl trainer.rollout_data_dir / validation_data_dir JSON Lines: one {input, output, gts, score, step, ...reward extras} row per response',
  detect: ({ value, layout }: FormatSample) => layout === 'lines' && isVerlRow(value), // after verl-agent and RAGEN in the registry
  open,
};
