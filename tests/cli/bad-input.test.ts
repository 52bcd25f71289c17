import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliInProcess } from './in-process';

const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-bad-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const folder = join(dir, 'a-folder');
mkdirSync(folder);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

const cli = (argv: string[], stdin = '') => cliInProcess(argv, stdin);

/** The command fails with exit 2 and exactly one plain `error:` line matching `pattern`. */
async function expectUserError(argv: string[], pattern: RegExp) {
  const result = await cli(argv);
  expect(result.err).toHaveLength(1);
  expect(result.err[0]).toMatch(/^error: /);
  expect(result.err[0]).not.toMatch(/internal error/);
  expect(result.err[0]).toMatch(pattern);
  expect(result.err[0]).not.toMatch(CONTROL);
  expect(result.code).toBe(2);
  return result;
}

const TRAIN = ['train', '--backend', 'cpu', '--iterations', '1', '--group-size', '2', '--tasks', '1', '--max-turns', '3'];

describe('train refuses bad --config files with one plain line and exit 2', () => {
  it.each([
    ['a missing file', join(dir, 'missing.json'), /cannot read --config file .*: no such file/],
    ['a directory', folder, /cannot read --config file .*: it is a directory/],
    ['malformed JSON', file('malformed.json', '{"seed": 1,'), /is not valid JSON/],
    ['an empty file', file('empty.json', '  \n'), /is empty; expected JSON/],
    ['the number 5', file('five.json', '5'), /holds a number \(5\); expected a JSON object/],
    ['null', file('null.json', 'null'), /holds null; expected a JSON object/],
    ['an array', file('array.json', '[1]'), /holds an array; expected a JSON object/],
    ['binary data', file('binary.json', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff, 0xfe])), /is not text \(binary data\)/],
  ])('%s', async (_what, path, pattern) => {
    await expectUserError([...TRAIN, '--config', path], pattern);
  });

  it('an unknown config key is named with the closest real key', async () => {
    const path = file('typo.json', JSON.stringify({ seeed: 3, groupsize: 4 }));
    await expectUserError([...TRAIN, '--config', path], /unknown config key "seeed"; did you mean seed\?; unknown config key "groupsize"; did you mean groupSize\?/);
  });

  it('a bad value in the file is named, with what was expected', async () => {
    const path = file('bad-value.json', JSON.stringify({ historyLength: 99 }));
    await expectUserError([...TRAIN, '--config', path], /historyLength: expected an integer in 0\.\.16, got 99/);
  });
});

