import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { createRng, deriveSeed } from '../../../src/core/math';
import {
  buildDecisionBatch, copyFeatures, decoderFeatures, disposeDecisionBatch, encoderFeatures, logProbsOf,
  Policy, sampleToken, scoreDecisions, TurnSession, vocabularyForEnv, type PolicyInput,
} from '../../../src/core/policy';
import { Trainer } from '../../../src/core/train';
import { buttonEnv } from '../rollout/tiny-env';
import { smallConfig } from '../train/small-config';

const env = buttonEnv({ walk: true });
const spec = vocabularyForEnv(env, { seeds: 8 });
const options = { hidden: 32, hashBuckets: 256, maxPositions: 16 };
const input: PolicyInput = {
  task: 'press the red button.',
  observation: 'You are at the panel.',
  history: [{ observation: 'You are in a room.', action: 'walk to panel' }],
  admissible: ['press blue button', 'press red button', 'wait'],
};

/** Plain-loop reference: log softmax(z/τ) over the allowed tokens, in float64. */
function plainLogProb(z: Float32Array, allowed: readonly number[], token: number, tau: number): number {
  const scaled = allowed.map((t) => z[t] / tau);
  const max = Math.max(...scaled);
  const logTotal = Math.log(scaled.reduce((s, v) => s + Math.exp(v - max), 0)) + max;
  return z[token] / tau - logTotal;
}

let policy: Policy;
beforeAll(async () => {
  await tf.setBackend('wasm');
  policy = Policy.create(spec, options, deriveSeed(11, 'init'));
});
afterAll(() => policy.dispose());

describe('sampling temperature τ', () => {
  it('scores the sampled tokens at τ = 0.5 exactly as a plain-loop softmax(z/τ) over the allowed tokens', async () => {
    const tau = 0.5;
    const prompt = { encoder: encoderFeatures(input, options.hashBuckets), copy: copyFeatures(input, policy.vocab) };
    const session = new TurnSession(policy, [prompt]);
    const rng = createRng(5);
    const allowedSets = [[2, 5, 6, 7, 8], [2, 5, 6, 7], [2, 5, 6]];
    const decisions: Array<{ token: number; allowed: number[]; features: number[]; lookahead: number[]; logProb: number }> = [];
    const reference: number[] = [];
    const atOne: number[] = [];
    let prev = 1;
    for (let k = 0; k < allowedSets.length; k++) {
      const features = decoderFeatures(policy.dims, prev, [], k + 1);
      const lookahead = [3, policy.dims.vocabSize + 5 + k];
      const z = await session.logits([0], [features], [lookahead]);
      const s = sampleToken(z, 0, policy.dims.vocabSize, allowedSets[k], rng, tau);
      decisions.push({ token: s.token, allowed: allowedSets[k], features, lookahead, logProb: s.logProb });
      reference.push(plainLogProb(z, allowedSets[k], s.token, tau));
      atOne.push(plainLogProb(z, allowedSets[k], s.token, 1));
      prev = s.token;
    }
    session.dispose();
    const batch = buildDecisionBatch(policy.dims, [{ prompt, decisions }]);
    const [full, only, one] = tf.tidy(() => [
      scoreDecisions(policy.weights, batch, tau).logProb, logProbsOf(policy.weights, batch, tau), logProbsOf(policy.weights, batch, 1),
    ]);
    const scored = [Array.from(await full.data()), Array.from(await only.data()), Array.from(await one.data())];
    tf.dispose([full, only, one]);
    disposeDecisionBatch(batch);
    reference.forEach((ref, k) => {
      expect(decisions[k].logProb).toBeCloseTo(ref, 6); // the sampler's own log-prob is at τ
      expect(scored[0][k]).toBeCloseTo(ref, 5); // π_θ (differentiable pass) at τ
      expect(scored[1][k]).toBeCloseTo(ref, 5); // π_ref / π_old pass at τ
      expect(scored[2][k]).toBeCloseTo(atOne[k], 5); // τ = 1 is a different distribution
    });
    expect(reference.some((ref, k) => Math.abs(ref - atOne[k]) > 1e-3)).toBe(true); // the test can tell τ apart
  });

  it('trains at τ = 0.5 with π_ref scored at τ: at the first iteration (θ = ref) ref log-probs equal the sampling ones', async () => {
    const trainer = await Trainer.create(smallConfig({ temperature: 0.5, klCoef: 0.1, epochs: 1, miniBatches: 1 }), { env });
    const { metrics, groups } = await trainer.runIteration();
    trainer.dispose();
    const turns = groups.flat().flatMap((traj) => traj.turns).filter((t) => ((t.info?.log_probs as number[] | undefined) ?? []).length > 0);
    expect(turns.length).toBeGreaterThan(0);
    for (const turn of turns) {
      const sampled = turn.info!.log_probs as number[];
      const ref = turn.info!.ref_log_probs as number[];
      sampled.forEach((lp, k) => expect(ref[k]).toBeCloseTo(lp, 4));
    }
    // π_θ = π_old = π_ref on the first (only) mini-batch: ratio 1, nothing clipped, no KL
    expect(metrics.clipFraction).toBe(0);
    expect(Math.abs(metrics.kl)).toBeLessThan(1e-5);
    expect(Math.abs(metrics.approxKl)).toBeLessThan(1e-5);
  });
});
