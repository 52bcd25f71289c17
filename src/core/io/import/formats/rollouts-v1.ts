/**
 * rollouts.v1 itself, in any of its layouts (environments reference §4.2): JSON Lines of
 * trajectories, a plain array, a `{ group_id, trajectories: [...] }` wrapper (one per line, in an
 * array, or the whole file). A wrapper's shared fields (`schema`, `group_id`, `source`, `env`,
 * `task`, `train_step`) fill in members that lack them; a member whose `group_id` differs from its
 * wrapper's is a problem. Problems inside arrays and wrappers name the element's index.
 */
import { formatProblems, isObject, validateRolloutTrajectory, type RolloutTrajectoryV1, type SchemaProblem } from '../../rollouts-v1';
import type { AdapterContext, AdapterSession, FormatSample, ImportAdapter } from '../types';

/** Keys a `{ group_id, trajectories }` wrapper shares with members that do not set them. */
const WRAPPER_SHARED_KEYS = ['schema', 'group_id', 'source', 'env', 'task', 'train_step'] as const;

export interface ExpandSink {
  record(record: RolloutTrajectoryV1, line: number, index: number | undefined): void;
  error(line: number, index: number | undefined, message: string, problems?: SchemaProblem[]): void;
}

function isWrapper(x: unknown): x is Record<string, unknown> & { trajectories: unknown[] } {
  return isObject(x) && Array.isArray(x.trajectories);
}

function addRecord(value: unknown, line: number, index: number | undefined, sink: ExpandSink): void {
  const result = validateRolloutTrajectory(value);
  if (result.ok) sink.record(result.record, line, index);
  else sink.error(line, index, `${index === undefined ? '' : `element ${index}: `}${formatProblems(result.problems)}`, result.problems);
}

function expandWrapper(wrapper: Record<string, unknown> & { trajectories: unknown[] }, line: number, sink: ExpandSink): void {
  wrapper.trajectories.forEach((member, index) => {
    if (!isObject(member)) {
      addRecord(member, line, index, sink);
      return;
    }
    if (typeof member.group_id === 'string' && typeof wrapper.group_id === 'string' && member.group_id !== wrapper.group_id) {
      sink.error(line, index, `element ${index}: group_id "${member.group_id}" differs from the wrapper's "${wrapper.group_id}"`);
      return;
    }
    const merged: Record<string, unknown> = { ...member };
    for (const key of WRAPPER_SHARED_KEYS) {
      if (merged[key] === undefined && wrapper[key] !== undefined) merged[key] = wrapper[key];
    }
    addRecord(merged, line, index, sink);
  });
}

/** A parsed JSON value: a record, an array of records/wrappers, or a wrapper. */
export function expandRolloutsValue(value: unknown, line: number, sink: ExpandSink): void {
  if (isWrapper(value)) expandWrapper(value, line, sink);
  else if (Array.isArray(value)) value.forEach((item, i) => (isWrapper(item) ? expandWrapper(item, line, sink) : addRecord(item, line, i, sink)));
  else addRecord(value, line, undefined, sink);
}

function looksLikeRecord(x: unknown): boolean {
  if (!isObject(x)) return false;
  if (x.schema === 'rollouts.v1') return true;
  if (isWrapper(x)) return x.trajectories.length === 0 || looksLikeRecord(x.trajectories[0]) || x.schema !== undefined;
  return Array.isArray(x.turns) && ('traj_id' in x || 'group_id' in x || 'outcome' in x);
}

export const rolloutsV1Format: ImportAdapter = {
  id: 'rollouts-v1',
  label: 'rollouts.v1',
  framework: 'rollouts.v1',
  description: 'rollouts.v1 JSON Lines (one trajectory per line), a JSON array of trajectories, or a {group_id, trajectories} wrapper',
  detect: ({ value }: FormatSample) => (Array.isArray(value) ? value.length > 0 && looksLikeRecord(value[0]) : looksLikeRecord(value)),
  open(ctx: AdapterContext): AdapterSession {
    const groups = new Set<string>();
    const sink: ExpandSink = {
      record: (record, line) => {
        groups.add(record.group_id);
        ctx.emit(record, line);
      },
      error: (line, _index, message) => ctx.problem(line, message),
    };
    return {
      item: (value, line) => expandRolloutsValue(value, line, sink),
      finish: () => undefined,
      groups: () => groups.size,
    };
  },
};
