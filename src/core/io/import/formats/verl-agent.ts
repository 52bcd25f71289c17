/**
 * verl-agent's stock `trainer.rollout_data_dir` dump: `{dir}/{global_step}.jsonl`, one
 * `{"input", "output", "score", "step"}` line per turn-sample (environments reference §4.1, §4.1b).
 * No group, trajectory or turn index is written, so they are reconstructed:
 *
 * 1. Identical rows are counted, not dropped: a repeat is a padding copy (verl-agent's
 *    `adjust_batch`) or a member that wrote the same turn; verl-flow.ts tells which from the flow of
 *    trajectories through the rows.
 * 2. Each row's prompt gives its task (where its env's template writes it), its step count k, its current
 *    observation and its last history record `[Observation k: '…', Action k: '…']` (verl-prompt.ts).
 * 3. A row at step k ≥ 1 is linked to the class of rows at step k−1 (same task and training step)
 *    whose observation, projected action, last record and episode reward are what it shows of its
 *    past; failing that, to the best class matching observation and action only (a looser link).
 * 4. Step-0 rows are roots; a group is one (training step, task, first observation). A group is
 *    checked against the step's other groups (verl-agent gives them all `env.rollout.n` members).
 * 5. Where trajectories with different pasts share a class and continue differently, the records
 *    carry `reconstruction: { ambiguous_with, from_turn }` and a note says which turns could belong
 *    to either. Rows whose chain does not reach a step-0 row are problems, with their line numbers.
 *
 * Rewards: R(τ) = the episode reward (10·won), paid on the last turn; a badly formatted turn has
 * `penalty: -0.1`. Token counts are not in the dump: L_{i,t} is estimated (tokens.ts).
 */
import type { RolloutTrajectoryV1, RolloutTurnV1 } from '../../rollouts-v1';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { emitChecked, fnv1a } from './common';
import { alfworldTaskType, isVerlAgentPrompt, VERL_AGENT_WIN_REWARD } from './verl-prompt';
import { reconstructFlows, type FlowResult } from './verl-flow';
import { DuplicateFilter, isVerlRow, makeVerlRow, sep, type VerlRow } from './verl-link';

function turnOf(row: VerlRow, t: number, next: VerlRow | undefined, reward: number): RolloutTurnV1 {
  const turn: RolloutTurnV1 = {
    t,
    observation: row.prompt.observation ?? '',
    prompt: row.input,
    response: row.output,
    action: row.projection.action,
    format_valid: row.projection.valid,
    reward: next ? 0 : reward,
    done: next === undefined,
    info: { line: row.line, score: row.score },
  };
  if (row.prompt.admissible) turn.admissible_actions = row.prompt.admissible;
  if (row.prompt.admissible && row.projection.action !== null) turn.action_admissible = row.prompt.admissible.includes(row.projection.action);
  if (!row.projection.valid) turn.penalty = -0.1;
  if (next?.prompt.observation != null) turn.feedback = next.prompt.observation;
  return turn;
}

export interface VerlTrajectoryIds {
  groupId: string;
  trajId: string;
  sampleIndex: number;
  framework: string;
  file?: string;
}

/** One reconstructed (or uid-labelled) path of rows as a rollouts.v1 record. */
export function verlRecord(path: readonly VerlRow[], ids: VerlTrajectoryIds): RolloutTrajectoryV1 {
  const root = path[0];
  const last = path[path.length - 1];
  const env = root.prompt.env ?? 'unknown';
  const task = root.prompt.task ?? '';
  const reward = last.episodeReward;
  const success = reward >= (root.prompt.env ? VERL_AGENT_WIN_REWARD[root.prompt.env] : 10) - 1e-6;
  const taskType = env === 'alfworld' ? alfworldTaskType(task) : undefined;
  return {
    schema: 'rollouts.v1',
    source: { framework: ids.framework, ...(ids.file ? { file: ids.file } : {}) },
    env: { name: env },
    task: { task_id: `${env}:${fnv1a(`${task}\n${root.prompt.observation ?? ''}`)}`, ...(taskType ? { task_type: taskType } : {}), instruction: task },
    train_step: root.step,
    group_id: ids.groupId,
    traj_id: ids.trajId,
    sample_index: ids.sampleIndex,
    turns: path.map((row, t) => turnOf(row, t, path[t + 1], reward)),
    outcome: { success, episode_reward: reward, num_turns: path.length, ...(success ? { terminated_by: 'success' } : {}) },
  };
}

/** Where the reconstruction could not tell which continuation belongs to which past (docs/rollouts-v1.md). */
export interface ReconstructionNote {
  /** traj_ids of the trajectories whose later turns could be swapped with this one's. */
  ambiguous_with: string[];
  /** The first 0-based turn whose owner is uncertain. */
  from_turn: number;
}

interface GroupCount {
  id: string;
  count: number;
}

function groupsOf(paths: readonly VerlRow[][], fileName: string | undefined): VerlTrajectoryIds[] {
  const groups = new Map<string, GroupCount>();
  const ids = paths.map((path) => {
    const root = path[0];
    const key = `${root.step}${sep}${root.prompt.task}${sep}${root.prompt.observation}`;
    let group = groups.get(key);
    if (!group) {
      group = { id: `verl-agent:${root.step}:${fnv1a(key)}`, count: 0 };
      groups.set(key, group);
    }
    const out = { groupId: group.id, trajId: `${group.id}:${group.count}`, sampleIndex: group.count, framework: 'verl-agent', file: fileName };
    group.count++;
    return out;
  });
  return ids;
}

