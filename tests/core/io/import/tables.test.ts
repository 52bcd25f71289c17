import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createByteImporter, createImporter, importBytesAsync, importText, ImportFormatError, isParquet } from '../../../../src/core/io';
import { CsvRows } from '../../../../src/core/io/import/csv';
import { decideLayout } from '../../../../src/core/io/import/layout';
import type { Row } from '../../../../src/core/io/import/rows';
import { fixtureText, validRecord } from '../fixtures';

const PARQUET = new URL('../../../fixtures/import/trl/completions_00012.parquet', import.meta.url);

function chunked(text: string, size: number, fileName?: string) {
  const importer = createImporter({ fileName });
  for (let i = 0; i < text.length; i += size) importer.feed(text.slice(i, i + size));
  return importer.finish();
}

/** A rollouts.v1 wrapper written by json.dumps(indent=2) after a hand edit: its first line is `{ "group_id": "g",`. */
function prettyWrapper(): string {
  const members = [validRecord(), { ...validRecord(), traj_id: 't2' }];
  const body = JSON.stringify({ trajectories: members }, null, 2).slice(1);
  return `{ "group_id": "${members[0].group_id}",${body}`;
}

describe('layout from content, not from line breaks', () => {
  it('a pretty-printed document whose first line is not a bare brace opens as one document', () => {
    const text = prettyWrapper();
    expect(text.split('\n')[0]).toMatch(/^\{ "group_id": ".*",$/);
    const result = chunked(text, 5);
    expect(result.notes[0]).toBe('read as one JSON document');
    expect(result.trajectories).toHaveLength(2);
    expect(result.problemCount).toBe(0);
  });

  it('a W&B table pretty-printed with "_type" on line 1 opens as one document of rows', () => {
    const table = { _type: 'table', columns: ['global_step', 'text', 'reward'], data: [[1, 'a', 0.5], [2, 'b', 1]] };
    const text = JSON.stringify(table, null, 1).replace('{\n "_type"', '{"_type"');
    expect(text.split('\n')[0]).toBe('{"_type": "table",');
    const result = importText(text);
    expect(result.notes[0]).toBe('read as one JSON document; a table of 2 rows');
    expect(result.format).toBe('openrlhf-samples');
    expect(result.trajectories).toHaveLength(2);
  });

  it('JSON Lines whose first line is broken still read every other line and report line 1', () => {
    const good = JSON.stringify(validRecord());
    const result = importText(`{"schema": "rollouts.v1", "cut short\n${good}\n${JSON.stringify({ ...validRecord(), traj_id: 'x' })}\n`);
    expect(result.trajectories).toHaveLength(2);
    expect(result.problems).toEqual([{ line: 1, reason: expect.stringMatching(/^not valid JSON/) }]);
  });

  it('a broken pretty-printed document is one problem at its first line, not one per line', () => {
    expect(() => importText('{\n  "group_id": "g",\n  "trajectories": [\n')).toThrow(ImportFormatError);
    const importer = createImporter();
    importer.feed('\n{ "a": 1,\n  "b": \n');
    expect(() => importer.finish()).toThrow(/no line of it is valid JSON \(not valid JSON/);
  });

  it('the layout decision waits for the first line and reads CSV by name or by a delimited header', () => {
    expect(decideLayout('{"a": 1', undefined, false)).toBeNull();
    expect(decideLayout('{"a": 1}\n', undefined, false)).toEqual({ kind: 'lines' });
    expect(decideLayout('{"a": 1,\n', undefined, false)).toEqual({ kind: 'document' });
    expect(decideLayout('[\n', undefined, false)).toEqual({ kind: 'array' });
    expect(decideLayout('a\tb\r\n', undefined, false)).toEqual({ kind: 'csv', delimiter: '\t', newline: '\r\n' });
    expect(decideLayout('prompt\n', 'x.csv', false)).toEqual({ kind: 'csv', delimiter: ',', newline: '\n' });
    expect(decideLayout('a,b\n', 'x.tsv', false)).toEqual({ kind: 'csv', delimiter: '\t', newline: '\n' });
    expect(decideLayout('not json at all\n', undefined, false)).toEqual({ kind: 'lines' });
  });
});

function csvRows(text: string, size: number, delimiter: ',' | '\t' = ',', newline: '\n' | '\r\n' = '\n') {
  const rows: Array<[Row, number]> = [];
  const problems: Array<[number, string]> = [];
  const reader = new CsvRows(delimiter, newline, (row, line) => rows.push([row, line]), (line, reason) => problems.push([line, reason]));
  for (let i = 0; i < text.length; i += size) reader.push(text.slice(i, i + size));
  reader.finish();
  return { rows, problems, columns: reader.columns };
}

describe('CSV and TSV', () => {
  const text = 'id,prompt,reward\n1,"a, with comma",0.5\n\n2,"two\nlines",1\n3,"say ""hi""",\n';

  it('quoted commas, newlines and quotes survive, blank lines are skipped, and line numbers are exact', () => {
    const { rows, columns } = csvRows(text, 1000);
    expect(columns).toEqual(['id', 'prompt', 'reward']);
    expect(rows).toEqual([
      [{ id: '1', prompt: 'a, with comma', reward: '0.5' }, 2],
      [{ id: '2', prompt: 'two\nlines', reward: '1' }, 4],
      [{ id: '3', prompt: 'say "hi"', reward: '' }, 6],
    ]);
  });

  it('any chunking of the text gives the same rows and lines', () => {
    const whole = csvRows(text, 1000).rows;
    fc.assert(fc.property(fc.integer({ min: 1, max: text.length }), (size) => {
      expect(csvRows(text, size).rows).toEqual(whole);
    }));
  });

  it('CRLF line ends and tabs are read, and extra cells are a problem with the line', () => {
    const { rows, problems } = csvRows('a\tb\r\nx\ty\r\n1\t2\t3\r\n', 4, '\t', '\r\n');
    expect(rows.map(([r]) => r)).toEqual([{ a: 'x', b: 'y' }, { a: '1', b: '2' }]);
    expect(problems).toEqual([[3, 'row has 3 cells but the header has 2 columns; the extra cells were ignored']]);
  });

  it('a CSV no reader knows fails with its columns, samples and a guessed mapping', () => {
    let error: unknown;
    try {
      chunked('question,answer,score\nWhat is 1+1?,2,1\nWhat is 1+1?,3,0\n', 9, 'evals.csv');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ImportFormatError);
    const data = (error as ImportFormatError).toData();
    expect(data.message).toMatch(/line 2 holds an object with keys question, answer, score; its columns can be read through a column mapping$/);
    expect(data.table?.columns).toEqual([
      { name: 'question', samples: ['What is 1+1?'] },
      { name: 'answer', samples: ['2', '3'] },
      { name: 'score', samples: ['1', '0'] },
    ]);
    expect(data.table?.guess).toMatchObject({ prompt: 'question', response: 'answer', reward: { columns: ['score'], combine: 'sum' }, success: { rewardAtLeast: 1 } });
    expect(structuredClone(data)).toEqual(data);
  });
});

describe('parquet', () => {
  const bytes = new Uint8Array(readFileSync(PARQUET));

  it('is recognised by its magic bytes and read row group by row group, from chunks of any size', async () => {
    expect(isParquet(bytes)).toBe(true);
    const whole = await importBytesAsync(bytes, { fileName: 'completions_00012.parquet' });
    expect(whole.notes).toContain('read as parquet (8 rows)');
    expect(whole.notes).toContain('parquet: 3 row groups');
    const importer = createByteImporter({});
    for (let i = 0; i < bytes.length; i += 3) importer.push(bytes.slice(i, i + 3));
    expect(importer.progress().parquet).toBe(true);
    const pieces = await importer.finishAsync();
    expect(pieces.trajectories.map((t) => t.turns[0].response)).toEqual(whole.trajectories.map((t) => t.turns[0].response));
    expect(pieces.sourceLines).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('the synchronous finish refuses parquet and names the asynchronous one', () => {
    const importer = createByteImporter({});
    importer.push(bytes);
    expect(() => importer.finish()).toThrow(/finishAsync/);
  });

  it('text files still finish synchronously, short ones included', async () => {
    const importer = createByteImporter({});
    importer.push(new TextEncoder().encode('[]'));
    expect(() => importer.finish()).toThrow(ImportFormatError);
    const text = `${JSON.stringify(validRecord())}\n`;
    expect((await importBytesAsync(new TextEncoder().encode(text))).trajectories).toHaveLength(1);
    expect(importText(fixtureText('rollouts-interleaved.jsonl')).trajectories).toHaveLength(8);
  });
});
