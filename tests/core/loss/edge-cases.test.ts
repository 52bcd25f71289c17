import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  actorLoss,
  aggregateLoss,
  DEFAULT_ACTOR_LOSS,
  klPenalty,
  KL_TYPE_NAMES,
  normalizeKlType,
  policyLoss,
  validateClip,
  type AggMode,
} from '../../../src/core/loss';
import { matrixOf, scalarOf, t2 } from './helpers';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const CLIP = { clipLow: 0.2, clipHigh: 0.2, clipRatioC: 3 };

/** d pgLoss / d log π for a single token with the given log-ratio and advantage. */
function singleTokenGrad(logRatio: number, adv: number): number {
  const [old, a, m] = [t2([[0]]), t2([[adv]]), t2([[1]])];
  const grad = tf.grad((lp: tf.Tensor) => policyLoss(lp as tf.Tensor2D, old, a, m, CLIP, 'token-mean').pgLoss);
  const lp = t2([[logRatio]]);
  const g = scalarOf(grad(lp));
  tf.dispose([old, a, m, lp]);
  return g;
}

function singleTokenLoss(logRatio: number, adv: number): number {
  const [lp, old, a, m] = [t2([[logRatio]]), t2([[0]]), t2([[adv]]), t2([[1]])];
  const r = policyLoss(lp, old, a, m, CLIP, 'seq-mean-token-sum');
  const v = scalarOf(r.pgLoss);
  tf.dispose([lp, old, a, m, r.clipFraction, r.clipFractionLower, r.approxKl]);
  return v;
}

describe('KL type names', () => {
  it('the 7 verl names normalize to k1, abs, k2 and k3', () => {
    expect(KL_TYPE_NAMES.map(normalizeKlType)).toEqual(['k1', 'k1', 'abs', 'k2', 'k2', 'k3', 'k3']);
  });

  it('verl full and unknown names are rejected with the list of valid names', () => {
    expect(() => normalizeKlType('full')).toThrow(/valid types: kl, k1, abs, mse, k2, low_var_kl, k3/);
    expect(() => normalizeKlType('K3')).toThrow(/unknown KL type/);
  });

  it('abs has gradient 0 where log π_θ equals log π_ref, as torch does', () => {
    const ref = t2([[-1, -1, -1]]);
    const lp = t2([[-1, -0.5, -2]]);
    const grad = tf.grad((x: tf.Tensor) => tf.sum(klPenalty(x, ref, 'abs')));
    expect(matrixOf(grad(lp))).toEqual([[0, 1, -1]]);
    tf.dispose([ref, lp]);
  });

  it('k3 has gradient 0 where its clamp at 10 binds', () => {
    const ref = t2([[12, 0.5]]);
    const lp = t2([[0, 0]]);
    const grad = tf.grad((x: tf.Tensor) => tf.sum(klPenalty(x, ref, 'k3')));
    const g = matrixOf(grad(lp));
    expect(Math.abs(g[0][0])).toBe(0);
    expect(g[0][1]).toBeCloseTo(1 - Math.exp(0.5), 5);
    tf.dispose([ref, lp]);
  });
});

describe('clipping semantics', () => {
  it('a dual-clip constant c ≤ 1 is rejected, as verl asserts', () => {
    expect(() => validateClip({ clipLow: 0.2, clipHigh: 0.2, clipRatioC: 1 })).toThrow(/must be > 1/);
  });

  it('PPO does not clip on the pessimistic side: A > 0 with ρ < 1 − ε keeps a nonzero gradient', () => {
    const logRatio = Math.log(0.5);
    expect(singleTokenGrad(logRatio, 1)).toBeCloseTo(-0.5, 6);
  });

  it('A > 0 with ρ > 1 + ε is clipped and has zero gradient', () => {
    expect(singleTokenGrad(Math.log(2), 1)).toBe(0);
    expect(singleTokenLoss(Math.log(2), 1)).toBeCloseTo(-1.2, 6);
  });

  it('the dual clip caps the loss at −A·c only for A < 0', () => {
    expect(singleTokenLoss(Math.log(10), -1)).toBeCloseTo(3, 6); // not 10
    expect(singleTokenGrad(Math.log(10), -1)).toBe(0);
    expect(singleTokenLoss(Math.log(10), 1)).toBeCloseTo(-1.2, 6); // A > 0: dual clip irrelevant
  });

  it('A < 0 with ρ between 1 + ε and c is unclipped and keeps its gradient', () => {
    expect(singleTokenLoss(Math.log(2), -1)).toBeCloseTo(2, 6);
    expect(singleTokenGrad(Math.log(2), -1)).toBeCloseTo(2, 5);
  });
});

describe('aggregation edge cases', () => {
  it('an unknown aggregation mode is rejected', () => {
    const x = t2([[1]]);
    expect(() => aggregateLoss(x, x, 'mean' as AggMode)).toThrow(/unknown aggregation mode/);
    x.dispose();
  });

  it('seq-mean-token-sum-norm divides by the padded length, so padding more columns lowers the loss', () => {
    const [l4, m4] = [t2([[1, 1, 0, 0]]), t2([[1, 1, 0, 0]])];
    const [l2, m2] = [t2([[1, 1]]), t2([[1, 1]])];
    expect(scalarOf(aggregateLoss(l4, m4, 'seq-mean-token-sum-norm'))).toBeCloseTo(0.5, 7);
    expect(scalarOf(aggregateLoss(l2, m2, 'seq-mean-token-sum-norm'))).toBeCloseTo(1, 7);
    tf.dispose([l4, m4, l2, m2]);
  });
});

describe('actor loss composition', () => {
  it('a zero KL coefficient keeps a NaN KL term out of the loss while still reporting it', () => {
    const ones = t2([[0.5, 0.5]]);
    const zeros = t2([[0, 0]]);
    const nanRef = t2([[NaN, NaN]]);
    const mask = t2([[1, 1]]);
    const r = actorLoss(
      { logProb: zeros, oldLogProb: zeros, refLogProb: nanRef, advantages: ones, mask, entropy: ones },
      { ...DEFAULT_ACTOR_LOSS, klCoef: 0 },
    );
    expect(scalarOf(r.kl)).toBeNaN();
    expect(scalarOf(r.loss)).toBeCloseTo(-0.5 - 0.001 * 0.5, 6);
    tf.dispose([r.pgLoss, r.entropy, r.clipFraction, r.clipFractionLower, r.approxKl, ones, zeros, nanRef, mask]);
  });

  it('the defaults follow verl-agent scripts: token-mean, k3, β = 0.01, entropy 0.001, ε = 0.2, c = 3', () => {
    expect(DEFAULT_ACTOR_LOSS).toEqual({ clipLow: 0.2, clipHigh: 0.2, clipRatioC: 3, aggMode: 'token-mean', klType: 'k3', klCoef: 0.01, entropyCoef: 0.001 });
  });
});
