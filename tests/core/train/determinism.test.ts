import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { Trainer, type IterationMetrics } from '../../../src/core/train';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from './small-config';

const env = buttonEnv({ walk: true });

async function firstIterations(backend: string, seed: number, n = 3): Promise<Array<Partial<IterationMetrics>>> {
  await tf.setBackend(backend);
  const t = await Trainer.create(smallConfig({ seed, lr: 0.01 }), { env });
  const out: Array<Partial<IterationMetrics>> = [];
  for (let i = 0; i < n; i++) {
    const { timing: _t, tokensPerSecond: _s, numTensors: _n, ...rest } = (await t.runIteration()).metrics;
    out.push(rest);
  }
  t.dispose();
  return out;
}

describe('determinism', () => {
  for (const backend of ['cpu', 'wasm']) {
    it(`gives identical metrics for the same seed on ${backend}`, async () => {
      const a = await firstIterations(backend, 11);
      const b = await firstIterations(backend, 11);
      expect(b).toEqual(a);
      const c = await firstIterations(backend, 12, 1);
      expect(c[0]).not.toEqual(a[0]);
    });
  }

  it('samples the same first-iteration rollouts on cpu and wasm (sampling is in JS; logits agree to float error)', async () => {
    const cpu = await firstIterations('cpu', 11, 1);
    const wasm = await firstIterations('wasm', 11, 1);
    for (const key of ['successRate', 'meanTurns', 'meanResponseTokens', 'tokens'] as const) expect(wasm[0][key]).toBe(cpu[0][key]);
    expect(wasm[0].loss!).toBeCloseTo(cpu[0].loss!, 4);
  });
});
