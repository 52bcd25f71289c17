/** The import session's way in (what the import worker calls) for tables: parquet from byte chunks, a mapping, and the unknown-table error as plain data. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ImportFormatError, type ColumnMapping } from '../../../../../src/core/io/import/session/importer';
import { openImport } from '../../../../../src/core/io/import/session/open';

const PARQUET = new Uint8Array(readFileSync(new URL('../../../../fixtures/import/trl/completions_00012.parquet', import.meta.url)));
const enc = new TextEncoder();

async function* chunks(bytes: Uint8Array, size = 101): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const open = (bytes: Uint8Array, fileName: string, mapping?: ColumnMapping) => openImport(chunks(bytes), { fileName, totalBytes: bytes.length, ...(mapping ? { mapping } : {}) });

describe('opening tables in the import session', () => {
  it('a TRL parquet file streamed in 101-byte chunks opens as 2 single-turn groups of 4 with its notes', async () => {
    const { session } = await open(PARQUET, 'completions_00012.parquet');
    const s = session.summary();
    expect([s.format, s.trajectories, s.groups, s.steps]).toEqual(['trl-completions', 8, 2, [12]]);
    expect(s.notes).toContain('parquet: 3 row groups');
    const group = session.groupRecords(0);
    expect(group.map((t) => t.turns.length)).toEqual([1, 1, 1, 1]);
    expect(group.every((t) => t.estimated_tokens === true)).toBe(true);
  });

  it('an unknown CSV fails with plain data: its columns and a guess, which then opens it', async () => {
    const csv = enc.encode('task,reply,points\nt1,a,1\nt1,b,0\nt2,c,1\n');
    const error = await open(csv, 'mine.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFormatError);
    const data = (error as ImportFormatError).toData();
    expect(data.table?.columns.map((c) => c.name)).toEqual(['task', 'reply', 'points']);
    const mapping: ColumnMapping = { ...data.table!.guess, group: ['task'], prompt: 'task', response: 'reply' };
    const { session } = await open(csv, 'mine.csv', mapping);
    expect([session.summary().format, session.summary().groups, session.summary().trajectories]).toEqual(['column-mapping', 2, 3]);
  });
});
