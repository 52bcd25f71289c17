/**
 * verl-agent's stock `trainer.rollout_data_dir` dump: `{dir}/{global_step}.jsonl`, one
 * `{"input", "output", "score", "step"}` line per turn-sample (environments reference §4.1, §4.1b).
 * No group, trajectory or turn index is written, so they are reconstructed:
 *
 * 1. Exact duplicate rows are dropped: the trainer pads the batch with copies of random rows.
 * 2. Each row's prompt gives its task (where its env's template writes it), its step count k, its current
 *    observation and its last history record `[Observation k: '…', Action k: '…']` (verl-prompt.ts).
 * 3. A row at step k ≥ 1 is linked to the row at step k−1 of the same task and training step whose
 *    observation and projected action equal that record. Ties are broken by, in order: the episode
 *    reward (score + 0.1 if the row was badly formatted) agreeing, the record before it agreeing, a
 *    candidate not yet taken, and the nearest candidate above it in the file (a dump is a few
 *    ascending runs of the original, trajectory-major order).
 * 4. Step-0 rows are roots; a group is one (training step, task, first observation). Every leaf is
 *    one trajectory (root → leaf); a row with several successors (identical prefixes whose copies
 *    were dropped as duplicates) is shared by each.
 * 5. Rows whose chain does not reach a step-0 row are problems, with their line numbers.
 *
 * Rewards: R(τ) = the episode reward (10·won), paid on the last turn; a badly formatted turn has
 * `penalty: -0.1`. Token counts are not in the dump: L_{i,t} is estimated (tokens.ts).
 */
import type { RolloutTrajectoryV1, RolloutTurnV1 } from '../../rollouts-v1';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';
import { emitChecked, fnv1a } from './common';
import { alfworldTaskType, isVerlAgentPrompt, VERL_AGENT_WIN_REWARD } from './verl-prompt';
import { assemblePaths, DuplicateFilter, isVerlRow, linkRows, makeVerlRow, sep, type VerlRow } from './verl-link';

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
      if (duplicates.dropped > 0) ctx.note(`${duplicates.dropped} exact duplicate rows dropped (verl-agent pads the batch with copies of random rows)`);
      const orphans = new Set(linkRows(rows));
      const rootOf = new Map<VerlRow, VerlRow>();
      const findRoot = (r: VerlRow): VerlRow => {
        const path: VerlRow[] = [];
        let p: VerlRow = r;
        while (p.parent && !rootOf.has(p)) {
          path.push(p);
          p = p.parent;
        }
        const root = rootOf.get(p) ?? p;
        for (const q of path) rootOf.set(q, root);
        rootOf.set(p, root);
        return root;
      };
      const placed: VerlRow[] = [];
      for (const r of rows) {
        const root = findRoot(r);
        if (root.prompt.stepCount === 0) {
          placed.push(r);
          continue;
        }
        const why = orphans.has(r)
          ? `no row at step ${r.prompt.stepCount - 1} of this task matches its history (Observation ${r.prompt.stepCount} / Action ${r.prompt.stepCount})`
          : `its earlier turn on line ${root.line} could not be placed`;
        ctx.problem(r.line, `step ${r.prompt.stepCount} of task "${r.prompt.task}": ${why}; left out`);
      }
      const { paths, continued, shared } = assemblePaths(placed);
      const groups = new Map<string, { id: string; count: number }>();
      for (const path of paths) {
        const root = path[0];
        const key = `${root.step}${sep}${root.prompt.task}${sep}${root.prompt.observation}`;
        let group = groups.get(key);
        if (!group) {
          group = { id: `verl-agent:${root.step}:${fnv1a(key)}`, count: 0 };
          groups.set(key, group);
        }
        const ids = { groupId: group.id, trajId: `${group.id}:${group.count}`, sampleIndex: group.count, framework: 'verl-agent', file: ctx.fileName };
        emitChecked(ctx, verlRecord(path, ids), root.line);
        group.count++;
      }
      if (continued > 0) ctx.note(`${continued} trajectories continue through a row linked to another trajectory (their own copy was an exact duplicate)`);
      if (shared > 0) ctx.note(`${shared} turn-samples begin several trajectories (identical prefixes); each trajectory holds its own copy`);
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
