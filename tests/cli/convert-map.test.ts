/**
 * `convert --map FILE` / `advantages --map FILE`: a CSV and a W&B table of a shape no reader knows,
 * opened through one mapping file, in process through runCli; and the import notes on stderr.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importText, type ColumnMapping } from '../../src/core/io';
import { cliInProcess } from './in-process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'convert-map-'));
const write = (name: string, text: string) => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};

const cli = (argv: string[]) => cliInProcess(argv);

// An eval export of our own shape: 2 questions × 3 samples, two reward columns, a judge verdict.
const ROWS = [
  ['q1', 0, 'What is 2+2?', '4', 1, 0.5, 'ok'],
  ['q1', 1, 'What is 2+2?', '5', 0, 0.5, 'wrong'],
  ['q1', 2, 'What is 2+2?', 'four', 1, 0, 'ok'],
  ['q2', 0, 'Capital of Peru?', 'Lima', 1, 0.5, 'ok'],
  ['q2', 1, 'Capital of Peru?', 'Cusco', 0, 0.5, 'wrong'],
  ['q2', 2, 'Capital of Peru?', 'Lima, Peru', 1, 0.5, 'ok'],
];
const COLUMNS = ['qid', 'sample', 'question', 'answer', 'correct', 'style', 'verdict'];
const CSV = `${COLUMNS.join(',')}\n${ROWS.map((r) => r.map((c) => (String(c).includes(',') ? `"${c}"` : c)).join(',')).join('\n')}\n`;
const TABLE = JSON.stringify({ _type: 'table', columns: COLUMNS, data: ROWS });

const MAPPING: ColumnMapping = {
  version: 1, name: 'my evals', columns: COLUMNS, group: ['qid'], prompt: 'question', response: 'answer',
  reward: { columns: ['correct', 'style'], combine: 'sum' }, success: { column: 'correct' },
};

describe('convert --map and advantages --map', () => {
  const map = write('evals.mapping.json', JSON.stringify(MAPPING, null, 2));

  it.each([
    ['a CSV', write('evals.csv', CSV)],
    ['a W&B table', write('evals.table.json', TABLE)],
  ])('%s of unknown shape converts through the mapping file into 2 groups of 3', async (_what, input) => {
    const { code, out, err } = await cli(['convert', '--map', map, '--in', input, '--out', '-']);
    expect(code).toBe(0);
    expect(err.at(-1)).toBe('convert: read 1 file as column mapping "my evals"; wrote 6 trajectories in 2 groups; token counts: estimated; 0 problems');
    const back = importText(out.join('\n'));
    expect(back.summary).toMatchObject({ trajectories: 6, groups: 2 });
    expect(back.trajectories.map((t) => t.outcome.episode_reward)).toEqual([1.5, 0.5, 1, 1.5, 0.5, 1.5]);
    expect(back.trajectories.map((t) => t.outcome.success)).toEqual([true, false, true, true, false, true]);
    expect(back.trajectories[5].turns[0].response).toBe('Lima, Peru');
    expect(back.trajectories[0].turns[0].info).toMatchObject({ rewards: { correct: 1, style: 0.5 }, fields: { sample: expect.anything(), verdict: 'ok' } });
  });

  it('without --map the same CSV is an error that prints a guessed mapping, which works once saved', async () => {
    const input = write('evals2.csv', CSV);
    const { code, err } = await cli(['convert', '--in', input, '--out', '-']);
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    const json = /A guessed mapping to correct, save as a file and pass with --map FILE: (\{.*\})$/.exec(err[0])?.[1];
    expect(json).toBeDefined();
    const guessed = write('guessed.json', json!);
    const retry = await cli(['convert', '--map', guessed, '--in', input, '--out', '-']);
    expect(retry.code).toBe(0);
    expect(importText(retry.out.join('\n')).summary.trajectories).toBe(6);
  });

  it('advantages --map scores every row with the chosen estimator', async () => {
    const input = write('evals3.csv', CSV);
    const { code, out, err } = await cli(['advantages', '--map', map, '--in', input, '--estimator', 'grpo']);
    expect(code).toBe(0);
    expect(out).toHaveLength(6);
    const lines = out.map((l) => JSON.parse(l) as { group_id: string; per_turn: number[] });
    expect(lines[1].per_turn[0]).toBeLessThan(0);
    expect(lines[0].per_turn[0]).toBeGreaterThan(0);
    expect(err).toContain('note: read as CSV (6 rows)');
    expect(err.at(-1)).toBe('advantages: scored 6 trajectories in 2 groups with grpo; 0 failed');
  });

  it('a folder of same-shaped CSVs reads every file through the mapping, each file its own groups', async () => {
    const dir = join(tmp, 'evals-folder');
    mkdirSync(join(dir, 'day1'), { recursive: true });
    mkdirSync(join(dir, 'day2'), { recursive: true });
    writeFileSync(join(dir, 'day1', 'evals.csv'), CSV);
    writeFileSync(join(dir, 'day2', 'evals.csv'), CSV);
    const { code, out, err } = await cli(['convert', '--map', map, '--in', dir, '--out', '-']);
    expect(code).toBe(0);
    expect(err).toContain('day1/evals.csv: note: read as CSV (6 rows)');
    const back = importText(out.join('\n'));
    expect(back.summary).toMatchObject({ trajectories: 12, groups: 4 });
    expect(new Set(back.trajectories.map((t) => t.traj_id)).size).toBe(12);
  });

  it('a bad mapping file is one plain error naming the file and the problem', async () => {
    const bad = write('bad.mapping.json', JSON.stringify({ ...MAPPING, reward: { columns: ['correct'], combine: 'median' } }));
    const { code, err } = await cli(['convert', '--map', bad, '--in', write('x.csv', CSV), '--out', '-']);
    expect(code).toBe(2);
    expect(err).toEqual([expect.stringMatching(/^error: --map ".*bad\.mapping\.json": the mapping file is not a column mapping: reward\.combine: must be "sum", "mean" or "max", got "median"$/)]);
    const missing = await cli(['convert', '--map', join(tmp, 'nope.json'), '--in', 'x', '--out', '-']);
    expect(missing.err).toEqual([expect.stringMatching(/cannot read --map ".*nope\.json": no such file/)]);
  });
});

describe('the CLI summary prints every import note', () => {
  it('convert lists what the verl-agent reader did (dropped padding copies) before the summary', async () => {
    const { code, err } = await cli(['convert', '--in', `${ROOT}tests/fixtures/import/verl-agent/7.jsonl`, '--out', join(tmp, 'v.jsonl')]);
    expect(code).toBe(0);
    const notes = err.filter((l) => l.startsWith('note: '));
    expect(notes[0]).toBe('note: read as JSON Lines');
    expect(notes.length).toBeGreaterThan(1);
    expect(err.at(-1)).toMatch(/^convert: read 1 file/);
  });

  it('convert of a TRL parquet file states what TRL does not record', async () => {
    const { code, err } = await cli(['convert', '--in', `${ROOT}tests/fixtures/import/trl/completions_00012.parquet`, '--out', join(tmp, 't.jsonl')]);
    expect(code).toBe(0);
    expect(err).toContain('note: TRL logs no success flag: success is read as R > 0');
    expect(err.at(-1)).toBe('convert: read 1 file as TRL GRPO completions table; wrote 8 trajectories in 2 groups; token counts: estimated; 0 problems');
    const back = importText(readFileSync(join(tmp, 't.jsonl'), 'utf8'));
    expect(back.trajectories[0].advantages?.trajectory).toBeCloseTo(1.2246, 3);
  });
});
