import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { createRng, deriveSeed } from '../../../src/core/math';
import {
  buildDecisionBatch, copyFeatures, decoderFeatures, disposeDecisionBatch, encoderFeatures, initialWeights,
  parameterCount, Policy, sampleToken, scoreDecisions, TurnSession, vocabularyForEnv, type PolicyInput,
} from '../../../src/core/policy';
import { getEnv } from '../../../src/core/env/registry';
import { buttonEnv } from '../rollout/tiny-env';

const spec = vocabularyForEnv(buttonEnv({ walk: true }), { seeds: 8 });
const options = { hidden: 32, hashBuckets: 256, maxPositions: 16 };
const input: PolicyInput = {
  task: 'press the red button.',
  observation: 'You are at the panel.',
  history: [{ observation: 'You are in a room.', action: 'walk to panel' }],
  admissible: ['press blue button', 'press red button', 'wait'],
};

let policy: Policy;
beforeAll(async () => {
  await tf.setBackend('cpu');
  policy = Policy.create(spec, options, deriveSeed(7, 'init'));
});
afterAll(() => policy.dispose());

describe('policy', () => {
  it('stays well under a million parameters at the default size on household-v0', () => {
    const household = vocabularyForEnv(getEnv('household-v0'));
    const size = household.thoughts.length + household.words.length + household.unknownBuckets + 5;
    const n = parameterCount({ hidden: 128, hashBuckets: 1024, maxPositions: 24, vocabSize: size });
    expect(n).toBeLessThan(1_000_000);
    expect(n).toBeGreaterThan(50_000);
  });

  it('initializes its weights from the seed alone', async () => {
    const dims = { ...options, vocabSize: policy.vocab.size };
    const a = initialWeights(dims, deriveSeed(7, 'init'));
    const b = initialWeights(dims, deriveSeed(7, 'init'));
    const c = initialWeights(dims, deriveSeed(8, 'init'));
    expect(Array.from(a.encW.data)).toEqual(Array.from(b.encW.data));
    expect(Array.from(a.encW.data)).not.toEqual(Array.from(c.encW.data));
    expect(Array.from((await policy.getWeights()).decW.data)).toEqual(Array.from(a.decW.data));
  });

  it('samples different tokens for identical rows on the cpu backend (own Rng per row, no tf.multinomial)', async () => {
    const prompt = { encoder: encoderFeatures(input, options.hashBuckets), copy: copyFeatures(input, policy.vocab) };
    const rows = 32;
    const session = new TurnSession(policy, Array.from({ length: rows }, () => prompt));
    const allowed = [2, ...Array.from({ length: spec.thoughts.length }, (_, i) => 5 + i)];
    const feats = Array.from({ length: rows }, () => decoderFeatures(policy.dims, 1, [], 1));
    const z = await session.logits(Array.from({ length: rows }, (_, i) => i), feats, feats.map(() => []));
    session.dispose();
    const draw = (seed: number) => Array.from({ length: rows }, (_, i) =>
      sampleToken(z, i * policy.dims.vocabSize, policy.dims.vocabSize, allowed, createRng(deriveSeed(seed, 'sample', i))).token);
    expect(new Set(draw(1)).size).toBeGreaterThan(3);
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it('scores recorded decisions like the sampling pass did', async () => {
    const prompt = { encoder: encoderFeatures(input, options.hashBuckets), copy: copyFeatures(input, policy.vocab) };
    const session = new TurnSession(policy, [prompt]);
    const rng = createRng(3);
    const decisions: Array<{ token: number; allowed: number[]; features: number[]; lookahead: number[]; logProb: number }> = [];
    let prev = 1;
    const allowedSets = [[2, 5, 6, 7], [2, 5, 6, 7], [2, 5, 6]];
    for (let k = 0; k < allowedSets.length; k++) {
      const features = decoderFeatures(policy.dims, prev, [], k + 1);
      const lookahead = [2, policy.dims.vocabSize + 5 + k];
      const z = await session.logits([0], [features], [lookahead]);
      const s = sampleToken(z, 0, policy.dims.vocabSize, allowedSets[k], rng);
      decisions.push({ token: s.token, allowed: allowedSets[k], features, lookahead, logProb: s.logProb });
      prev = s.token;
    }
    session.dispose();
    const batch = buildDecisionBatch(policy.dims, [{ prompt, decisions }]);
    const lp = tf.tidy(() => scoreDecisions(policy.weights, batch).logProb);
    const scored = Array.from(await lp.data());
    lp.dispose();
    disposeDecisionBatch(batch);
    scored.forEach((v, k) => expect(v).toBeCloseTo(decisions[k].logProb, 5));
  });

  it('leaves no tensors behind after dispose', () => {
    const before = tf.memory().numTensors;
    const p = Policy.create(spec, options, 1);
    p.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
