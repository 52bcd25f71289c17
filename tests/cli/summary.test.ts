/**
 * `summary` over a run folder (one step at a time), its split into parts and their merge, and
 * `convert` / `advantages` on a folder: every reader note named by file. The constant-memory case
 * runs the real CLI as a child process with a heap limit smaller than the run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runSampleFiles, type RunSampleOptions } from '../../src/core/io/samples/write-run';
import { cliInProcess } from './in-process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'summary-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function writeRun(name: string, options: RunSampleOptions): { dir: string; bytes: number; trajectories: number } {
  const dir = join(tmp, name);
  let bytes = 0;
  let trajectories = 0;
  for (const f of runSampleFiles(options)) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.text);
    bytes += f.text.length;
    trajectories += f.trajectories;
  }
  return { dir, bytes, trajectories };
}

const small = writeRun('agentgym', { layout: 'agentgym-rl', steps: 5, groupsPerStep: 4, groupSize: 4, maxTurns: 6, ranks: 2 });

describe('summary of a run folder', () => {
  it('one process over the folder and the merge of its 4 parts give byte-identical JSON', async () => {
    const whole = await cliInProcess(['summary', '--in', small.dir, '--json']);
    expect(whole.code).toBe(0);
    const states: string[] = [];
    for (let k = 1; k <= 4; k++) {
      const file = join(tmp, `part${k}.json`);
      const part = await cliInProcess(['summary', '--in', small.dir, '--part', `${k}/4`, '--state', '--out', file]);
      expect(part.code).toBe(0);
      states.push(file);
    }
    const merged = await cliInProcess(['summary', '--merge', ...states.reverse(), '--json']);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
    const summary = JSON.parse(whole.stdout) as { steps: Array<{ step: number; files: number; trajectories: number }>; total: { trajectories: number } };
    expect(summary.steps.map((s) => [s.step, s.files, s.trajectories])).toEqual([1, 2, 3, 4, 5].map((s) => [s, 2, 16]));
    expect(summary.total.trajectories).toBe(small.trajectories);
  });

  it('--csv has a header, one row per step and a total row; the readers\' notes go to stderr named by file', async () => {
    const result = await cliInProcess(['summary', '--in', small.dir, '--csv']);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0].split(',').slice(0, 4)).toEqual(['step', 'files', 'groups', 'trajectories']);
    expect(lines.map((l) => l.split(',')[0])).toEqual(['step', '1', '2', '3', '4', '5', 'total']);
    expect(result.err).toContain('step3/1.json: note: read as one JSON array');
  });

  it('a bad --part, two outputs at once and a file that is not a state are one-line errors', async () => {
    await expect(cliInProcess(['summary', '--in', small.dir, '--part', '5/4'])).resolves.toMatchObject({ code: 2 });
    const both = await cliInProcess(['summary', '--in', small.dir, '--json', '--csv']);
    expect(both.err.join('\n')).toMatch(/--json and --csv exclude each other/);
    const bogus = join(tmp, 'bogus.json');
    writeFileSync(bogus, '{"steps": []}');
    const merged = await cliInProcess(['summary', '--merge', bogus]);
    expect(merged.code).toBe(2);
    expect(merged.err.join('\n')).toMatch(/not a run summary state/);
  });
});

describe('convert and advantages on a run folder', () => {
  it('print every reader note of every file, named by its path, and read the steps in order', async () => {
    const converted = await cliInProcess(['convert', '--in', small.dir, '--out', '-']);
    const advantages = await cliInProcess(['advantages', '--in', small.dir, '--estimator', 'grpo']);
    for (const result of [converted, advantages]) {
      for (let s = 1; s <= 5; s++) for (const r of [0, 1]) expect(result.err).toContain(`step${s}/${r}.json: note: read as one JSON array`);
    }
    const steps = converted.out.join('\n').split('\n').map((l) => (JSON.parse(l) as { train_step: number }).train_step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(advantages.out).toHaveLength(small.trajectories);
  });

  it('convert streams a run larger than the heap limit it is given (a real process, --max-old-space-size=64)', () => {
    // The CLI itself (every command, zod, the tokenizer; tfjs loads only for a command that trains) holds ≈ 45 MB of
    // heap once loaded; the run is larger than the limit.
    const big = writeRun('big', { layout: 'rollouts-v1', steps: 60, groupsPerStep: 24, groupSize: 8, maxTurns: 10 });
    expect(big.bytes).toBeGreaterThan(70e6);
    const out = join(tmp, 'big.out.jsonl');
    const result = spawnSync(process.execPath, ['--max-old-space-size=64', '--import', 'tsx', 'src/cli/main.ts', 'convert', '--in', big.dir, '--out', out],
      { cwd: ROOT, encoding: 'utf8', timeout: 280_000 });
    expect(result.stderr).not.toMatch(/heap out of memory/);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`wrote ${big.trajectories} trajectories`));
    expect(statSync(out).size).toBeGreaterThan(big.bytes * 0.9);
    expect(readFileSync(out, 'utf8').slice(0, 30)).toContain('rollouts.v1');
  }, 300_000);
});
