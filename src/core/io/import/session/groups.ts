/**
 * Imported trajectories → groups by `group_id` (first-appearance order), each with the estimators'
 * inputs (`toTrajectorySummary`, L_{i,t} from the file or estimated from whitespace words) and the
 * facets the lab filters by: training step, environment, task type.
 */
import type { RolloutGroup } from '../../../advantage/types';
import type { RolloutTrajectoryV1 } from '../../rollouts-v1';
import { toTrajectorySummary } from '../../to-group';
import type { ProblemLog } from './importer';

export interface ImportedGroup {
  groupId: string;
  /** Indices into the session's trajectories, input order. */
  members: number[];
  summary: RolloutGroup;
  step: number | null;
  env: string;
  taskType: string | null;
  taskId: string;
  instruction: string;
  /**
   * Members whose later turns the reader could not tell apart from another member's (verl-agent
   * stock dumps: `reconstruction.ambiguous_with`), with the earliest uncertain 0-based turn.
   */
  ambiguity: { members: number; fromTurn: number } | null;
}

/** The group's own state for the views, in plain words where it limits what the numbers mean. */
export interface GroupFlags {
  /** A group of one: no relative advantage (estimators fall back to their singleton rule, e.g. R/(1 + ε)). */
  singleton: boolean;
  /** Sentences the group view shows with the group. */
  notes: string[];
}

export function groupFlags(group: ImportedGroup): GroupFlags {
  const notes: string[] = [];
  const singleton = group.members.length === 1;
  if (singleton) notes.push('a group of one has no relative advantage: its estimator values follow each estimator\'s singleton rule (GRPO: R/(1 + ε)), not a comparison with other members');
  if (group.ambiguity) {
    notes.push(`${group.ambiguity.members} trajectories' turns from ${group.ambiguity.fromTurn + 1} on could belong to either of them: R(τ) and GRPO's outcome advantage (trajectory-level statistics) are exact, T_i and per-turn values (PlanPO, GiGPO) depend on the choice`);
  }
  return { singleton, notes };
}

function ambiguityOf(record: RolloutTrajectoryV1): number | null {
  const note = (record as { reconstruction?: { from_turn?: unknown } }).reconstruction;
  return note && typeof note.from_turn === 'number' ? note.from_turn : null;
}

export interface GroupFilters {
  step?: number | null;
  env?: string | null;
  taskType?: string | null;
}

/**
 * `tokensLater`: the token counts still missing are estimated later (deferred estimates): their
 * L_{i,t} are placeholders the session replaces before the group is scored.
 */
export function buildGroups(trajectories: readonly RolloutTrajectoryV1[], problems: ProblemLog, tokensLater = false): ImportedGroup[] {
  const byId = new Map<string, ImportedGroup>();
  trajectories.forEach((record, index) => {
    const converted = toTrajectorySummary(record, { missingTokens: tokensLater ? 'later' : 'whitespace' });
    if (!converted.ok) {
      problems.add(null, `trajectory "${record.traj_id}" of group "${record.group_id}" not scored: ${converted.message}`);
      return;
    }
    let group = byId.get(record.group_id);
    if (!group) {
      group = {
        groupId: record.group_id, members: [], summary: { trajectories: [] }, step: record.train_step ?? null,
        env: record.env.name, taskType: record.task.task_type ?? null, taskId: record.task.task_id,
        instruction: record.task.instruction ?? record.task.task_id, ambiguity: null,
      };
      byId.set(record.group_id, group);
    }
    group.members.push(index);
    group.summary.trajectories.push(converted.summary);
    const from = ambiguityOf(record);
    if (from !== null) group.ambiguity = { members: (group.ambiguity?.members ?? 0) + 1, fromTurn: Math.min(group.ambiguity?.fromTurn ?? from, from) };
  });
  return [...byId.values()];
}

export function matchesFilters(group: ImportedGroup, filters: GroupFilters): boolean {
  return (filters.step == null || group.step === filters.step)
    && (filters.env == null || group.env === filters.env)
    && (filters.taskType == null || group.taskType === filters.taskType);
}

/** Sorted distinct values of a facet (nulls left out). */
export function facet<T extends string | number>(groups: readonly ImportedGroup[], pick: (g: ImportedGroup) => T | null): T[] {
  const values = new Set<T>();
  for (const g of groups) {
    const v = pick(g);
    if (v !== null) values.add(v);
  }
  return [...values].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))));
}
