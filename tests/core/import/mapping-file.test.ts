import { describe, expect, it } from 'vitest';
import type { ColumnMapping } from '../../../src/core/io/import/mapping';
import { mappingProblems, matchingMapping, missingColumns, parseMappingFile, successChoiceOf, withOptional, withSuccess } from '../../../src/core/import/mapping-file';

const mapping = (name: string, columns: string[], extra: Partial<ColumnMapping> = {}): ColumnMapping => ({
  version: 1, name, columns, group: ['step', 'question'], prompt: 'question', response: 'answer',
  reward: { columns: ['acc', 'fmt'], combine: 'sum' }, step: 'step', ...extra,
});

const COLUMNS = ['step', 'question', 'answer', 'acc', 'fmt'];

describe('column mapping files', () => {
  it('the newest saved mapping made for the same set of columns is chosen, whatever their order', () => {
    const saved = [
      { mapping: mapping('old', COLUMNS), savedAt: 1 },
      { mapping: mapping('other shape', ['a', 'b']), savedAt: 5 },
      { mapping: mapping('new', [...COLUMNS].reverse()), savedAt: 3 },
    ];
    expect(matchingMapping(saved, COLUMNS)?.name).toBe('new');
    expect(matchingMapping(saved, [...COLUMNS, 'extra'])).toBeNull();
  });

  it('a mapping survives being written as JSON and read back', () => {
    const m = mapping('trl', COLUMNS, { success: { rewardAtLeast: 1.5 } });
    expect(parseMappingFile(JSON.stringify(m, null, 2))).toEqual({ ok: true, mapping: m });
  });

  it('a malformed mapping file says what is wrong with it', () => {
    const bad = parseMappingFile(JSON.stringify({ version: 2, name: 'x', columns: [], group: 'step', response: 'a', reward: { columns: ['r'], combine: 'median' }, success: { at: 1 } }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems).toEqual([
        'version must be 1', 'group must be an array of strings',
        'reward must be {"columns": [...], "combine": "sum" | "mean" | "max"}', 'success must be {"column": …} or {"rewardAtLeast": …}',
      ]);
    }
    expect(parseMappingFile('{"version":')).toMatchObject({ ok: false });
  });

  it('a mapping that names a column the file lacks, or no response, cannot be used', () => {
    const m = mapping('m', COLUMNS, { success: { column: 'correct' } });
    expect(missingColumns(m, COLUMNS)).toEqual(['correct']);
    expect(mappingProblems({ ...m, response: '' }, COLUMNS)).toEqual(['choose the response column', 'this file has no column "correct"']);
    expect(mappingProblems(mapping('ok', COLUMNS), COLUMNS)).toEqual([]);
  });

  it('the form\'s success choice and optional columns edit the mapping and read back the same', () => {
    const m = mapping('m', COLUMNS);
    expect(successChoiceOf(withSuccess(m, 'column:acc', 0))).toBe('column:acc');
    expect(withSuccess(m, 'reward', 0.5).success).toEqual({ rewardAtLeast: 0.5 });
    expect('success' in withSuccess(withSuccess(m, 'reward', 1), '', 1)).toBe(false);
    expect('step' in withOptional(m, 'step', '')).toBe(false);
    expect(withOptional(m, 'turn', 'fmt').turn).toBe('fmt');
  });
});