describe('train refuses bad --resume files and output paths before training', () => {
  it.each([
    ['a missing checkpoint', join(dir, 'nope.json'), /cannot read checkpoint file .*: no such file/],
    ['a directory', folder, /cannot read checkpoint file .*: it is a directory/],
    ['a JSON file that is not a checkpoint', file('not-cp.json', '{"format":"something-else"}'), /not-cp\.json": not a Rollout Lab checkpoint/],
    ['malformed JSON', file('bad-cp.json', '{"format":'), /neither a run file \(\.rlrun\) nor a JSON checkpoint/],
  ])('--resume with %s', async (_what, path, pattern) => {
    await expectUserError([...TRAIN, '--resume', path], pattern);
  });

  it('--rollouts into a missing directory is refused before any iteration runs', async () => {
    const { out } = await expectUserError([...TRAIN, '--rollouts', join(dir, 'no-such-dir', 'r.jsonl')], /--rollouts .*: folder .* does not exist/);
    expect(out).toEqual([]);
  });

  it('a directory passed to --checkpoint is refused before training (no iteration printed)', async () => {
    const { out } = await expectUserError([...TRAIN, '--iterations', '50', '--checkpoint', folder], /--checkpoint .* is a directory; give a file name/);
    expect(out).toEqual([]);
  });
});

describe('flags and values', () => {
  it('an unknown flag is named with a did-you-mean', async () => {
    await expectUserError([...TRAIN, '--iteratons', '3'], /unknown option --iteratons; did you mean --iterations\?/);
  });

  it('a seed above 4294967295 is refused by train and by env play alike', async () => {
    await expectUserError([...TRAIN, '--seed', '4294967296'], /seed: expected an integer in 0\.\.4294967295/);
    await expectUserError(['env', 'play', '--env', 'household-v0', '--seed', '4294967296', '--actions', '-'], /--seed must be an integer in 0\.\.4294967295/);
  });

  it('env play --sed names --sed, not a missing --seed', async () => {
    await expectUserError(['env', 'play', '--env', 'household-v0', '--sed', '1'], /unknown option --sed; did you mean --seed\?/);
  });

  it('a non-number, a non-integer and an unknown choice are each named', async () => {
    await expectUserError([...TRAIN, '--lr', 'fast'], /--lr: expected a number > 0 and ≤ 1, got "fast"/);
    await expectUserError([...TRAIN, '--seed='], /--seed: expected an integer in 0\.\.4294967295, got ""/);
    await expectUserError([...TRAIN, '--group-size', '2.5'], /--group-size: expected an integer in 1\.\.64, got "2\.5"/);
    await expectUserError([...TRAIN, '--backend', 'cpx'], /unknown --backend "cpx"; did you mean cpu\?/);
    await expectUserError(['trian'], /unknown command "trian"; did you mean train\?/);
  });

  it('a huge value is echoed cut to a readable length with its total size', async () => {
    const huge = 'x'.repeat(192_000);
    const { err } = await expectUserError([...TRAIN, '--env', huge], /… \(192,000 characters\)/);
    expect(err[0].length).toBeLessThan(600);
  });

  it('control characters in echoed input are escaped', async () => {
    const { err } = await expectUserError([...TRAIN, '--estimator', '\u001b[31mred\u0007'], /\\x1b\[31mred\\x07/);
    expect(err[0]).not.toContain('\u001b');
  });
});

describe('echoed text from files never reaches the terminal raw', () => {
  it('env play escapes control characters in action text (and in observations that quote it)', async () => {
    const actions = file('actions.txt', 'look\u001b[2J\ninventory\u0007\n');
    const { code, out } = await cli(['env', 'play', '--env', 'household-v0', '--seed', '1', '--actions', actions]);
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('> look\\x1b[2J');
    expect(out.join('\n')).not.toMatch(CONTROL);
  });

  it('advantages reports malformed lines without copying their control bytes to stderr', async () => {
    // A record whose ids hold escape sequences (JSON-escaped, so real ESC bytes once parsed) and a raw malformed line.
    const record = JSON.stringify({ schema: 'rollouts.v1', group_id: 'g\u001b[2J', traj_id: 't\u001b]0;x\u0007', turns: [] });
    const input = file('rollouts.jsonl', `${record}\n{"bad\u001b]0;title\u0007 json\n`);
    const { code, err } = await cli(['advantages', '--in', input, '--estimator', 'grpo']);
    expect(code).not.toBe(0);
    expect(err.length).toBeGreaterThanOrEqual(1);
    expect(err.join('\n')).not.toMatch(CONTROL);
    expect(err.join('\n')).not.toMatch(/internal error/);
  });

  it('advantages on a file with no readable line gives one plain line and exit 2', async () => {
    await expectUserError(['advantages', '--in', file('junk.jsonl', '\u001b[31m not json\n'), '--estimator', 'grpo'], /no line of it is valid JSON/);
  });
});

describe('a missing --config file through runCli (the real process: process.test.ts)', () => {
  it('prints one plain line, nothing on stdout, and exits 2', async () => {
    const result = await cli(['train', '--config', join(dir, 'missing.json')]);
    expect(result.code).toBe(2);
    expect(result.err).toEqual([expect.stringMatching(/^error: cannot read --config file .*missing\.json": no such file$/)]);
    expect(result.out).toEqual([]);
  });
});
