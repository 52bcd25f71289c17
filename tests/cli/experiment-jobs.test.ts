/**
 * `experiment --jobs N` and the job-array recipe (`--dry-run --json`, `--unit K`, `--render`): the
 * same runs, bit for bit, whichever process trained them. Children are real Node processes (the
 * tsx loader and tfjs each), so the sizes are the smallest that still train: 2 runs × 2 iterations.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childArgs } from '../../src/cli/experiment-jobs';
import { parseResults, type ExperimentResults } from '../../src/core/experiments/results';
import { cliInProcess } from './in-process';

const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-jobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const TIMEOUT = 300_000;
const TINY = ['main', '--size', 'reduced', '--seeds', '1', '--iterations', '2', '--group-size', '2', '--tasks', '1', '--envs', 'household-v0', '--arms', 'grpo,planpo', '--backend', 'cpu'];

/**
 * What must not differ between processes: everything but wall-clock times, provenance and the
 * tfjs engine's live tensor count (a leak monitor of the process: in-process it also counts what
 * other test files of this worker hold).
 */
function numbers(results: ExperimentResults) {
  return results.runs.map(({ wallMs: _w, metrics, ...run }) => ({
    ...run, metrics: metrics.map(({ timing: _t, numTensors: _n, ...m }) => m),
  }));
}

const read = (file: string) => parseResults(JSON.parse(readFileSync(file, 'utf8')));

describe('experiment --jobs and --unit', () => {
  it('hands a child the plan flags only, never the parent\'s output, jobs or unit', () => {
    expect(childArgs(['main', '--seeds', '2', '--jobs', '4', '--out', '/x', '--dry-run', '--json', '--arms', 'grpo'])).toEqual(['main', '--seeds', '2', '--arms', 'grpo']);
    expect(childArgs(['main', '--jobs=2', '--unit', '3', '--backend', 'cpu'])).toEqual(['main', '--backend', 'cpu']);
  });

  it('--jobs 2 (two child processes) gives the same results as --jobs 1, bit for bit, with a progress line per iteration and an ETA', async () => {
    const one = await cliInProcess(['experiment', ...TINY, '--jobs', '1', '--out', join(dir, 'one')]);
    expect(one.code, one.stderr).toBe(0);
    const two = await cliInProcess(['experiment', ...TINY, '--jobs', '2', '--out', join(dir, 'two')]);
    expect(two.code, two.stderr).toBe(0);
    const a = read(join(dir, 'one', 'results.json'));
    const b = read(join(dir, 'two', 'results.json'));
    expect(a.runs).toHaveLength(2);
    expect(a.runs[0].metrics).toHaveLength(2);
    expect(numbers(b)).toEqual(numbers(a));
    expect(two.err.filter((l) => / it 2 success /.test(l))).toHaveLength(2);
    expect(two.err.filter((l) => / done · .*ETA /.test(l))).toHaveLength(2);
  }, TIMEOUT);

  it('the job-array recipe: --dry-run --json lists the units, --unit K runs one, --render merges them into the same runs', async () => {
    const listing = await cliInProcess(['experiment', ...TINY, '--dry-run', '--json', '--out', join(dir, 'array')]);
    expect(listing.code).toBe(0);
    const units = JSON.parse(listing.out.join('\n')) as { units: number; list: Array<{ unit: number; runId: string; command: string }> };
    expect(units.units).toBe(2);
    expect(units.list[1].command).toMatch(/^npm run -s cli -- experiment main .* --unit 1 --out .*array\/unit-1$/);
    for (const { unit } of units.list) {
      const r = await cliInProcess(['experiment', ...TINY, '--unit', String(unit), '--out', join(dir, 'array', `unit-${unit}`)]);
      expect(r.code, r.stderr).toBe(0);
    }
    const parts = units.list.map((u) => join(dir, 'array', `unit-${u.unit}`, 'results.json'));
    const merged = await cliInProcess(['experiment', '--render', parts.join(','), '--out', join(dir, 'array', 'merged')]);
    expect(merged.code, merged.stderr).toBe(0);
    const m = read(join(dir, 'array', 'merged', 'results.json'));
    expect(m.runs.map((r) => r.runId)).toEqual(units.list.map((u) => u.runId));
    expect(numbers(m)).toEqual(numbers(read(join(dir, 'one', 'results.json'))));
  }, TIMEOUT);

  it('refuses a unit outside the plan', async () => {
    const r = await cliInProcess(['experiment', ...TINY, '--unit', '2', '--out', join(dir, 'bad')]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--unit must be in 0\.\.1, got 2/);
  });
});
