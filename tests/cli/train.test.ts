import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { trainCommand } from '../../src/cli/commands/train';
import { CHECKPOINT_FORMAT, checkpointToJson, decodeRunFile, type IterationMetrics } from '../../src/core/train';
import { recordingIo } from './in-process';

const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-train-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'config.json');
writeFileSync(config, JSON.stringify({ env: 'household-v0', envSize: 4, maxTurns: 6, groupSize: 4, tasksPerIteration: 2, hidden: 8, hashBuckets: 64, seed: 5 }));

async function train(flags: string[], file = config) {
  const { io, out, err } = recordingIo();
  const code = await trainCommand.run(['--config', file, '--backend', 'cpu', '--json', ...flags], io);
  return { code, metrics: out.map((l) => JSON.parse(l) as IterationMetrics), err };
}

const stable = (m: IterationMetrics) => ({ ...m, timing: null, tokensPerSecond: null, numTensors: null });

describe('npm run cli -- train --checkpoint / --resume', () => {
  it('resumes a PlanPO run from a run file with the same metrics as an uninterrupted run, and the file keeps every iteration', async () => {
    const whole = await train(['--iterations', '4']);
    expect(whole.metrics.map((m) => m.iteration)).toEqual([1, 2, 3, 4]);
    const file = join(dir, 'half.rlrun');
    const first = await train(['--iterations', '4', '--stop-after', '2', '--checkpoint', file]);
    expect(first.err.at(-1)).toBe(`run file written to ${file}`);
    const saved = decodeRunFile(new Uint8Array(readFileSync(file)));
    expect(saved.checkpoint!.iteration).toBe(2);
    expect(saved.metrics.map(stable)).toEqual(whole.metrics.slice(0, 2).map(stable));

    const final = join(dir, 'final.rlrun');
    const rest = await train(['--resume', file, '--checkpoint', final]);
    expect(rest.metrics.map((m) => m.iteration)).toEqual([3, 4]);
    expect(rest.metrics.map(stable)).toEqual(whole.metrics.slice(2).map(stable));
    const after = decodeRunFile(new Uint8Array(readFileSync(final)));
    expect(after.id).toBe(saved.id);
    expect(after.metrics.map((m) => m.iteration)).toEqual([1, 2, 3, 4]);
    expect(after.checkpoint!.iteration).toBe(4);
  }, 180_000); // three real training runs on the cpu backend: over a minute when the machine is busy

  it('no longer writes a JSON checkpoint, and still resumes from one (legacy) with a note', async () => {
    const file = join(dir, 'old.json');
    await expect(train(['--iterations', '1', '--checkpoint', file])).rejects.toThrow(/JSON checkpoints are a legacy form that is read, no longer written; name a run file/);
    const runFile = join(dir, 'one.rlrun');
    await train(['--iterations', '1', '--checkpoint', runFile]);
    writeFileSync(file, JSON.stringify(checkpointToJson(decodeRunFile(new Uint8Array(readFileSync(runFile))).checkpoint!)));
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe(CHECKPOINT_FORMAT);
    const rest = await train(['--resume', file, '--iterations', '2']);
    expect(rest.metrics.map((m) => m.iteration)).toEqual([2]);
    expect(rest.err[0]).toMatch(/old\.json"? is a JSON checkpoint \(a legacy format, read only\)/);
  });

  it('refuses a resume file that is neither, naming it', async () => {
    const bad = join(dir, 'bad.rlrun');
    writeFileSync(bad, 'not a run');
    await expect(train(['--resume', bad])).rejects.toThrow(/bad\.rlrun"?: neither a run file \(\.rlrun\) nor a JSON checkpoint/);
  });
});

describe('npm run cli -- train --stop-at-success X --stop-window N', () => {
  it('ends once the mean success of the last N iterations is ≥ X (X = 0: as soon as N iterations are logged), and says so', async () => {
    const whole = await train(['--iterations', '3']);
    const stopped = await train(['--iterations', '3', '--stop-at-success', '0', '--stop-window', '2']);
    expect(stopped.metrics.map((m) => m.iteration)).toEqual([1, 2]);
    expect(stopped.metrics.map(stable)).toEqual(whole.metrics.slice(0, 2).map(stable));
    expect(stopped.err).toContain('stop: mean success of the last 2 iterations is ≥ 0 at iteration 2');
  });

  it('refuses a threshold outside [0, 1]', async () => {
    await expect(train(['--iterations', '1', '--stop-at-success', '1.5'])).rejects.toThrow(/--stop-at-success must be in \[0, 1\], got 1\.5/);
  });
});
