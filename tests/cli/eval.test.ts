import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalCommand } from '../../src/cli/commands/eval';
import { checkpointToJson, Trainer, validateConfig } from '../../src/core/train';
import { recordingIo } from './in-process';

const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-eval-'));
const file = join(dir, 'checkpoint.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  await tf.setBackend('cpu');
  const { config } = validateConfig({ env: 'household-v0', envSize: 5, maxTurns: 6, iterations: 0, seed: 7 });
  const trainer = await Trainer.create(config);
  writeFileSync(file, JSON.stringify(checkpointToJson(await trainer.checkpoint())));
  trainer.dispose();
});

function run(argv: string[]) {
  const { io, out } = recordingIo();
  return { done: evalCommand.run(argv, io), out };
}

describe('npm run cli -- eval', () => {
  it('--json prints one object with the split, episodes, temperature and success of the checkpoint', async () => {
    const { done, out } = run(['--checkpoint', file, '--split', 'unseen', '--episodes', '3', '--backend', 'cpu', '--json']);
    expect(await done).toBe(0);
    const result = JSON.parse(out[0]);
    expect(result).toMatchObject({ checkpoint: file, env: 'household-v0', seed: 7, iteration: 0, split: 'unseen', episodes: 3, temperature: 0.4, backend: 'cpu' });
    expect(result.successRate).toBeGreaterThanOrEqual(0);
    expect(result.meanTurns).toBeLessThanOrEqual(6);
  });

  it('evaluates the same checkpoint identically twice (seeded tasks and sampling)', async () => {
    const a = run(['--checkpoint', file, '--split', 'seen', '--episodes', '2', '--backend', 'cpu', '--json']);
    await a.done;
    const b = run(['--checkpoint', file, '--split', 'seen', '--episodes', '2', '--backend', 'cpu', '--json']);
    await b.done;
    expect(a.out).toEqual(b.out);
  });

  it('refuses a missing checkpoint flag, an unreadable file and a file that is not a checkpoint', async () => {
    await expect(run([]).done).rejects.toThrow(/--checkpoint FILE is required/);
    await expect(run(['--checkpoint', join(dir, 'missing.json')]).done).rejects.toThrow(/cannot read checkpoint file .*: no such file/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format":"x"}');
    await expect(run(['--checkpoint', bad]).done).rejects.toThrow(/not a Rollout Lab checkpoint/);
  });
});
