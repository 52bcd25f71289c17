/**
 * α(k) counts k = 1..K (the paper's 0 ≤ α_final ≤ α(k) < α_init ≤ 1): the first update already
 * decays, the last one uses α_final, and K belongs to the run, so resuming for longer never makes
 * α jump back up.
 */
import '@tensorflow/tfjs'; // registers a backend and the gradients (src/core imports tfjs-core only)
import { describe, expect, it } from 'vitest';
import { Trainer } from '../../../src/core/train/trainer';
import { estimatorParams, scheduleHorizon } from '../../../src/core/train/advantages';
import { extendCheckpoint } from '../../../src/core/train/checkpoint';
import { DEFAULT_CONFIG } from '../../../src/core/train/config';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from './small-config';

describe('α(k) indexing', () => {
  it('K = 3 gives 0.0833, 0.0667 and exactly α_final on the last iteration', () => {
    const cfg = { ...DEFAULT_CONFIG, iterations: 3 };
    const alphas = [1, 2, 3].map((k) => estimatorParams(cfg, 'planpo', k).alpha as number);
    expect(alphas[0]).toBeCloseTo(0.1 - 0.05 / 3, 12);
    expect(alphas[1]).toBeCloseTo(0.1 - 0.1 / 3, 12);
    expect(alphas[2]).toBe(0.05);
    for (const a of alphas) expect(a < 0.1 && a >= 0.05).toBe(true);
  });

  it('the trainer reports α(1), α(2), α(3) for a three-iteration run, and records carry the same α', async () => {
    const env = buttonEnv();
    const t = await Trainer.create(smallConfig({ estimator: 'planpo', iterations: 3 }), { env });
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { metrics, groups } = await t.runIteration();
      seen.push(metrics.alpha!);
      expect(groups[0][0].estimator_advantages.planpo.components.alpha).toBe(metrics.alpha);
    }
    t.dispose();
    expect(seen.map((a) => a.toFixed(4))).toEqual(['0.0833', '0.0667', '0.0500']);
  });

  it('resuming a K = 2 run for 4 iterations keeps K = 2: α stays at α_final instead of jumping up', async () => {
    const env = buttonEnv();
    const t = await Trainer.create(smallConfig({ estimator: 'planpo', iterations: 2 }), { env });
    await t.runIteration();
    await t.runIteration();
    const cp = extendCheckpoint(await t.checkpoint(), 4);
    t.dispose();
    expect(cp.config.iterations).toBe(4);
    expect(scheduleHorizon(cp.config)).toBe(2);
    const resumed = await Trainer.create(cp.config, { env, checkpoint: cp });
    const { metrics } = await resumed.runIteration();
    resumed.dispose();
    expect(metrics.iteration).toBe(3);
    expect(metrics.alpha).toBe(0.05); // with K = 4 it would have been 0.0625, above α(2) = 0.05
  });
});
