import { describe, expect, it } from 'vitest';
import { readRollouts, writeRollouts } from '../../../src/core/io';
import { fixtureText, validRecord } from './fixtures';

const line = (patch: Record<string, unknown> = {}) => JSON.stringify(validRecord(patch));

describe('reading rollouts.v1 text', () => {
  it('JSON Lines give one record per line with its line number', () => {
    const text = [line({ traj_id: 'a' }), line({ traj_id: 'b' })].join('\n');
    const { records, errors } = readRollouts(text);
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.record.traj_id, r.line])).toEqual([['a', 1], ['b', 2]]);
  });

  it('blank lines, CRLF line ends and a BOM are accepted', () => {
    const text = `\uFEFF${line({ traj_id: 'a' })}\r\n\r\n  \r\n${line({ traj_id: 'b' })}\r\n`;
    const { records, errors } = readRollouts(text);
    expect(errors).toEqual([]);
    expect(records.map((r) => r.line)).toEqual([1, 4]);
  });

  it('empty input gives no records and no errors', () => {
    expect(readRollouts('')).toEqual({ records: [], errors: [] });
    expect(readRollouts(' \n\n')).toEqual({ records: [], errors: [] });
  });

  it('the malformed fixture reports broken JSON and schema problems by line and keeps every good line', () => {
    const { records, errors } = readRollouts(fixtureText('rollouts-malformed.jsonl'));
    expect(records.map((r) => r.line)).toEqual([1, 3, 6, 7, 8]);
    expect(errors.map((e) => e.line)).toEqual([2, 5, 9]);
    expect(errors[0].message).toMatch(/^not valid JSON: /);
    expect(errors[1].message).toContain('turns[1].reward: must be a finite number, got "ten"');
    expect(errors[1].message).toContain('outcome.success: must be true or false, it is missing');
    expect(errors[1].problems).toHaveLength(2);
  });

  it('a plain JSON array gives one record per element, errors naming the element', () => {
    const text = JSON.stringify([validRecord({ traj_id: 'a' }), { schema: 'rollouts.v1' }, validRecord({ traj_id: 'c' })], null, 2);
    const { records, errors } = readRollouts(text);
    expect(records.map((r) => [r.record.traj_id, r.index])).toEqual([['a', 0], ['c', 2]]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line: 1, index: 1 });
    expect(errors[0].message).toMatch(/^element 1: source: must be an object, it is missing/);
  });

  it('a group wrapper shares its group_id, schema, source, env and task with its members', () => {
    const { records, errors } = readRollouts(fixtureText('rollouts-wrapper.json'));
    expect(errors).toEqual([]);
    expect(records).toHaveLength(4);
    expect(records.every((r) => r.record.group_id === 'g0' && r.record.task.task_id === 'task-g0')).toBe(true);
    expect(records.map((r) => r.index)).toEqual([0, 1, 2, 3]);
  });

  it('a wrapper member with a different group_id is an error, its own fields win otherwise', () => {
    const member = validRecord({ group_id: 'other' });
    const own = validRecord({ traj_id: 'own', task: { task_id: 'mine' } });
    delete own.group_id;
    const text = JSON.stringify({ group_id: 'g', task: { task_id: 'shared' }, trajectories: [member, own] });
    const { records, errors } = readRollouts(text);
    expect(errors.map((e) => e.message)).toEqual(['element 0: group_id "other" differs from the wrapper\'s "g"']);
    expect(records.map((r) => [r.record.group_id, r.record.task.task_id])).toEqual([['g', 'mine']]);
  });

  it('a JSON Lines line may hold a wrapper', () => {
    const wrapper = JSON.stringify({ group_id: 'w', trajectories: [validRecord({ group_id: undefined, traj_id: 'x' })] });
    const { records, errors } = readRollouts(`${line()}\n${wrapper}`);
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.record.group_id, r.line])).toEqual([['g', 1], ['w', 2]]);
  });

  it('a pretty-printed document with a syntax error is one error, not one per line', () => {
    const text = JSON.stringify([validRecord()], null, 2).replace('"turns"', '"turns" oops');
    const { records, errors } = readRollouts(text);
    expect(records).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/neither JSON Lines nor one JSON document/);
  });

  it('garbage input of any kind never throws', () => {
    for (const text of ['null', '42', '"x"', '{}', '[null]', '{"trajectories": 3}', '\u0000\u0001', '[[[]]]', 'true\nfalse']) {
      expect(() => readRollouts(text)).not.toThrow();
      expect(readRollouts(text).errors.length).toBeGreaterThan(0);
    }
  });
});

describe('writing rollouts.v1 JSON Lines', () => {
  it('an export reads back as the same records, one per line', () => {
    const { records } = readRollouts(fixtureText('rollouts-wrapper.json'));
    const text = writeRollouts(records.map((r) => r.record));
    expect(text.split('\n')).toHaveLength(records.length + 1);
    const again = readRollouts(text);
    expect(again.errors).toEqual([]);
    expect(again.records.map((r) => r.record)).toEqual(records.map((r) => r.record));
  });

  it('no records export as empty text', () => {
    expect(writeRollouts([])).toBe('');
  });
});
