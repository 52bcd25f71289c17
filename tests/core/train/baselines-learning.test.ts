/**
 * "It learns" smoke tests of the two paper baselines, on the tiny button env (one turn, the task names
 * the button): EMPG through the batch path with the sampling entropies, Turn-PPO through the critic
 * path with the per-turn ratio. The household-v0 figures are CLI runs (docs/algorithms/*.md).
 */
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { Trainer } from '../../../src/core/train';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from './small-config';

describe('paper baselines learn', () => {
  for (const estimator of ['empg', 'turn-ppo']) {
    it(`${estimator} learns to press the button the task names within a few iterations`, async () => {
      await tf.setBackend('wasm');
      const config = smallConfig({
        estimator, seed: 1, iterations: 12, tasksPerIteration: 8, groupSize: 8, maxTurns: 1, hidden: 32, lr: 0.01,
      });
      const t = await Trainer.create(config, { env: buttonEnv() });
      const success: number[] = [];
      let entropies: unknown;
      for (let i = 0; i < config.iterations; i++) {
        const { metrics, groups } = await t.runIteration();
        success.push(metrics.successRate);
        entropies ??= groups[0]?.[0]?.turns[0]?.info?.entropy;
      }
      t.dispose();
      const first = (success[0] + success[1]) / 2;
      const last = (success[10] + success[11]) / 2;
      expect(first).toBeLessThan(0.35);
      expect(last).toBeGreaterThan(first + 0.3);
      expect(typeof entropies).toBe('number'); // the records carry H_{i,t} for EMPG to read back
    });
  }
});
