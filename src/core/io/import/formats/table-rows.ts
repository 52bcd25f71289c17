/**
 * Rows → rollouts.v1 through a column mapping (the rules are in `../mapping.ts`): the one piece the
 * table readers share. TRL and OpenRLHF build a mapping from their known columns; the user's own
 * mapping (`createImporter({ mapping })`) goes through the same code. Rows are collected and the
 * trajectories emitted at the end, in the order their groups first appear.
 *
 * Each turn keeps the row's reward cells in `info.rewards` and every column the mapping does not
 * read in `info.fields`; a logged advantage column (TRL's `advantage`) becomes the trajectory's
 * `advantages.trajectory` / `per_turn` (the trainer's own advantage).
 */
import { isObject, type RolloutTrajectoryV1, type RolloutTurnV1 } from '../../rollouts-v1';
import { mappedColumns, mappedSuccess, rowReward, type ColumnMapping } from '../mapping';
import { cellNumber, cellText, type Row } from '../rows';
import type { AdapterContext, AdapterSession } from '../types';
import { emitChecked, fnv1a } from './common';

export interface TableReading {
  /** rollouts.v1 `source.framework` and the group id prefix. */
  framework: string;
  /** rollouts.v1 `env.name`. */
  env: string;
  /** A column holding the trainer's logged advantage, kept as `advantages`. */
  advantage?: string;
}

interface Taken {
  row: Row;
  line: number;
  reward: number;
  order: number | string | null;
}

interface Group {
  id: string;
  step: number | undefined;
  prompt: string;
  trajectories: Taken[][];
}

const orderOf = (value: unknown): number | string | null => cellNumber(value) ?? (value === undefined || value === null ? null : cellText(value));

function compareOrder(a: Taken, b: Taken): number {
  if (a.order === b.order) return 0;
  if (a.order === null) return 1;
  if (b.order === null) return -1;
  if (typeof a.order === 'number' && typeof b.order === 'number') return a.order - b.order;
  return String(a.order).localeCompare(String(b.order));
}

