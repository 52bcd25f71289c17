/**
 * The CLI as a real process: what `src/cli/main.ts` adds around `runCli` (exit status, stdout and
 * stderr kept apart, stdin read from the pipe, a reader that stops early). Every other CLI test
 * calls `runCli` in process (in-process.ts); each process here costs about 3 s of CPU (a Node
 * start, the tsx loader and tfjs), so there are two.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRollouts, toJsonl } from '../fixtures/make-rollouts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run cli -- ...` without npm's and tsx's wrapper processes: node with the tsx loader. */
const CLI = [process.execPath, '--import', 'tsx', 'src/cli/main.ts'];
const STACK_LINE = /\n\s+at /;

describe('the real CLI process', () => {
  it('exits 2 for a missing --config file with one plain line on stderr and nothing on stdout', () => {
    const result = spawnSync(CLI[0], [...CLI.slice(1), 'train', '--config', join(dir, 'missing.json')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^error: cannot read --config file .*missing\.json": no such file$/)]);
    expect(result.stdout).toBe('');
  }, 60_000);

  it('reads rollouts from a piped stdin and, piped into head, ends quietly with status 0 instead of an EPIPE stack trace', () => {
    // 4,000 trajectories give about 700 kB of output, far more than a pipe buffers, so the CLI is
    // still writing when head exits and the write fails with EPIPE.
    const input = join(dir, 'many.jsonl');
    writeFileSync(input, toJsonl(makeRollouts({ steps: 1, tasks: 50, groupSize: 80, turns: 2, words: 1 })));
    const err = join(dir, 'err.txt');
    const command = `${CLI.map((a) => `'${a}'`).join(' ')} advantages --in - --estimator grpo <'${input}' 2>'${err}' | head -1; echo "status \${PIPESTATUS[0]}" >&2`;
    const result = spawnSync('bash', ['-c', command], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ estimator: 'grpo', group_id: 'run:1:0' });
    expect(result.stderr.trim()).toBe('status 0');
    const stderr = readFileSync(err, 'utf8');
    expect(stderr).not.toMatch(/EPIPE/);
    expect(stderr).not.toMatch(STACK_LINE);
  }, 60_000);
});
