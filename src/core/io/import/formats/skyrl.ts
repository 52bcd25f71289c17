/**
 * SkyRL evaluation dumps: `{export_path}/dumped_evals/global_step_{N}_evals/{data_source}.jsonl`
 * (or `eval_only/`), written by `dump_per_dataset_eval_results` (SkyRL
 * `skyrl/train/utils/trainer_utils.py`) as one
 * `{input_prompt, output_response, score, stop_reason, env_class, env_extras, data_source}` line per
 * sample. `input_prompt` / `output_response` are `tokenizer.decode(ids)` WITHOUT
 * `skip_special_tokens`, so the chat template's markers are still in the text; `score` is the
 * generator's reward: a number, or a list of per-token rewards.
 *
 * - Group = the rows with the same `input_prompt` (the `eval_n_samples_per_prompt` samples).
 * - Turns: a response with ChatML markers is split at them (chatml.ts): each assistant reply is a
 *   turn, the user/tool messages after it its feedback and the next turn's observation; a closing
 *   `<|im_end|>` is dropped. Without markers (another template) the response is one turn. Turn 0's
 *   observation is the prompt's last user message.
 * - R = score (per-token rewards summed), on the last turn. Success = SkyRL's own pass rule: the
 *   score (per-token: the last token's reward) > 0.
 * - env.name = `env_class`, else `data_source`, else the file name; the step from the
 *   `global_step_{N}_evals` folder. `env_extras` → `task.env_extras` (ground truth sits there),
 *   `stop_reason` → `outcome.terminated_by`, `data_source` → `task.data_source`.
 */
import { isObject, type RolloutTrajectoryV1, type RolloutTurnV1 } from '../../rollouts-v1';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { lastUserMessage, splitChatml } from './chatml';
import { emitChecked, fnv1a, isFiniteNumber, roundReward } from './common';

interface SkyrlRow {
  input_prompt: string;
  output_response: string;
  score?: unknown;
  stop_reason?: unknown;
  env_class?: unknown;
  env_extras?: unknown;
  data_source?: unknown;
}

const isSkyrlRow = (x: unknown): x is SkyrlRow => isObject(x) && typeof x.input_prompt === 'string' && typeof x.output_response === 'string';

/** The eval's global step from `global_step_{N}_evals` in the path. */
export const skyrlStep = (fileName: string | undefined): number | undefined => {
  const m = fileName ? /global_step_(\d+)_evals/.exec(fileName) : null;
  return m ? Number(m[1]) : undefined;
};

/** R and the value SkyRL's pass rule reads (the last token's reward for per-token scores). */
function rewardOf(score: unknown): { reward: number; last: number; perToken: boolean } | null {
  if (isFiniteNumber(score)) return { reward: score, last: score, perToken: false };
  if (Array.isArray(score) && score.length > 0 && score.every(isFiniteNumber)) {
    return { reward: roundReward(score.reduce((a, b) => a + b, 0)), last: score[score.length - 1], perToken: true };
  }
  return null;
}

function turnsOf(row: SkyrlRow, reward: number): RolloutTurnV1[] {
  const parts = splitChatml(row.output_response);
  let observation = lastUserMessage(row.input_prompt);
  return parts.map((part, t) => {
    const last = t === parts.length - 1;
    const turn: RolloutTurnV1 = { t, observation, response: part.response, action: null, reward: last ? reward : 0, done: last };
    if (part.feedback !== null) turn.feedback = part.feedback;
    observation = part.feedback ?? '';
    return turn;
  });
}

const baseName = (fileName: string | undefined): string | undefined => fileName?.split(/[/\\]/).pop()?.replace(/\.jsonl(\.gz)?$/, '');

function open(ctx: AdapterContext): AdapterSession {
  const step = skyrlStep(ctx.fileName);
  const members = new Map<string, number>();
  let perToken = 0;
  let multiTurn = 0;
  return {
    item(value, line) {
      if (!isSkyrlRow(value)) return ctx.problem(line, 'not a SkyRL eval row: needs string "input_prompt" and "output_response"');
      const score = rewardOf(value.score);
      if (score === null) return ctx.problem(line, `"score" must be a number or a list of per-token numbers, got ${JSON.stringify(value.score)}`);
      if (score.perToken) perToken++;
      const env = [value.env_class, value.data_source, baseName(ctx.fileName)].find((x): x is string => typeof x === 'string' && x !== '') ?? 'skyrl';
      const key = `${env}\u0001${value.input_prompt}`;
      const groupId = `skyrl:${step ?? '?'}:${fnv1a(key)}`;
      const index = members.get(groupId) ?? 0;
      members.set(groupId, index + 1);
      const turns = turnsOf(value, score.reward);
      if (turns.length > 1) multiTurn++;
      const success = score.last > 0;
      const record: RolloutTrajectoryV1 = {
        schema: 'rollouts.v1',
        source: { framework: 'skyrl', ...(ctx.fileName ? { file: ctx.fileName } : {}) },
        env: { name: env },
        task: {
          task_id: `skyrl:${fnv1a(value.input_prompt)}`,
          instruction: turns[0].observation,
          ...(typeof value.data_source === 'string' ? { data_source: value.data_source } : {}),
          ...(value.env_extras !== undefined && value.env_extras !== null ? { env_extras: value.env_extras } : {}),
        },
        ...(step !== undefined ? { train_step: step } : {}),
        group_id: groupId,
        traj_id: `${groupId}:${index}`,
        sample_index: index,
        turns,
        outcome: { success, episode_reward: score.reward, num_turns: turns.length, ...(typeof value.stop_reason === 'string' ? { terminated_by: value.stop_reason } : {}) },
      };
      emitChecked(ctx, record, line);
    },
    finish() {
      ctx.note('success = score > 0 (SkyRL\'s own pass@n rule; the dump has no success flag)');
      ctx.note('groups = rows with the same input_prompt (the eval\'s samples per prompt; no uid in the dump)');
      if (perToken > 0) ctx.note(`${perToken} rows carry per-token rewards: R is their sum, paid on the last turn (token positions are not in the dump)`);
      if (multiTurn > 0) ctx.note(`${multiTurn} multi-turn rows split at their ChatML markers; per-turn rewards are not in the dump`);
      if (step === undefined) ctx.note('no global_step_{N}_evals folder in the path: the training step is unknown');
      ctx.note('no token counts in the dump: L is the BPE estimate (tokens.ts)');
    },
    groups: () => members.size,
  };
}

export const skyrlEvalsFormat: ImportAdapter = {
  id: 'skyrl-evals',
  label: 'SkyRL dumped evals',
  framework: 'skyrl',
  description: 'SkyRL dumped_evals/global_step_{N}_evals/{data_source}.jsonl: one {input_prompt, output_response, score, stop_reason, env_class, env_extras, data_source} row per sample',
  detect: ({ value, layout }: FormatSample) => layout === 'lines' && isSkyrlRow(value),
  open,
};
