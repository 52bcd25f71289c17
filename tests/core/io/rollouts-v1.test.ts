import { describe, expect, it } from 'vitest';
import { formatProblems, validateRolloutTrajectory, type SchemaProblem } from '../../../src/core/io';
import { validRecord } from './fixtures';

function problemsOf(value: unknown): SchemaProblem[] {
  const result = validateRolloutTrajectory(value);
  return result.ok ? [] : result.problems;
}

function pathsOf(value: unknown): string[] {
  return problemsOf(value).map((p) => p.path);
}

describe('rollouts.v1 validation', () => {
  it('a complete record validates and comes back typed and unchanged', () => {
    const value = validRecord({ advantages: { per_turn: [0.5, 0.5] }, extra_field: 'kept' });
    const result = validateRolloutTrajectory(value);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.record.turns[1].response_tokens).toBe(3);
      expect(result.record).toBe(value);
    }
  });

  it('a non-object is one problem at the record level', () => {
    expect(problemsOf([1, 2])).toEqual([{ path: '(record)', message: 'must be a JSON object, got an array' }]);
    expect(problemsOf('x')[0].message).toMatch(/got "x"/);
  });

  it('a wrong schema tag names the expected tag', () => {
    expect(problemsOf(validRecord({ schema: 'rollouts.v2' }))).toEqual([{ path: 'schema', message: 'must be "rollouts.v1", got "rollouts.v2"' }]);
  });

  it('missing required fields are each reported with their path', () => {
    const value = validRecord();
    delete value.group_id;
    delete value.outcome;
    expect(pathsOf(value)).toEqual(['group_id', 'outcome']);
    expect(problemsOf(value)[0].message).toBe('must be a non-empty string, it is missing');
  });

  it('nested problems carry the full path, turn index included', () => {
    const value = validRecord();
    const turns = value.turns as Array<Record<string, unknown>>;
    turns[1].reward = 'ten';
    turns[0].response_tokens = -3;
    (value.outcome as Record<string, unknown>).num_turns = 1.5;
    (value.source as Record<string, unknown>).framework = 7;
    expect(pathsOf(value).sort()).toEqual(['outcome.num_turns', 'source.framework', 'turns[0].response_tokens', 'turns[1].reward'].sort());
    expect(problemsOf(value).find((p) => p.path === 'turns[0].response_tokens')?.message).toBe('must be a non-negative integer, got -3');
  });

  it('turn indices must be 0-based and in order', () => {
    const value = validRecord();
    (value.turns as Array<Record<string, unknown>>)[1].t = 2;
    expect(problemsOf(value)).toEqual([{ path: 'turns[1].t', message: 'must be 1 (turns are 0-based and in order), got 2' }]);
  });

  it('action may be null but not missing, and optional fields may not be null', () => {
    const value = validRecord({ train_step: null });
    const turns = value.turns as Array<Record<string, unknown>>;
    turns[0].action = null;
    delete turns[1].action;
    expect(pathsOf(value)).toEqual(['train_step', 'turns[1].action']);
  });

  it('turns must be an array of objects', () => {
    expect(pathsOf(validRecord({ turns: {} }))).toEqual(['turns']);
    expect(pathsOf(validRecord({ turns: [5] }))).toEqual(['turns[0]']);
  });

  it('non-finite numbers are rejected', () => {
    const value = validRecord();
    (value.outcome as Record<string, unknown>).episode_reward = Number.POSITIVE_INFINITY;
    expect(pathsOf(value)).toEqual(['outcome.episode_reward']);
  });

  it('problems format as one readable line', () => {
    expect(formatProblems([{ path: 'a', message: 'x' }, { path: 'b.c', message: 'y' }])).toBe('a: x; b.c: y');
  });

  it('long string values are shortened in messages', () => {
    const message = problemsOf(validRecord({ schema: 'z'.repeat(100) }))[0].message;
    expect(message.length).toBeLessThan(80);
  });
});
