/**
 * `train --resume`, `eval --checkpoint` and train's stop and output flags on bad input: every case
 * is refused before training with one plain `error:` line and exit 2, never an internal error and
 * never accepted without a word.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { cliInProcess, expectRefused } from './in-process';

const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-bad-resume-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TRAIN = ['train', '--backend', 'cpu', '--group-size', '2', '--tasks', '1', '--max-turns', '3', '--hidden', '8', '--hash-buckets', '64'];
const good = join(dir, 'good.rlrun');

beforeAll(async () => {
  const made = await cliInProcess([...TRAIN, '--iterations', '2', '--checkpoint', good]);
  expect(made.code).toBe(0);
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A copy of the good run file with run.json edited. */
function edited(name: string, edit: (h: Json) => void): string {
  const entries = unzipSync(new Uint8Array(readFileSync(good)));
  const h = JSON.parse(strFromU8(entries['run.json'])) as Json;
  edit(h);
  const path = join(dir, name);
  writeFileSync(path, zipSync({ 'run.json': strToU8(JSON.stringify(h)), 'tensors.bin': entries['tensors.bin'] }));
  return path;
}

const refused = expectRefused;

describe('train --resume with a run setting that differs from the run file', () => {
  it.each([
    ['--env', ['--env', 'shop-v0'], /--env "shop-v0" conflicts with the run file's env "household-v0"/],
    ['--hidden', ['--hidden', '16'], /--hidden 16 conflicts with the run file's hidden 8/],
    ['--seed', ['--seed', '9'], /--seed 9 conflicts with the run file's seed 1/],
    ['--estimator', ['--estimator', 'grpo'], /--estimator "grpo" conflicts with the run file's estimator "planpo"/],
  ])('%s names the conflict and exits 2', async (_flag, extra, pattern) => {
    await refused([...TRAIN, '--iterations', '3', '--resume', good, ...extra], pattern);
  });

  it('a --config key that differs is named as that key', async () => {
    const config = join(dir, 'cfg.json');
    writeFileSync(config, JSON.stringify({ groupSize: 4 }));
    await refused([...TRAIN.filter((a, i) => a !== '--group-size' && TRAIN[i - 1] !== '--group-size'), '--config', config, '--resume', good], /--config groupSize 4 conflicts with the run file's groupSize 2/);
  });

  it('--iterations below the iterations already done is refused; the same flags and more iterations continue the run', async () => {
    await refused([...TRAIN, '--iterations', '1', '--resume', good], /--iterations 1 is fewer than the 2 iterations the run file has already done/);
    const more = await cliInProcess([...TRAIN, '--iterations', '3', '--json', '--resume', good]);
    expect(more.code).toBe(0);
    expect(more.out.map((l) => (JSON.parse(l) as { iteration: number }).iteration)).toEqual([3]);
  });
});

describe('train --resume and eval --checkpoint on a damaged run file', () => {
  it.each([
    ['an iteration that is a string', (h: Json) => (h.checkpoint.iteration = 'two'), /checkpoint\.iteration: iteration must be a number, got "two"/],
    ['an iteration of 1e15', (h: Json) => (h.checkpoint.iteration = 1e15), /checkpoint\.iteration: iteration must be at most 100000/],
    ['a negative iteration', (h: Json) => (h.checkpoint.iteration = -1), /checkpoint\.iteration: iteration must be ≥ 0, got -1/],
    ['an unknown environment', (h: Json) => (h.checkpoint.config.env = 'bogus-v9'), /checkpoint\.config\.env: expected one of .*got "bogus-v9"/],
    ['a hidden size its weights do not have', (h: Json) => (h.checkpoint.config.hidden = 32), /weight encW is \[64, 8\]; .*need \[64, 32\]/],
    ['a run config for another model', (h: Json) => (h.config.hidden = 32), /config\.hidden is 32 but checkpoint\.config\.hidden is 8/],
    ['a string seed', (h: Json) => (h.checkpoint.config.seed = '3'), /checkpoint\.config\.seed: expected an integer/],
    ['Adam moments emptied', (h: Json) => (h.checkpoint.optimizer.moments = []), /Adam took \d+ steps but its moments are missing/],
  ])('%s: exit 2, the problem named', async (name, edit, pattern) => {
    const path = edited(`${name.replace(/\W+/g, '-')}.rlrun`, edit);
    await refused([...TRAIN, '--iterations', '3', '--resume', path], pattern);
    await refused(['eval', '--backend', 'cpu', '--checkpoint', path, '--episodes', '1'], pattern);
  });
});

describe("train's stop and output flags are checked before any iteration", () => {
  it.each([
    [['--stop-after', '0'], /--stop-after must be ≥ 1 .*got 0/],
    [['--stop-after', '-1'], /--stop-after must be ≥ 1 .*got -1/],
    [['--stop-window', '5'], /--stop-window sets the window of --stop-at-success; give --stop-at-success X too/],
    [['--checkpoint', '/proc/x.rlrun'], /--checkpoint "\/proc\/x\.rlrun" cannot be written/],
  ])('%j is refused', async (extra, pattern) => {
    await refused([...TRAIN, '--iterations', '2', ...extra], pattern);
  });

  it('a config value out of range says the problem and never "using" a default', async () => {
    const config = join(dir, 'negative.json');
    writeFileSync(config, JSON.stringify({ iterations: -1 }));
    await refused([...TRAIN, '--config', config], /^error: iterations: expected an integer in 0\.\.100000, got -1$/);
  });
});

describe('experiment refuses what it cannot do before planning a run', () => {
  it.each([
    [['main', '--backend', 'webgpu', '--dry-run'], /unknown --backend "webgpu"; valid values: cpu, wasm/],
    [['main', '--out', 'FILE', '--dry-run'], /--out ".*a-file" is a file; expected a directory/],
    [['main', '--render', 'docs/experiments/ood/results.json', '--out', 'DIR'], /holds the results of experiment ood, not main/],
  ])('experiment %j', async (argv, pattern) => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    await refused(['experiment', ...argv.map((a) => (a === 'FILE' ? file : a === 'DIR' ? join(dir, 'render') : a))], pattern);
  });
});
