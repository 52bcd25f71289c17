/**
 * RAGEN rollout caches (environments reference §4.1, §4.1b; RAGEN `llm_agent/es_manager.py`).
 * RAGEN keeps them in memory (`EnvStateManager.get_rollout_states()`); this reads a serialised
 * cache: a JSON array (or JSON Lines) of
 *   `{env_id, group_id, tag, penalty, history: [{state, actions_left, actions, reward, info,
 *     llm_response, llm_raw_response}, …, {state, actions_left, metrics}], metrics: {"{tag}/success", …}}`.
 *
 * - Turn t = history entry t that has a response; the last entry (the final state) is the
 *   feedback of the last turn. Several actions may be taken in one turn: `action` is the first,
 *   `info.actions` lists all.
 * - Group = (tag, group_id): the env copies of one group share a seed. Optional `step` /
 *   `train_step` keys give the training step.
 * - R(τ) = Σ turn rewards; RAGEN's format penalty (−0.1 per unparsed reply, summed in `penalty`)
 *   is kept as `outcome.penalty`. success = metrics["{tag}/success"] (else the last info.success).
 * - No token counts: L is estimated.
 */
import { isObject, type RolloutTrajectoryV1, type RolloutTurnV1 } from '../../rollouts-v1';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { emitChecked, envNameOf, isFiniteNumber } from './common';

const text = (x: unknown): string => (typeof x === 'string' ? x : x === undefined ? '' : JSON.stringify(x));

function flag(x: unknown): boolean | undefined {
  if (typeof x === 'boolean') return x;
  if (isFiniteNumber(x)) return x > 0;
  return undefined;
}

function turnsOf(history: unknown[]): RolloutTurnV1[] {
  const turns: RolloutTurnV1[] = [];
  history.forEach((entry, i) => {
    if (!isObject(entry) || (entry.llm_raw_response === undefined && entry.llm_response === undefined && entry.actions === undefined)) return;
    const actions = Array.isArray(entry.actions) ? entry.actions.map(text) : [];
    const info = isObject(entry.info) ? entry.info : {};
    const next = history[i + 1];
    const turn: RolloutTurnV1 = {
      t: turns.length,
      observation: text(entry.state),
      response: text(entry.llm_raw_response ?? entry.llm_response),
      action: actions[0] ?? null,
      reward: isFiniteNumber(entry.reward) ? entry.reward : 0,
      done: false,
      info: { actions, ...info },
    };
    const valid = flag(info.action_is_valid);
    if (valid !== undefined) turn.format_valid = valid;
    if (isObject(next) && next.state !== undefined) turn.feedback = text(next.state);
    turns.push(turn);
  });
  if (turns.length > 0) turns[turns.length - 1].done = true;
  return turns;
}

function open(ctx: AdapterContext): AdapterSession {
  const groups = new Set<string>();
  const members = new Map<string, number>();
  return {
    item(value, line) {
      if (!isObject(value) || !Array.isArray(value.history)) {
        ctx.problem(line, 'not a RAGEN rollout-cache entry: needs "history" (a list) with "env_id" and "group_id"');
        return;
      }
      const tag = typeof value.tag === 'string' ? value.tag : 'ragen';
      const step = [value.train_step, value.step].find((s) => isFiniteNumber(s) && Number.isInteger(s) && s >= 0) as number | undefined;
      const turns = turnsOf(value.history);
      if (turns.length === 0) return ctx.problem(line, `env ${text(value.env_id)}: the history has no turn with a response`);
      const groupId = `ragen:${step ?? '?'}:${tag}:${text(value.group_id)}`;
      groups.add(groupId);
      const index = members.get(groupId) ?? 0;
      members.set(groupId, index + 1);
      const metrics = isObject(value.metrics) ? value.metrics : {};
      const lastEntry = value.history[value.history.length - 1];
      const lastInfo = turns[turns.length - 1].info ?? {};
      const success = flag(metrics[`${tag}/success`]) ?? flag(lastInfo.success) ?? (isObject(lastEntry) ? flag((lastEntry.info as Record<string, unknown> | undefined)?.success) : undefined) ?? false;
      const reward = turns.reduce((sum, t) => sum + t.reward, 0);
      const env = envNameOf(tag);
      const record: RolloutTrajectoryV1 = {
        schema: 'rollouts.v1',
        source: { framework: 'ragen', ...(ctx.fileName ? { file: ctx.fileName } : {}) },
        env: { name: env },
        task: { task_id: `${tag}:${text(value.group_id)}` },
        ...(step !== undefined ? { train_step: step } : {}),
        group_id: groupId,
        traj_id: `ragen:${step ?? '?'}:${tag}:env${text(value.env_id)}`,
        sample_index: index,
        turns,
        outcome: {
          success,
          episode_reward: reward,
          num_turns: turns.length,
          ...(isFiniteNumber(value.penalty) ? { penalty: value.penalty } : {}),
          ...(success ? { terminated_by: 'success' } : {}),
        },
        ...(Object.keys(metrics).length > 0 ? { ragen_metrics: metrics } : {}),
      };
      emitChecked(ctx, record, line);
    },
    finish: () => undefined,
    groups: () => groups.size,
  };
}

export const ragenCacheFormat: ImportAdapter = {
  id: 'ragen-cache',
  label: 'RAGEN rollout cache',
  framework: 'ragen',
  description: 'a serialised RAGEN rollout cache: a JSON array (or JSON Lines) of {env_id, group_id, tag, history, metrics}',
  detect: ({ value }: FormatSample) => isObject(value) && Array.isArray(value.history) && ('env_id' in value || 'group_id' in value),
  open,
};
