/**
 * Issue 28's "answers that say the wrong thing", one test each, run in process: every message says
 * what happened (lines counted as lines, problems as problems; a refusal never says "using"; a
 * success/reward disagreement warned both ways; one size check from the environment's declaration;
 * an unwritable output refused before training; a pretty-printed JSON document read as JSON).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliInProcess, expectRefused } from './in-process';
import { validRecord } from '../core/io/fixtures';

const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-bad-answers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const record = (i: number, patch: Record<string, unknown> = {}) => validRecord({ traj_id: `t${i}`, group_id: `g${i % 2}`, ...patch });

const refused = expectRefused;

describe('a file of 54 lines with 50 bad ones', () => {
  // 4 good records, 48 lines that are not JSON, one line holding an array of 3 values, one object that is not a record.
  const lines = [0, 1, 2, 3].map((i) => JSON.stringify(record(i)));
  for (let i = 0; i < 48; i++) lines.push(`{"cut short ${i}`);
  lines.push('[1, 2, 3]', '{"foo": 1}');
  const path = file('54-lines.jsonl', `${lines.join('\n')}\n`);

  it('convert says 50 lines skipped (the array line once) and 52 problems, and keeps the 4 good records', async () => {
    const out = join(dir, 'kept.jsonl');
    const r = await cliInProcess(['convert', '--in', path, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.err.at(-1)).toBe('convert: read 1 file as rollouts.v1; wrote 4 trajectories in 2 groups; token counts: file; 50 lines skipped, 52 problems');
    expect(r.err.filter((l) => l.startsWith('line 53: '))).toHaveLength(3);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(4);
  });

  it('convert --json carries skippedLines beside problems', async () => {
    const r = await cliInProcess(['convert', '--in', path, '--out', join(dir, 'kept2.jsonl'), '--json']);
    expect(JSON.parse(r.err.at(-1)!)).toMatchObject({ trajectories: 4, problems: 52, skippedLines: 50 });
  });

  it('advantages counts the same way', async () => {
    const r = await cliInProcess(['advantages', '--estimator', 'grpo', '--in', path]);
    expect(r.out).toHaveLength(4);
    expect(r.err.at(-1)).toBe('advantages: scored 4 trajectories in 2 groups with grpo; 52 failed (50 lines skipped, 52 problems)');
  });
});

describe('a pretty-printed JSON document is read as JSON, not as JSON Lines', () => {
  it.each([
    ['an array of records, indented', () => JSON.stringify([record(0), record(1), record(2)], null, 2), 'read as one JSON array', 3],
    ['one record, tab-indented, CRLF line ends', () => JSON.stringify(record(0), null, '\t').replace(/\n/g, '\r\n'), 'read as one JSON document', 1],
    ['one record in a .jsonl file', () => JSON.stringify(record(0), null, 2), 'read as one JSON document', 1],
  ])('%s', async (_what, text, note, n) => {
    const r = await cliInProcess(['convert', '--in', file(`pretty-${n}-${note.length}.jsonl`, text()), '--out', join(dir, 'pretty-out.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`note: ${note}`);
    expect(r.err.at(-1)).toMatch(new RegExp(`wrote ${n} trajectories .*; 0 problems$`));
  });
});

describe('a refusal never says "using" a default', () => {
  it.each([
    [['--iterations', '-1'], /^error: --iterations: expected an integer in 0\.\.100000, got "-1"$/],
    [['--group-size', '0'], /^error: --group-size: expected an integer in 1\.\.64, got "0"$/],
    [['--env', 'science-v0', '--env-size', '1'], /^error: envSize: 1 is outside science-v0's size range 2\.\.10 rooms$/],
  ])('train %j exits 2 before training', async (flags, pattern) => {
    await refused(['train', '--backend', 'cpu', '--tasks', '1', ...flags], pattern);
  });
});

describe('success and reward that disagree are warned both ways', () => {
  const zero = record(0);
  (zero.outcome as Record<string, unknown>).episode_reward = 0;
  (zero.turns as Array<Record<string, unknown>>)[1].reward = 0;
  const paid = record(1);
  (paid.outcome as Record<string, unknown>).success = false;
  const path = file('disagree.jsonl', [zero, paid, record(2), record(3)].map((r) => JSON.stringify(r)).join('\n'));

  it('advantages warns for success: true with R = 0 as for success: false with R > 0, and scores both as given', async () => {
    const r = await cliInProcess(['advantages', '--estimator', 'grpo', '--in', path]);
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(4);
    expect(r.err).toContain('line 1: traj "t0": warning: outcome.success is true but episode_reward is 0 ≤ 0; scored as given (success-conditioned estimators treat it as a success, reward-based ones see no reward)');
    expect(r.err).toContain('line 2: traj "t1": warning: outcome.success is false but episode_reward is 10 > 0; scored as given (success-conditioned estimators treat it as a failure)');
  });

  it('convert writes the records as given and warns once, with the count each way', async () => {
    const r = await cliInProcess(['convert', '--in', path, '--out', join(dir, 'disagree-out.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.err).toContainEqual(expect.stringMatching(/^warning: 2 trajectories have outcome\.success and episode_reward that disagree \(1 success with R ≤ 0, 1 failure with R > 0\); the first, traj "t0"/));
  });
});

describe('one size check, from the environment registry entry, in every command', () => {
  const sentence = "1 is outside science-v0's size range 2..10 rooms";
  it('science-v0 size 1 is refused by train, env play, env solve and env stats with the same sentence', async () => {
    expect(await refused(['train', '--backend', 'cpu', '--env', 'science-v0', '--env-size', '1'], /envSize: /)).toBe(`error: envSize: ${sentence}`);
    for (const sub of [['play', '--seed', '1', '--actions', '-'], ['solve', '--seed', '1'], ['stats', '--episodes', '1']]) {
      expect(await refused(['env', sub[0], '--env', 'science-v0', '--size', '1', ...sub.slice(1)], /--size: /)).toBe(`error: --size: ${sentence}`);
    }
  });

  it('science-v0 size 2 (inside its declared range 2..10) is accepted by env play and train alike', async () => {
    const play = await cliInProcess(['env', 'play', '--env', 'science-v0', '--size', '2', '--seed', '1', '--actions', '-'], 'look around\n');
    expect(play.code).toBe(0);
    const train = await cliInProcess(['train', '--backend', 'cpu', '--env', 'science-v0', '--env-size', '2', '--iterations', '0', '--hidden', '8', '--hash-buckets', '64', '--json']);
    expect(train.err.join('\n')).not.toMatch(/error/);
    expect(train.code).toBe(0);
  });
});

describe('an output path that cannot be written is refused before training', () => {
  it.each([
    ['--checkpoint', '/proc/x.rlrun'],
    ['--rollouts', '/proc/x.jsonl'],
  ])('train %s %s', async (flag, path) => {
    await refused(['train', '--backend', 'cpu', '--iterations', '3', '--tasks', '1', '--group-size', '2', flag, path], new RegExp(`${flag} "${path.replace(/\./g, '\\.')}" cannot be written`));
  });
});
