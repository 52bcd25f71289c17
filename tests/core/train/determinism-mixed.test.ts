import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { Trainer, type IterationResult } from '../../../src/core/train';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from './small-config';

// Buttons without the walk: a random policy presses the right one of seven actions in four turns
// about half the time, so groups hold both successes and failures and the advantages are non-zero.
const env = buttonEnv();
const CONFIG = smallConfig({ seed: 5, lr: 0.01, groupSize: 4, tasksPerIteration: 4, estimator: 'planpo' });
const VOLATILE = new Set(['timing', 'tokensPerSecond', 'numTensors']);

async function train(iterations: number) {
  await tf.setBackend('wasm');
  const trainer = await Trainer.create(CONFIG, { env });
  const results: IterationResult[] = [];
  for (let i = 0; i < iterations; i++) results.push(await trainer.runIteration());
  const checkpoint = await trainer.checkpoint();
  trainer.dispose();
  const metrics = results.map((r) => Object.fromEntries(Object.entries(r.metrics).filter(([k]) => !VOLATILE.has(k))));
  // Adam's moment names carry the policy instance's scope (policy1/…, policy2/…); the values are what must replay.
  const moments = checkpoint.optimizer.moments.map((m) => ({ name: m.name.replace(/^[^/]+\//, ''), shape: m.shape, data: m.data }));
  return { metrics, groups: results.map((r) => r.groups), weights: checkpoint.weights, adam: { iterations: checkpoint.optimizer.iterations, moments } };
}

describe('determinism with mixed success', () => {
  it('replays three wasm iterations bit for bit, updates driven by non-zero advantages included', async () => {
    const a = await train(3);
    const outcomes = a.groups.flat().map((group) => group.map((t) => t.outcome.success));
    expect(outcomes.some((g) => g.includes(true) && g.includes(false))).toBe(true); // a group with mixed success
    const used = a.groups.flat(2).flatMap((t) => t.advantages?.per_turn ?? []);
    expect(used.length).toBeGreaterThan(0);
    expect(used.some((x) => x !== 0 && Number.isFinite(x))).toBe(true); // the update saw non-zero advantages
    expect(a.metrics.some((m) => (m.zeroStdGroupFraction as number) < 1)).toBe(true);

    const b = await train(3);
    expect(b.metrics).toEqual(a.metrics);
    expect(b.groups).toEqual(a.groups);
    expect(b.weights).toEqual(a.weights); // every weight, bit for bit
    expect(b.adam).toEqual(a.adam);
  }, 120_000);
});