export function openTableRows(ctx: AdapterContext, mapping: ColumnMapping, reading: TableReading): AdapterSession {
  const trajectories = new Map<string, Taken[]>();
  const groupKeys = new Set<string>();
  const read = new Set(mappedColumns(mapping));
  if (reading.advantage !== undefined) read.add(reading.advantage);
  const groupColumns = mapping.group.length > 0 ? mapping.group : mapping.prompt !== undefined ? [mapping.prompt] : [];
  const stepOf = (row: Row): number | undefined => {
    const x = mapping.step === undefined ? null : cellNumber(row[mapping.step]);
    return x !== null && Number.isInteger(x) && x >= 0 ? x : undefined;
  };
  /** The group a row (a trajectory's first row) belongs to: its step (when mapped) and its group cells. */
  const groupKey = (row: Row): string => {
    const stepPart = mapping.step !== undefined && !groupColumns.includes(mapping.step) ? [stepOf(row) ?? null] : [];
    return JSON.stringify([...stepPart, ...groupColumns.map((c) => cellText(row[c]))]);
  };
  // The last two segments of the file's path keep ids apart when a folder of tables is read into one file.
  const fileTag = ctx.fileName ? `${ctx.fileName.split(/[\\/]/).slice(-2).join('/')}:` : '';
  let noReward = 0;
  let badStep = 0;
  let rowCount = 0;

  function item(value: unknown, line: number): void {
    if (!isObject(value)) return ctx.problem(line, 'not a table row (an object of column values)');
    const missing = [mapping.response, ...groupColumns].find((c) => !(c in value));
    if (missing !== undefined) return ctx.problem(line, `row has no "${missing}" column`);
    let reward = rowReward(mapping, value);
    if (reward === null) {
      noReward++;
      reward = 0;
    }
    if (mapping.step !== undefined && stepOf(value) === undefined) badStep++;
    // Rows of one trajectory share its cell, within a step and an explicit group; otherwise each row is one.
    const scope = [mapping.step === undefined ? null : cellText(value[mapping.step]), ...mapping.group.map((c) => cellText(value[c]))];
    const key = mapping.trajectory === undefined ? `row${rowCount}` : JSON.stringify([...scope, cellText(value[mapping.trajectory])]);
    rowCount++;
    const rows = trajectories.get(key) ?? [];
    trajectories.set(key, rows);
    rows.push({ row: value, line, reward, order: mapping.turn === undefined ? null : orderOf(value[mapping.turn]) });
    groupKeys.add(groupKey(value));
  }

  function groupsOf(): Group[] {
    const groups = new Map<string, Group>();
    for (const unordered of trajectories.values()) {
      const rows = mapping.turn === undefined ? unordered : [...unordered].sort(compareOrder);
      const key = groupKey(rows[0].row);
      let group = groups.get(key);
      if (!group) {
        const step = stepOf(rows[0].row);
        const prompt = mapping.prompt === undefined ? '' : cellText(rows[0].row[mapping.prompt]);
        group = { id: `${reading.framework}:${fileTag}${step ?? '-'}:${groups.size}`, step, prompt, trajectories: [] };
        groups.set(key, group);
      }
      group.trajectories.push(rows);
    }
    return [...groups.values()];
  }

  function turnOf(taken: Taken, t: number, last: boolean): RolloutTurnV1 {
    const { row } = taken;
    const prompt = mapping.prompt === undefined ? '' : cellText(row[mapping.prompt]);
    const rewards = Object.fromEntries(mapping.reward.columns.map((c) => [c, cellNumber(row[c])]));
    const fields = Object.fromEntries(Object.entries(row).filter(([c]) => !read.has(c)));
    const turn: RolloutTurnV1 = { t, observation: prompt, response: cellText(row[mapping.response]), action: null, reward: taken.reward, done: last };
    if (mapping.prompt !== undefined) turn.prompt = prompt;
    turn.info = { line: taken.line, rewards, ...(Object.keys(fields).length > 0 ? { fields } : {}) };
    return turn;
  }

  function emitGroup(group: Group): void {
    let member = 0;
    for (const rows of group.trajectories) {
      const turns = rows.map((r, t) => turnOf(r, t, t === rows.length - 1));
      const reward = rows.reduce((s, r) => s + r.reward, 0);
      const record: RolloutTrajectoryV1 = {
        schema: 'rollouts.v1',
        source: { framework: reading.framework, ...(ctx.fileName ? { file: ctx.fileName } : {}) },
        env: { name: reading.env },
        task: { task_id: `${reading.framework}:${fnv1a(group.prompt)}`, instruction: group.prompt },
        ...(group.step !== undefined ? { train_step: group.step } : {}),
        group_id: group.id,
        traj_id: `${group.id}:${member}`,
        sample_index: member,
        turns,
        outcome: { success: mappedSuccess(mapping, reward, rows[rows.length - 1].row), episode_reward: reward, num_turns: turns.length },
      };
      const advantages = reading.advantage === undefined ? [] : rows.map((r) => cellNumber(r.row[reading.advantage!]));
      if (advantages.length > 0 && advantages.every((a) => a !== null)) {
        record.advantages = { per_turn: advantages as number[], ...(advantages.length === 1 ? { trajectory: advantages[0]! } : {}) };
      }
      member++;
      emitChecked(ctx, record, rows[0].line);
    }
  }

  return {
    item,
    finish() {
      const groups = groupsOf();
      for (const group of groups) emitGroup(group);
      if (noReward > 0) ctx.note(`${noReward} row(s) had no number in ${mapping.reward.columns.map((c) => `"${c}"`).join(', ') || 'any reward column'}; read as reward 0`);
      if (badStep > 0) ctx.note(`${badStep} row(s) had no whole-number "${mapping.step}": their training step is unknown`);
      const sizes = groups.map((g) => g.trajectories.length);
      if (sizes.length > 0 && sizes.every((n) => n === 1)) ctx.note('every group has one member: there is no relative advantage within a group (the estimators compare a member with the others of its group)');
    },
    groups: () => groupKeys.size,
  };
}
