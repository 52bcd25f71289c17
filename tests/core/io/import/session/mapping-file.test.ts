import { describe, expect, it } from 'vitest';
import { parseMappingFile, type ColumnMapping } from '../../../../../src/core/io/import/mapping';
import { mappingProblems, matchingMapping, missingColumns, readMappingText, successChoiceOf, withOptional, withSuccess } from '../../../../../src/core/io/import/session/mapping-file';

const COLUMNS = ['step', 'question', 'answer', 'acc', 'fmt'];

const mapping = (name: string, columns: string[] = COLUMNS, extra: Partial<ColumnMapping> = {}): ColumnMapping => ({
  version: 1, name, columns, group: ['step', 'question'], prompt: 'question', response: 'answer',
  reward: { columns: ['acc', 'fmt'], combine: 'sum' }, step: 'step', ...extra,
});

describe('column mapping form and files', () => {
  it('the newest saved mapping made for the same set of columns is chosen, whatever their order', () => {
    const saved = [
      { mapping: mapping('old'), savedAt: 1 },
      { mapping: mapping('other shape', ['a', 'b']), savedAt: 5 },
      { mapping: mapping('new', [...COLUMNS].reverse()), savedAt: 3 },
    ];
    expect(matchingMapping(saved, COLUMNS)?.name).toBe('new');
    expect(matchingMapping(saved, [...COLUMNS, 'extra'])).toBeNull();
  });

  it('a mapping survives being written as JSON and read back', () => {
    const m = mapping('trl', COLUMNS, { success: { rewardAtLeast: 1.5 } });
    expect(parseMappingFile(JSON.stringify(m, null, 2))).toEqual(m);
    expect(readMappingText(JSON.stringify(m))).toEqual({ ok: true, mapping: m });
  });

  it('a malformed mapping file says what is wrong with it', () => {
    const bad = readMappingText(JSON.stringify({ version: 2, name: 'x', columns: ['r'], group: 'step', response: 'r', reward: { columns: ['r'], combine: 'median' } }));
    expect(bad).toEqual({ ok: false, problem: expect.stringMatching(/version: must be 1, got 2; group: must be an array of column names, got "step"; reward\.combine: must be "sum", "mean" or "max", got "median"$/) });
    expect(readMappingText('{"version":')).toMatchObject({ ok: false, problem: expect.stringMatching(/not valid JSON/) });
    expect(readMappingText(JSON.stringify(mapping('m', ['answer', 'acc', 'fmt'])))).toMatchObject({ ok: false, problem: expect.stringMatching(/reads "step", "question", which are not in its "columns"/) });
  });

  it('a mapping that reads a column the file lacks, no response, no reward, or a turn without a trajectory cannot be used', () => {
    const m = mapping('m', COLUMNS, { success: { column: 'correct' } });
    expect(missingColumns(m, COLUMNS)).toEqual(['correct']);
    expect(mappingProblems({ ...m, response: '' }, COLUMNS)).toEqual(['choose the response column', 'this file has no column "correct"']);
    expect(mappingProblems({ ...mapping('m'), reward: { columns: [], combine: 'sum' }, turn: 'fmt' }, COLUMNS)).toEqual([
      'choose at least one reward column', 'a turn column orders the rows of one trajectory: choose the trajectory column too',
    ]);
    expect(mappingProblems(mapping('ok'), COLUMNS)).toEqual([]);
  });

  it("the form's success choice and optional columns edit the mapping and read back the same", () => {
    const m = mapping('m');
    expect(successChoiceOf(withSuccess(m, 'column:acc', 0))).toBe('column:acc');
    expect(withSuccess(m, 'reward', 0.5).success).toEqual({ rewardAtLeast: 0.5 });
    expect('success' in withSuccess(withSuccess(m, 'reward', 1), '', 1)).toBe(false);
    expect('step' in withOptional(m, 'step', '')).toBe(false);
    expect(withOptional(m, 'turn', 'fmt').turn).toBe('fmt');
  });
});
