import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/command';
import { trainCommand, windowMeanReached } from '../../src/cli/commands/train';
import type { IterationMetrics } from '../../src/core/train';

const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-train-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'config.json');
writeFileSync(config, JSON.stringify({ env: 'household-v0', envSize: 4, maxTurns: 4, groupSize: 2, tasksPerIteration: 2, hidden: 8, hashBuckets: 64, seed: 3 }));

async function train(flags: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), readStdin: async () => '', isTty: false };
  const code = await trainCommand.run(['--config', config, '--backend', 'cpu', '--json', ...flags], io);
  return { code, metrics: out.map((l) => JSON.parse(l) as IterationMetrics), err };
}

describe('train --stop-at-success', () => {
  it('windowMeanReached needs a full window whose mean reaches the target', () => {
    expect(windowMeanReached([1, 1], 0.7, 3)).toBe(false);
    expect(windowMeanReached([0, 0.5, 1], 0.75, 3)).toBe(false);
    expect(windowMeanReached([0, 0.5, 1, 0.75], 0.75, 3)).toBe(true);
    expect(windowMeanReached([0.2], 0.2, 1)).toBe(true);
  });

  it('ends the run at the first iteration whose window mean reaches the target, and says so', async () => {
    const run = await train(['--iterations', '5', '--stop-at-success', '0', '--stop-window', '2']);
    expect(run.code).toBe(0);
    expect(run.metrics.map((m) => m.iteration)).toEqual([1, 2]);
    expect(run.err.some((l) => l.startsWith('stopping: mean success of the last 2 iterations ≥ 0'))).toBe(true);
  });

  it('runs every iteration when the target is never reached', async () => {
    const run = await train(['--iterations', '2', '--stop-at-success', '1', '--stop-window', '2']);
    expect(run.metrics.map((m) => m.iteration)).toEqual([1, 2]);
    expect(run.metrics[0].successRate).toBeLessThan(1);
    expect(run.err.some((l) => l.startsWith('stopping:'))).toBe(false);
  });

  it('refuses a target outside 0..1 and a window below 1 before training', async () => {
    await expect(train(['--stop-at-success', '1.5'])).rejects.toThrow(/--stop-at-success must be in 0\.\.1/);
    await expect(train(['--stop-at-success', '0.5', '--stop-window', '0'])).rejects.toThrow(/--stop-window must be ≥ 1/);
  });
});