/** Ambiguities that share a trajectory, merged: one note per set of interchangeable trajectories. */
function mergeAmbiguities(result: FlowResult): Array<{ members: number[]; fromTurn: number }> {
  const root = result.paths.map((_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i])));
  const from = new Map<number, number>();
  for (const a of result.ambiguities) {
    for (const i of a.trajectories) {
      root[find(i)] = find(a.trajectories[0]);
      from.set(i, Math.min(from.get(i) ?? a.fromTurn, a.fromTurn));
    }
  }
  const sets = new Map<number, number[]>();
  for (const i of from.keys()) sets.set(find(i), [...(sets.get(find(i)) ?? []), i]);
  return [...sets.values()].map((members) => ({ members: members.sort((a, b) => a - b), fromTurn: Math.min(...members.map((i) => from.get(i)!)) }));
}

function ambiguityNotes(result: FlowResult, ids: readonly VerlTrajectoryIds[], ctx: AdapterContext): Map<number, ReconstructionNote> {
  const notes = new Map<number, ReconstructionNote>();
  for (const { members, fromTurn } of mergeAmbiguities(result)) {
    const lastTurn = Math.max(...members.map((i) => result.paths[i].length));
    ctx.note(
      `${members.length} trajectories' turns ${fromTurn + 1}–${lastTurn} could belong to either (group ${ids[members[0]].groupId}: they reach the same state with different earlier text): ` +
        'every member\'s R(τ), the group and GRPO\'s outcome advantage (trajectory-level statistics, no per-turn penalty) are the same either way; which T_i and per-turn values go with which earlier turns is a choice',
    );
    for (const i of members) {
      notes.set(i, { ambiguous_with: members.filter((j) => j !== i).map((j) => ids[j].trajId), from_turn: fromTurn });
    }
  }
  return notes;
}

function reportFlow(result: FlowResult, ctx: AdapterContext): void {
  for (const { row, orphan } of result.unplaced) {
    const k = row.prompt.stepCount;
    const why = orphan ? `no row at step ${k - 1} of this task matches its history (Observation ${k} / Action ${k})` : 'its earlier turn could not be placed';
    ctx.problem(row.line, `step ${k} of task "${row.prompt.task}": ${why}; left out`);
  }
  for (const { root, size, n } of result.oddGroups) {
    ctx.problem(root.line, `the group of this step-0 row (task "${root.prompt.task}") was rebuilt with ${size} trajectories where the smallest group of step ${root.step} has ${n} (verl-agent gives every group env.rollout.n)`);
  }
  for (const { row, missing } of result.shortfalls) {
    ctx.problem(row.line, `${missing} more trajectories continue from this step-${row.prompt.stepCount} row than the file holds copies of it; they share its copy`);
  }
  if (result.padding > 0) ctx.note(`${result.padding} repeated rows read as padding and left out (verl-agent's adjust_batch copies random rows to reach a divisible batch)`);
  if (result.repeated > 0) ctx.note(`${result.repeated} repeated rows kept as members that wrote the same turn`);
  if (result.looseLinks > 0) ctx.note(`${result.looseLinks} rows linked without their earlier history record or episode reward agreeing (a weaker link)`);
}

function open(ctx: AdapterContext): AdapterSession {
  const rows: VerlRow[] = [];
  const duplicates = new DuplicateFilter<VerlRow>();
  const tasks = new Set<string>();
  let noHistory = 0;
  return {
    item(value, line) {
      if (!isVerlRow(value)) {
        ctx.problem(line, 'not a verl-agent row: needs string "input" and "output" and a number "score"');
        return;
      }
      const twin = duplicates.find(value);
      if (twin) {
        twin.copies++;
        return;
      }
      const row = makeVerlRow(value, line);
      duplicates.add(value, row);
      if (row.prompt.task === null || row.prompt.observation === null) {
        ctx.problem(line, `the prompt has no ${row.prompt.task === null ? 'task' : 'current observation'} where its verl-agent template (${row.prompt.env ?? 'unknown environment'}) puts it; this row cannot be placed in a trajectory`);
        return;
      }
      if (row.prompt.env === 'gym_cards') noHistory++;
      if (row.prompt.stepCount === 0) tasks.add(`${row.step}${sep}${row.prompt.task}`);
      rows.push(row);
    },
    finish() {
      const result = reconstructFlows(rows);
      reportFlow(result, ctx);
      const ids = groupsOf(result.paths, ctx.fileName);
      const notes = ambiguityNotes(result, ids, ctx);
      result.paths.forEach((path, i) => {
        const record = verlRecord(path, ids[i]);
        const note = notes.get(i);
        emitChecked(ctx, note ? { ...record, reconstruction: note } : record, path[0].line);
      });
      ctx.note('groups and trajectories reconstructed from the task text and the step-count chain (no uid / traj_uid in the file)');
      if (noHistory > 0) ctx.note(`${noHistory} gym_cards rows: their prompts carry no history (the cards are only in the image), so each row is a one-turn trajectory and a group is every row of one step with the same game and formula`);
    },
    groups: () => tasks.size,
  };
}

export const verlAgentFormat: ImportAdapter = {
  id: 'verl-agent',
  label: 'verl-agent rollout_data_dir dump',
  framework: 'verl-agent',
  description: 'verl-agent trainer.rollout_data_dir JSON Lines: one {input, output, score, step} row per turn-sample',
  detect: ({ value, layout }: FormatSample) => layout === 'lines' && isVerlRow(value) && isVerlAgentPrompt(value.input),
  open,
};
