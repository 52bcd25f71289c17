import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { CRITIC_WEIGHTS, WEIGHT_NAMES, type WeightName } from '../../../src/core/policy';
import { CHECKPOINT_FORMAT, checkpointFromJson, checkpointToJson, Trainer } from '../../../src/core/train';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from '../train/small-config';

const env = buttonEnv({ walk: true });
const POLICY_WEIGHTS = WEIGHT_NAMES.filter((n) => !CRITIC_WEIGHTS.includes(n));

beforeAll(async () => {
  await tf.setBackend('wasm');
});

async function afterOneIteration(valueCoef: number) {
  const t = await Trainer.create(smallConfig({ estimator: 'length-shaping-unconditional', valueCoef, lr: 0.01 }), { env });
  const { metrics } = await t.runIteration();
  const w = await t.policy.getWeights();
  t.dispose();
  return { metrics, w };
}

const same = (a: Float32Array, b: Float32Array) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

describe('separate critic', () => {
  it('the value loss moves only the critic: π after an update is bit-identical for valueCoef 0.5 and 50, the critic is not', async () => {
    const small = await afterOneIteration(0.5);
    const large = await afterOneIteration(50);
    expect(small.metrics.valueLoss).toBeGreaterThan(0);
    for (const name of POLICY_WEIGHTS) expect(same(small.w[name].data, large.w[name].data), name).toBe(true);
    expect(CRITIC_WEIGHTS.some((name) => !same(small.w[name].data, large.w[name].data))).toBe(true);
    expect(small.metrics.pgLoss).toBe(large.metrics.pgLoss);
  });

  it('a critic estimator trains the critic and keeps numTensors flat; a critic-free one leaves the critic at its init', async () => {
    for (const [estimator, trained] of [['length-shaping-success', true], ['grpo', false]] as const) {
      const t = await Trainer.create(smallConfig({ estimator, lr: 0.01 }), { env });
      const before = await t.policy.getWeights();
      const counts: number[] = [];
      const values: number[] = [];
      for (let i = 0; i < 4; i++) {
        const { metrics, groups } = await t.runIteration();
        counts.push(metrics.numTensors);
        values.push(...groups.flat().flatMap((traj) => traj.turns.map((turn) => turn.info?.value as number)));
      }
      expect(t.policy.valuesNeeded, estimator).toBe(trained);
      expect(values.some((v) => v !== 0), estimator).toBe(trained); // no critic: V = 0 without running it
      const after = await t.policy.getWeights();
      t.dispose();
      expect(new Set(counts).size, estimator).toBe(1);
      const moved = (name: WeightName) => !same(before[name].data, after[name].data);
      expect(moved('critW') && moved('valW'), estimator).toBe(trained);
      expect(moved('encW') && moved('outW'), estimator).toBe(true);
    }
  });

  it('checkpoints are format v2 with the critic weights; a v1 checkpoint is refused with a readable reason', async () => {
    // a checkpoint read back must name a registered env
    const t = await Trainer.create(smallConfig({ estimator: 'ppo', env: 'household-v0', envSize: 4, hidden: 8, hashBuckets: 64 }));
    await t.runIteration();
    const json = checkpointToJson(await t.checkpoint());
    t.dispose();
    expect(json.format).toBe(CHECKPOINT_FORMAT);
    expect(CHECKPOINT_FORMAT).toBe('rollout-lab.checkpoint.v2');
    expect(json.weights.critW.shape).toEqual([64, 8]);
    const back = checkpointFromJson(JSON.parse(JSON.stringify(json)));
    expect(Array.from(back.weights.critW.data)).toEqual(json.weights.critW.data);
    const v1 = { ...json, format: 'rollout-lab.checkpoint.v1' };
    expect(() => checkpointFromJson(v1)).toThrow(/"rollout-lab.checkpoint.v1" is no longer supported .*separate critic; retrain/);
    const { critW: _dropped, ...rest } = json.weights;
    expect(() => checkpointFromJson({ ...json, weights: rest })).toThrow(/weight critW is missing/);
  });
});
