import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { Trainer } from '../../../src/core/train';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from './small-config';

describe('learning smoke test', () => {
  for (const estimator of ['grpo', 'planpo']) {
    it(`${estimator} learns to press the button the task names within a few iterations`, async () => {
      await tf.setBackend('wasm');
      const config = smallConfig({
        estimator, seed: 1, iterations: 12, tasksPerIteration: 8, groupSize: 8, maxTurns: 1, hidden: 32, lr: 0.01,
      });
      const t = await Trainer.create(config, { env: buttonEnv() });
      const success: number[] = [];
      for (let i = 0; i < config.iterations; i++) success.push((await t.runIteration()).metrics.successRate);
      t.dispose();
      const first = (success[0] + success[1]) / 2;
      const last = (success[10] + success[11]) / 2;
      expect(first).toBeLessThan(0.35);
      expect(last).toBeGreaterThan(first + 0.3);
    });
  }
});
