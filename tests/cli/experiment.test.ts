import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/args';
import { experimentCommand, gitCommit, portableArgs, reportContext } from '../../src/cli/commands/experiment';
import { COMMANDS } from '../../src/cli/commands/index';
import { parseResults } from '../../src/core/experiments/results';
import { readCheckpointFile } from '../../src/cli/run-file-io';
import { recordingIo } from './in-process';

const captureIo = () => recordingIo();

const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-experiment-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Tests that train: a few seconds alone, over a minute when the machine is busy (as in train.test.ts).
const TRAINING_TIMEOUT = 180_000;
const TINY = ['--size', 'reduced', '--seeds', '1', '--iterations', '2', '--group-size', '2', '--tasks', '1', '--backend', 'cpu', '--jobs', '1'];

describe('npm run cli -- experiment', () => {
  it('records its command without the absolute paths of the machine that ran it', () => {
    expect(portableArgs(['main', '--out', '/work/exp/main-household', '--seeds', '5'], '/repo')).toEqual(['main', '--out', 'exp/main-household', '--seeds', '5']);
    expect(portableArgs(['--render', '/tmp/a/results.json,/repo/docs/b/results.json'], '/repo')).toEqual(['--render', 'a/results.json,docs/b/results.json']);
    expect(portableArgs(['--out', 'docs/experiments/main', '--arms', 'grpo,planpo'], '/repo')).toEqual(['--out', 'docs/experiments/main', '--arms', 'grpo,planpo']);
  });

  it('is registered as a CLI command next to eval', () => {
    expect(COMMANDS.map((c) => c.name)).toEqual(expect.arrayContaining(['experiment', 'eval']));
  });

  it('--dry-run prints one line per planned run without training', async () => {
    const { io, out, err } = captureIo();
    expect(await experimentCommand.run(['alpha-ablation', '--seeds', '2', '--dry-run'], io)).toBe(0);
    expect(out).toHaveLength(30); // 5 α values × 3 environments × 2 seeds
    expect(out[0]).toMatch(/^alpha-0\.5\/household-v0\/seed1 {2}\{.*"estimatorParams":\{"alphaInit":0\.5/);
    expect(out[2]).toMatch(/^alpha-0\.5\/shop-v0\/seed1 {2}\{/);
    expect(err[0]).toMatch(/experiment alpha-ablation \(full\): 30 runs = arms × \[household-v0, shop-v0, science-v0\]/);
  });

  it('a tiny overhead experiment writes results.json, report.md and its SVG, with progress and an ETA on stderr', async () => {
    const out = join(dir, 'overhead');
    const cap = captureIo();
    expect(await experimentCommand.run(['overhead', ...TINY, '--out', out], cap.io)).toBe(0);
    expect(cap.out).toEqual([join(out, 'report.md')]);
    expect(cap.err.some((l) => /ETA \d/.test(l))).toBe(true);
    expect(cap.err.at(-1)).toMatch(/^done in .*; wrote 3 files/);
    const results = parseResults(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')));
    expect(results.runs.map((r) => r.runId)).toEqual(['grpo/household-v0/seed1', 'planpo/household-v0/seed1']);
    expect(results.runs[0].metrics).toHaveLength(2);
    expect(results.runs[0].resolvedConfig).toMatchObject({ estimator: 'grpo', groupSize: 2, tasksPerIteration: 1, envSize: 4 });
    expect(results.provenance).toMatchObject({ command: `npm run -s cli -- experiment overhead ${TINY.join(' ')} --out ${basename(dir)}/overhead`, backend: 'cpu', packageVersion: '0.1.0', tfjsVersion: '4.22.0' });
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('![Time per iteration by phase](timing.svg)');
    expect(readFileSync(join(out, 'timing.svg'), 'utf8')).toMatch(/^<svg/);
  }, TRAINING_TIMEOUT);

  it('--render rebuilds the report from an existing results.json without training', async () => {
    const out = join(dir, 'rendered');
    const cap = captureIo();
    expect(await experimentCommand.run(['--render', join(dir, 'overhead', 'results.json'), '--out', out], cap.io)).toBe(0);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toBe(readFileSync(join(dir, 'overhead', 'report.md'), 'utf8'));
    expect(existsSync(join(out, 'timing.svg'))).toBe(true);
  });

  it('--render says in report.md when the runs did not run at HEAD, and what differs in src/core', async () => {
    const results = parseResults(JSON.parse(readFileSync(join(dir, 'overhead', 'results.json'), 'utf8')));
    const head = gitCommit();
    expect(head).toMatch(/^[0-9a-f]{4,40}(\+dirty)?$/);
    expect(reportContext(results)).toEqual({ head, coreChanges: {} });
    const render = async (commit: string) => {
      const file = join(dir, `commit-${commit.slice(0, 7)}.json`);
      writeFileSync(file, JSON.stringify({ ...results, provenance: { ...results.provenance, commit } }));
      const out = join(dir, `rendered-${commit.slice(0, 7)}`);
      expect(await experimentCommand.run(['--render', file, '--out', out], captureIo().io)).toBe(0);
      return readFileSync(join(out, 'report.md'), 'utf8');
    };
    expect(await render(head!)).toContain(`Every run ran at ${head}, the commit this report was rendered at (HEAD).`);
    expect(await render('0000000')).toContain(`**Not HEAD:** runs at commit 0000000 did not run at ${head}, the commit (HEAD) this report was rendered at; whether src/core differs between the two is not known.`);
    const full = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(); // the same commit, not spelt as gitCommit spells it
    const changes = reportContext({ ...results, provenance: { ...results.provenance, commit: full } }).coreChanges?.[full];
    const dirty = execFileSync('git', ['diff', '--name-only', 'HEAD', '--', 'src/core'], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(changes).toEqual([...new Set(dirty.map((f) => f.split('/').slice(0, 3).join('/')))].sort()); // [] on a clean checkout
  });

  it('--render a,b merges runs of one experiment made separately (--arms) into one results.json and report, keeping each part\'s provenance', async () => {
    const parts = ['grpo', 'planpo'].map((arm) => join(dir, `part-${arm}`));
    for (const [i, arm] of ['grpo', 'planpo'].entries()) {
      expect(await experimentCommand.run(['overhead', ...TINY, '--arms', arm, '--out', parts[i]], captureIo().io)).toBe(0);
    }
    const files = parts.map((p) => join(p, 'results.json'));
    const out = join(dir, 'merged');
    expect(await experimentCommand.run(['--render', files.join(','), '--out', out], captureIo().io)).toBe(0);
    const merged = parseResults(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')));
    expect(merged.runs.map((r) => r.runId)).toEqual(['grpo/household-v0/seed1', 'planpo/household-v0/seed1']);
    expect(merged.parts?.map((p) => [p.arms, p.runs])).toEqual([[['grpo'], 1], [['planpo'], 1]]);
    const report = readFileSync(join(out, 'report.md'), 'utf8');
    expect(report).toContain('Merged from 2 runs of the experiment');
    expect(report).toContain(`--arms grpo --out ${basename(dir)}/part-grpo`);
    expect(report).toContain(`--arms planpo --out ${basename(dir)}/part-planpo`);
    await expect(experimentCommand.run(['--render', `${files[0]},${files[0]}`, '--out', join(dir, 'twice')], captureIo().io))
      .rejects.toThrow(/run grpo\/household-v0\/seed1 appears in more than one part/);
    const other = join(dir, 'part-longer');
    expect(await experimentCommand.run(['overhead', ...TINY.slice(0, -6), '--iterations', '1', '--group-size', '2', '--tasks', '1', '--backend', 'cpu', '--arms', 'planpo', '--out', other], captureIo().io)).toBe(0);
    await expect(experimentCommand.run(['--render', `${files[0]},${join(other, 'results.json')}`, '--out', join(dir, 'mixed')], captureIo().io))
      .rejects.toThrow(/only runs of one size can share a table/);
  }, TRAINING_TIMEOUT);

  it('ood evaluates each trained policy on seen and unseen tasks through a checkpoint file, then removes the checkpoints', async () => {
    const out = join(dir, 'ood');
    expect(await experimentCommand.run(['ood', ...TINY, '--eval-episodes', '2', '--out', out], captureIo().io)).toBe(0);
    const results = parseResults(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')));
    for (const run of results.runs) {
      expect(run.evaluation.map((e) => [e.split, e.episodes, e.temperature])).toEqual([['seen', 2, 0.4], ['unseen', 2, 0.4]]);
    }
    expect(existsSync(join(out, 'checkpoints'))).toBe(false);
  }, TRAINING_TIMEOUT);

  it('ood keeps each trained policy as a run file (.rlrun, the one checkpoint form) with --keep-checkpoints', async () => {
    const out = join(dir, 'ood-kept');
    expect(await experimentCommand.run(['ood', ...TINY, '--arms', 'grpo', '--eval-episodes', '1', '--keep-checkpoints', '--out', out], captureIo().io)).toBe(0);
    expect(readdirSync(join(out, 'checkpoints'))).toEqual(['grpo_household-v0_seed1.rlrun']);
    const { checkpoint } = await readCheckpointFile(join(out, 'checkpoints', 'grpo_household-v0_seed1.rlrun'));
    expect(checkpoint.iteration).toBe(2);
  }, 2 * TRAINING_TIMEOUT);

  it('an unknown experiment or option is a user error that names the valid choices', async () => {
    await expect(experimentCommand.run(['nope', '--dry-run'], captureIo().io)).rejects.toThrow(/unknown experiment "nope"; valid: main, alpha-ablation/);
    await expect(experimentCommand.run(['main', '--sedes', '2'], captureIo().io)).rejects.toBeInstanceOf(CliError);
    await expect(experimentCommand.run([], captureIo().io)).rejects.toThrow(/experiment NAME is required/);
  });
});
