/**
 * verl-agent dumps that carry the group and trajectory ids: the stock `{input, output, score, step}`
 * rows plus `uid` (group) and `traj_uid` (trajectory), as written by a patched `_dump_generations`
 * (environments reference §4.1 (b)). Optional keys are read when present:
 *
 *   is_action_valid → turns[].format_valid      rewards        → turns[].reward (that step's env reward)
 *   response_length / response_tokens → L_{i,t} episode_rewards → outcome.episode_reward
 *   prompt_length / prompt_tokens → prompt_tokens anchor_obs     → turns[].observation
 *
 * Turns are ordered by the prompt's step count ("Prior to this step, you have already taken k
 * step(s)"), else by a `step_index` key, else in file order. Padding copies (same traj_uid and
 * turn index) are dropped.
 */
import { isObject, type RolloutTurnV1 } from '../../rollouts-v1';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { emitChecked, isFiniteNumber, roundReward } from './common';
import { verlRecord } from './verl-agent';
import { isVerlRow, makeVerlRow, type VerlRow } from './verl-link';

interface UidRow {
  row: VerlRow;
  value: Record<string, unknown>;
  order: number;
}

const ids = (x: unknown): x is { uid: unknown; traj_uid: unknown } => isObject(x) && x.uid !== undefined && x.traj_uid !== undefined;

function num(value: Record<string, unknown>, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const v = value[key];
    if (isFiniteNumber(v)) return v;
    if (typeof v === 'boolean') return v ? 1 : 0;
  }
  return undefined;
}

function patchTurn(turn: RolloutTurnV1, value: Record<string, unknown>): void {
  const valid = num(value, 'is_action_valid');
  if (valid !== undefined) {
    turn.format_valid = valid > 0;
    if (turn.format_valid) delete turn.penalty;
  }
  const reward = num(value, 'rewards', 'reward');
  if (reward !== undefined) turn.reward = reward;
  const tokens = num(value, 'response_length', 'response_tokens');
  if (tokens !== undefined && Number.isInteger(tokens) && tokens >= 0) turn.response_tokens = tokens;
  const promptTokens = num(value, 'prompt_length', 'prompt_tokens');
  if (promptTokens !== undefined && Number.isInteger(promptTokens) && promptTokens >= 0) turn.prompt_tokens = promptTokens;
  if (typeof value.anchor_obs === 'string') turn.observation = value.anchor_obs;
}

function open(ctx: AdapterContext): AdapterSession {
  const trajectories = new Map<string, { uid: string; rows: UidRow[] }>();
  const groupIds = new Set<string>();
  let dropped = 0;
  let n = 0;
  return {
    item(value, line) {
      if (!isVerlRow(value) || !ids(value)) {
        ctx.problem(line, 'not a verl-agent row with ids: needs string "input" and "output", a number "score", "uid" and "traj_uid"');
        return;
      }
      const v = value as unknown as Record<string, unknown>;
      const uid = String(v.uid);
      const trajUid = String(v.traj_uid);
      const row = makeVerlRow(value, line);
      const order = row.prompt.stepCount > 0 || row.prompt.task !== null ? row.prompt.stepCount : (num(v, 'step_index') ?? n);
      n++;
      let traj = trajectories.get(trajUid);
      if (!traj) {
        traj = { uid, rows: [] };
        trajectories.set(trajUid, traj);
      } else if (traj.uid !== uid) {
        ctx.problem(line, `traj_uid "${trajUid}" appeared before with uid "${traj.uid}", here with "${uid}"; left out`);
        return;
      }
      if (traj.rows.some((r) => r.order === order)) {
        dropped++;
        return;
      }
      groupIds.add(uid);
      traj.rows.push({ row, value: v, order });
    },
    finish() {
      if (dropped > 0) ctx.note(`${dropped} repeated turn-samples dropped (same traj_uid and turn; verl-agent pads the batch with copies)`);
      const sizes = new Map<string, number>();
      for (const [trajUid, traj] of trajectories) {
        traj.rows.sort((a, b) => a.order - b.order);
        const path = traj.rows.map((r) => r.row);
        const index = sizes.get(traj.uid) ?? 0;
        sizes.set(traj.uid, index + 1);
        const record = verlRecord(path, { groupId: traj.uid, trajId: trajUid, sampleIndex: index, framework: 'verl-agent', file: ctx.fileName });
        traj.rows.forEach((r, t) => patchTurn(record.turns[t], r.value));
        const last = traj.rows[traj.rows.length - 1].value;
        const episode = num(last, 'episode_rewards', 'episode_reward');
        if (episode !== undefined) {
          record.outcome.episode_reward = roundReward(episode);
          record.outcome.success = episode >= 10 - 1e-6 || num(last, 'won', 'success') === 1;
        }
        if (num(last, 'rewards', 'reward') === undefined) record.turns[record.turns.length - 1].reward = record.outcome.episode_reward;
        const gaps = traj.rows.some((r, t) => r.row.prompt.task !== null && r.order !== t);
        if (gaps) ctx.problem(traj.rows[0].row.line, `traj_uid "${trajUid}": turns ${traj.rows.map((r) => r.order).join(', ')} (some are missing); kept as logged`);
        emitChecked(ctx, record, traj.rows[0].row.line);
      }
    },
    groups: () => groupIds.size,
  };
}

export const verlAgentUidFormat: ImportAdapter = {
  id: 'verl-agent-uid',
  label: 'verl-agent dump with uid / traj_uid',
  framework: 'verl-agent',
  description: 'verl-agent rollout dump rows that also carry uid (group) and traj_uid (trajectory), e.g. from a patched _dump_generations',
  detect: ({ value, layout }: FormatSample) => layout === 'lines' && isVerlRow(value) && ids(value),
  open,
};
