import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingIo } from '../../cli/in-process';
import { evalCommand } from '../../../src/cli/commands/eval';
import { evaluateCheckpoint } from '../../../src/core/experiments/evaluate';
import { checkpointFromJson, checkpointToJson, Trainer, validateConfig, type CheckpointJson } from '../../../src/core/train';

const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-evaluate-'));
const file = join(dir, 'checkpoint.json');
let json: CheckpointJson;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  await tf.setBackend('wasm');
  const { config } = validateConfig({
    env: 'household-v0', taskType: 'pick_and_place_simple', envSize: 5, maxTurns: 6, iterations: 2, seed: 5, groupSize: 4, tasksPerIteration: 2, hidden: 32, hashBuckets: 256,
  });
  const trainer = await Trainer.create(config, { compare: false, records: false });
  await trainer.runIteration();
  await trainer.runIteration();
  json = checkpointToJson(await trainer.checkpoint());
  trainer.dispose();
  writeFileSync(file, JSON.stringify(json));
});

async function cli(argv: string[]) {
  const { io, out } = recordingIo();
  expect(await evalCommand.run(argv, io)).toBe(0);
  return JSON.parse(out[0]) as Record<string, unknown>;
}

describe('evaluation: the worker call and the CLI', () => {
  it('evaluateCheckpoint on a structured-cloned checkpoint (what the worker receives) gives the CLI eval numbers exactly', async () => {
    for (const [split, episodes, temperature] of [['unseen', 6, 0.4], ['seen', 5, 1]] as const) {
      const fromCli = await cli(['--checkpoint', file, '--split', split, '--episodes', String(episodes), '--temperature', String(temperature), '--backend', 'wasm', '--json']);
      const inWorker = await evaluateCheckpoint(checkpointFromJson(structuredClone(json)), { split, episodes, temperature, backend: tf.getBackend() });
      const { checkpoint: _file, backend, ...cliRecord } = fromCli;
      expect(backend).toBe('wasm');
      expect(inWorker).toEqual(cliRecord);
      expect(inWorker).toMatchObject({ split, episodes, temperature, iteration: 2, seed: 5 });
    }
  });

  it('plays one member per task on the eval-env stream and never updates: weights unchanged, episodes = tasks', async () => {
    const cp = checkpointFromJson(structuredClone(json));
    const before = Array.from(cp.weights.outW.data);
    const a = await evaluateCheckpoint(cp, { split: 'seen', episodes: 7, temperature: 0.4 });
    const b = await evaluateCheckpoint(cp, { split: 'seen', episodes: 7, temperature: 0.4 });
    expect(a.episodes).toBe(7);
    expect(a).toEqual(b);
    expect(Array.from(cp.weights.outW.data)).toEqual(before);
  });
});
