import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { Trainer } from '../../../src/core/train';
import { demonstrationEnvOptions, demonstrationRows, sftOptions, sftWarmStart } from '../../../src/core/train/sft';
import { evaluateTrainer } from '../../../src/core/experiments/evaluate';
import { Policy } from '../../../src/core/policy/policy';
import { vocabularyForEnv } from '../../../src/core/policy/vocabulary';
import { deriveSeed } from '../../../src/core/math';
import { maxPositions } from '../../../src/core/train/model-dims';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from './small-config';

const env = buttonEnv({ walk: true });
const config = (overrides = {}) => smallConfig({ seed: 1, hidden: 32, lr: 0.01, maxTurns: 2, ...overrides });

function freshPolicy(cfg = config()): Policy {
  return Policy.create(vocabularyForEnv(env), { hidden: cfg.hidden, hashBuckets: cfg.hashBuckets, maxPositions: maxPositions(cfg) }, deriveSeed(cfg.seed, 'init'));
}

const flat = async (p: Policy) => Object.values(await p.getWeights()).flatMap((w) => Array.from(w.data));

describe('SFT warm start (behaviour cloning on oracle demonstrations)', () => {
  beforeAll(async () => {
    await tf.setBackend('wasm');
  });

  it('turns each oracle step into one row whose decisions spell the command through the decoder', () => {
    const cfg = config();
    const p = freshPolicy(cfg);
    const rows = demonstrationRows(p, env, { ...sftOptions(cfg, env), episodes: 3 });
    p.dispose();
    expect(rows).toHaveLength(6); // walk to panel, press <colour> button: two turns per episode
    for (const row of rows) {
      // </think> (vs a thought), then the command's words where the admissible set branches, then </action>
      expect(row.decisions.length).toBeGreaterThanOrEqual(2);
      for (const d of row.decisions) expect(d.allowed === null || d.allowed.includes(d.token)).toBe(true);
    }
  });

  it('with sftByType, splits the demonstrations evenly over the task types when the run draws every type', () => {
    const science = { taskTypes: ['boil', 'melt', 'freeze'] };
    const base = sftOptions(config({ taskType: null, sftEpisodes: 7 }), env);
    const types = (opts: typeof base) => Array.from({ length: 7 }, (_, e) => demonstrationEnvOptions(science, opts, e).taskType);
    expect(types({ ...base, byType: true })).toEqual(['boil', 'melt', 'freeze', 'boil', 'melt', 'freeze', 'boil']);
    expect(types({ ...base, byType: false })).toEqual(Array(7).fill(undefined)); // drawn per task from the seed
    const fixed = { ...base, byType: true, envOptions: { ...base.envOptions, taskType: 'melt' } };
    expect(types(fixed)).toEqual(Array(7).fill('melt')); // a run of one type keeps it
  });

  it('is deterministic: the same config gives bit-identical weights and summary', async () => {
    const cfg = config({ sftEpisodes: 8 });
    const a = await Trainer.create(cfg, { env });
    const b = await Trainer.create({ ...cfg, estimator: 'grpo' }, { env });
    expect(await flat(a.policy)).toEqual(await flat(b.policy));
    expect(a.warmStart).toEqual(b.warmStart);
    a.dispose();
    b.dispose();
  });

  it('moves the weights, lowers the loss, and makes the warm start π_ref', async () => {
    const cfg = config();
    const p = freshPolicy(cfg);
    const w0 = await flat(p);
    const summary = await sftWarmStart(p, env, { ...sftOptions(cfg, env), episodes: 16 });
    const w1 = await flat(p);
    expect(w1.some((x, i) => x !== w0[i])).toBe(true);
    expect(summary.steps).toBeGreaterThan(0);
    expect(summary.lossAfter).toBeLessThan(summary.lossBefore * 0.8);
    expect(summary.epochLosses[summary.epochLosses.length - 1]).toBeLessThan(summary.epochLosses[0]);
    expect(Array.from(p.reference.outW.dataSync())).toEqual(Array.from((p.weights.outW as tf.Tensor).dataSync()));
    p.dispose();
  });

  it('leaves no tensors behind', async () => {
    const cfg = config();
    const p = freshPolicy(cfg);
    const before = tf.memory().numTensors;
    await sftWarmStart(p, env, { ...sftOptions(cfg, env), episodes: 4 });
    expect(tf.memory().numTensors).toBe(before);
    p.dispose();
  });

  it('restores the warm start as π_ref when a run resumes from a checkpoint', async () => {
    const cfg = config({ sftEpisodes: 4, iterations: 2 });
    const a = await Trainer.create(cfg, { env });
    await a.runIteration();
    const cp = await a.checkpoint();
    const b = await Trainer.create(cfg, { env, checkpoint: cp });
    expect(Array.from(b.policy.reference.outW.dataSync())).toEqual(Array.from(a.policy.reference.outW.dataSync()));
    expect(await flat(b.policy)).toEqual(await flat(a.policy));
    a.dispose();
    b.dispose();
  });

  it('raises success above the untrained policy on the same evaluation tasks', async () => {
    const success = async (sftEpisodes: number) => {
      const t = await Trainer.create(config({ sftEpisodes }), { env, compare: false, records: false });
      const e = await evaluateTrainer(t, { split: 'seen', episodes: 48, temperature: 1 });
      t.dispose();
      return e.successRate;
    };
    const cold = await success(0);
    const warm = await success(48);
    expect(warm).toBeGreaterThan(cold + 0.2);
  });
});
