import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { checkpointFromJson, checkpointToJson, Trainer } from '../../../src/core/train';
import { validateRolloutTrajectory } from '../../../src/core/io';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from './small-config';

const env = buttonEnv({ walk: true });

beforeAll(async () => {
  await tf.setBackend('wasm');
});

describe('Trainer', () => {
  let trainer: Trainer;
  afterAll(() => trainer?.dispose());

  it('keeps numTensors constant over 20 iterations and frees everything on dispose', async () => {
    const before = tf.memory().numTensors;
    trainer = await Trainer.create(smallConfig(), { env });
    const counts: number[] = [];
    for (let i = 0; i < 20; i++) counts.push((await trainer.runIteration()).metrics.numTensors);
    expect(new Set(counts.slice(1)).size).toBe(1);
    expect(counts[0]).toBe(counts[19]);
    const probe = await Trainer.create(smallConfig(), { env });
    probe.dispose();
    expect(tf.memory().numTensors).toBe(counts[19]);
    expect(before).toBeLessThanOrEqual(counts[0]);
  });

  it("reads the task as the config's taskFeatures says: 'sentences' trains other weights than the default 'bag'", async () => {
    const after = async (overrides: Parameters<typeof smallConfig>[0]) => {
      const t = await Trainer.create(smallConfig({ lr: 0.01, ...overrides }), { env });
      await t.runIteration();
      const w = await t.policy.getWeights();
      const dims = t.policy.dims;
      t.dispose();
      return { encW: Array.from(w.encW.data), taskFeatures: dims.taskFeatures };
    };
    const bag = await after({});
    const again = await after({ taskFeatures: 'bag' });
    const sentences = await after({ taskFeatures: 'sentences' });
    expect(bag.taskFeatures).toBe('bag');
    expect(sentences.taskFeatures).toBe('sentences');
    expect(again.encW).toEqual(bag.encW);
    expect(sentences.encW).not.toEqual(bag.encW);
  });

  it('compare: a list of ids computes only those beside the trained estimator, and trains exactly as comparing every one', async () => {
    const run = async (compare: boolean | string[]) => {
      const t = await Trainer.create(smallConfig({ estimator: 'grpo' }), { env, compare });
      const results = [await t.runIteration(), await t.runIteration()];
      const weights = Array.from((await t.policy.getWeights()).outW.data);
      t.dispose();
      const { timing: _t, numTensors: _n, tokensPerSecond: _s, ...metrics } = results[1].metrics;
      return { keys: Object.keys(results[1].groups[0][0].estimator_advantages).sort(), metrics, weights, planpo: results[1].groups[0][0].estimator_advantages.planpo };
    };
    const all = await run(true);
    const two = await run(['planpo']);
    expect(all.keys.length).toBeGreaterThan(10);
    expect(two.keys).toEqual(['grpo', 'planpo']);
    expect(two.planpo).toEqual(all.planpo);
    expect(two.metrics).toEqual(all.metrics);
    expect(two.weights).toEqual(all.weights);
    expect((await run(false)).keys).toEqual(['grpo']);
  });

  it('moves the weights and leaves the reference policy frozen', async () => {
    const t = await Trainer.create(smallConfig({ lr: 0.01 }), { env });
    const w0 = await t.policy.getWeights();
    const ref0 = Array.from(t.policy.reference.outW.dataSync());
    await t.runIteration();
    await t.runIteration();
    const w1 = await t.policy.getWeights();
    for (const name of ['encW', 'decW', 'hidW', 'outW', 'outB'] as const) {
      const moved = w1[name].data.some((v, i) => v !== w0[name].data[i]);
      expect(moved, name).toBe(true);
    }
    expect(Array.from(t.policy.reference.outW.dataSync())).toEqual(ref0);
    t.dispose();
  });

  it('reports the metrics of issue 5 and rollout groups with every estimator on the same responses', async () => {
    const t = await Trainer.create(smallConfig({ estimator: 'planpo' }), { env });
    const { metrics, groups } = await t.runIteration();
    t.dispose();
    const alpha1 = 0.1 + (0.05 - 0.1) / t.config.iterations; // α(k) at k = 1 of K
    for (const key of ['iteration', 'successRate', 'meanTurns', 'meanSuccessTurns', 'meanOracleTurns', 'meanResponseTokens',
      'zeroStdGroupFraction', 'loss', 'kl', 'clipFraction', 'entropy', 'timing', 'numTensors', 'backend', 'alpha']) {
      expect(metrics, key).toHaveProperty(key);
    }
    expect(metrics.iteration).toBe(1);
    expect(metrics.alpha).toBeCloseTo(alpha1, 12);
    expect(metrics.backend).toBe('wasm');
    expect(metrics.meanOracleTurns).toBe(2);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toHaveLength(4);
    const rec = groups[0][0];
    expect(validateRolloutTrajectory(JSON.parse(JSON.stringify(rec))).ok).toBe(true);
    expect(rec.oracle_turns).toBe(2);
    expect(Object.keys(rec.estimator_advantages)).toEqual(expect.arrayContaining(['grpo', 'planpo', 'rloo']));
    const planpo = rec.estimator_advantages.planpo;
    expect(planpo.components).toHaveProperty('trajectoryAdvantage');
    expect(planpo.components).toHaveProperty('responseAdvantage');
    expect(planpo.components.alpha).toBeCloseTo(alpha1, 12);
    expect(planpo.per_turn).toHaveLength(rec.turns.length);
    expect(rec.advantages?.per_turn).toEqual(planpo.per_turn);
    for (const turn of rec.turns) expect((turn.info as { ref_log_probs: number[] }).ref_log_probs).toBeDefined();
  });

  it('trains the value head only for an estimator with critic targets (ppo)', async () => {
    for (const [estimator, trained] of [['ppo', true], ['grpo', false]] as const) {
      const t = await Trainer.create(smallConfig({ estimator, lr: 0.01 }), { env });
      const before = Array.from((await t.policy.getWeights()).valW.data);
      const { metrics } = await t.runIteration();
      const moved = (await t.policy.getWeights()).valW.data.some((v, i) => v !== before[i]);
      t.dispose();
      expect(moved, estimator).toBe(trained);
      expect(metrics.valueLoss).toBeGreaterThanOrEqual(0);
    }
  });

  it('round-trips a checkpoint through JSON: same weights, same Adam state, same next iteration', async () => {
    const registered = { env: 'household-v0', envSize: 4, hidden: 8, hashBuckets: 64 }; // a checkpoint must name a registered env
    const a = await Trainer.create(smallConfig(registered));
    await a.runIteration();
    await a.runIteration();
    const json = JSON.parse(JSON.stringify(checkpointToJson(await a.checkpoint())));
    const b = await Trainer.create(smallConfig({ seed: 999 }), { checkpoint: checkpointFromJson(json) });
    expect(b.iteration).toBe(2);
    expect(b.config.seed).toBe(3);
    expect(Array.from((await b.policy.getWeights()).hidW.data)).toEqual(Array.from((await a.policy.getWeights()).hidW.data));
    expect(Array.from(b.policy.reference.outW.dataSync())).toEqual(Array.from(a.policy.reference.outW.dataSync()));
    const ra = await a.runIteration();
    const rb = await b.runIteration();
    const strip = (m: typeof ra.metrics) => ({ ...m, timing: 0, tokensPerSecond: 0, numTensors: 0 });
    expect(strip(rb.metrics)).toEqual(strip(ra.metrics));
    expect(Array.from((await b.policy.getWeights()).outW.data)).toEqual(Array.from((await a.policy.getWeights()).outW.data));
    a.dispose();
    b.dispose();
  });
});
