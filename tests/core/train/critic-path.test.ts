/**
 * The critic path is declared per entry (trainsCritic, criticTarget), and the records carry the
 * advantages the update used: for critic estimators the batch-whitened ones, with Â and the batch
 * statistics kept in the components.
 */
import '@tensorflow/tfjs'; // registers a backend and the gradients (src/core imports tfjs-core only)
import { describe, expect, it } from 'vitest';
import { ESTIMATOR_IDS, getEstimator } from '../../../src/core/advantage/registry';
import { Trainer } from '../../../src/core/train/trainer';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from './small-config';

describe('the critic path', () => {
  it('is taken by exactly the entries that declare it: ppo, turn-ppo and both length-shaping baselines', () => {
    expect(ESTIMATOR_IDS.filter((id) => getEstimator(id).trainsCritic).sort())
      .toEqual(['length-shaping-success', 'length-shaping-unconditional', 'ppo', 'turn-ppo']);
  });

  it.each(['length-shaping-unconditional', 'ppo', 'turn-ppo'])('%s: records carry the whitened advantages the update used', async (estimator) => {
    const t = await Trainer.create(smallConfig({ estimator, groupSize: 4, tasksPerIteration: 2 }), { env: buttonEnv() });
    const { groups } = await t.runIteration();
    t.dispose();
    const used: number[] = groups.flat().flatMap((r) => r.advantages!.per_turn!);
    const raw = groups.flat().flatMap((r) => r.estimator_advantages[estimator].components.rawAdvantage as number[]);
    const c = groups[0][0].estimator_advantages[estimator].components;
    const mu = c.batchMean as number;
    const scale = c.batchScale as number;
    expect(used.length).toBeGreaterThan(1);
    used.forEach((a, i) => expect(a).toBeCloseTo((raw[i] - mu) / scale, 12));
    const mean = used.reduce((s, a) => s + a, 0) / used.length;
    expect(Math.abs(mean)).toBeLessThan(1e-9);
    expect(groups[0][0].advantages!.per_turn).toEqual(groups[0][0].estimator_advantages[estimator].per_turn);
  });

  it('a group-normalized estimator is not whitened', async () => {
    const t = await Trainer.create(smallConfig({ estimator: 'grpo' }), { env: buttonEnv() });
    const { groups } = await t.runIteration();
    t.dispose();
    expect(Object.keys(groups[0][0].estimator_advantages.grpo.components)).toEqual(['groupMean', 'groupScale']);
  });
});
