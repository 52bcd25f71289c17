import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng, deriveSeed, type Rng } from '../../../src/core/math';
import { actorLoss, aggregateLoss, AGG_MODES, klPenalty, KL_TYPES, policyLoss, policyLossMatrix } from '../../../src/core/loss';
import { expectClose, expectMatrixClose, matrixOf, scalarOf, t2, type Matrix } from './helpers';
import { aggWeights, refAggregate, refKl, refPolicyLoss, type RefClip } from './reference';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

interface Batch {
  logProb: Matrix;
  oldLogProb: Matrix;
  refLogProb: Matrix;
  advantages: Matrix;
  mask: Matrix;
  entropy: Matrix;
}

function matrix(rows: number, cols: number, draw: () => number): Matrix {
  return Array.from({ length: rows }, () => Array.from({ length: cols }, draw));
}

/** A random padded batch: every row has ≥ 1 real token; advantages are per row (GRPO-like) or per token. */
function randomBatch(rng: Rng): Batch {
  const rows = 1 + rng.int(6);
  const cols = 1 + rng.int(8);
  const lengths = Array.from({ length: rows }, () => 1 + rng.int(cols));
  const mask = lengths.map((len) => Array.from({ length: cols }, (_, k) => (k < len ? 1 : 0)));
  const oldLogProb = matrix(rows, cols, () => -3 * rng.next());
  const logProb = oldLogProb.map((row) => row.map((x) => x + 0.6 * rng.normal()));
  const refLogProb = logProb.map((row) => row.map((x) => x + 1.5 * rng.normal()));
  const perToken = rng.next() < 0.5;
  const rowAdv = Array.from({ length: rows }, () => 2 * rng.normal());
  const advantages = mask.map((row, r) => row.map((m) => m * (perToken ? 2 * rng.normal() : rowAdv[r])));
  const entropy = matrix(rows, cols, () => 3 * rng.next());
  return { logProb, oldLogProb, refLogProb, advantages, mask, entropy };
}

function randomClip(rng: Rng): RefClip {
  return { clipLow: 0.1 + 0.2 * rng.next(), clipHigh: 0.1 + 0.3 * rng.next(), clipRatioC: 1.5 + 3 * rng.next() };
}

const CASES = 25;
const cases = Array.from({ length: CASES }, (_, i) => {
  const rng = createRng(deriveSeed(2024, 'loss-reference', i));
  return { batch: randomBatch(rng), clip: randomClip(rng) };
});

function tensors(b: Batch) {
  return {
    logProb: t2(b.logProb),
    oldLogProb: t2(b.oldLogProb),
    refLogProb: t2(b.refLogProb),
    advantages: t2(b.advantages),
    mask: t2(b.mask),
    entropy: t2(b.entropy),
  };
}

describe('each vectorized loss function agrees with a plain-loop reference on random batches', () => {
  it('aggregateLoss equals the loop for every mode', () => {
    for (const { batch } of cases) {
      const [loss, mask] = [t2(batch.entropy), t2(batch.mask)];
      for (const mode of AGG_MODES) {
        expectClose(scalarOf(aggregateLoss(loss, mask, mode)), refAggregate(batch.entropy, batch.mask, mode), mode);
      }
      tf.dispose([loss, mask]);
    }
  });

  it('klPenalty values and gradients equal the loop for k1, abs, k2 and k3', () => {
    for (const { batch } of cases) {
      const [lp, ref] = [t2(batch.logProb), t2(batch.refLogProb)];
      for (const type of KL_TYPES) {
        const want = refKl(batch.logProb, batch.refLogProb, type);
        expectMatrixClose(matrixOf(klPenalty(lp, ref, type)), want.value, `${type} value`);
        const grad = tf.grad((x: tf.Tensor) => tf.sum(klPenalty(x, ref, type)));
        expectMatrixClose(matrixOf(grad(lp)), want.grad, `${type} gradient`);
      }
      tf.dispose([lp, ref]);
    }
  });

  it('policyLoss values, clip fractions, ppo_kl and gradients equal the loop for every mode', () => {
    for (const { batch, clip } of cases) {
      const t = tensors(batch);
      expectMatrixClose(
        matrixOf(policyLossMatrix(t.logProb, t.oldLogProb, t.advantages, clip)),
        refPolicyLoss(batch.logProb, batch.oldLogProb, batch.advantages, batch.mask, clip, 'token-mean').lossMat,
        'loss matrix',
      );
      for (const mode of AGG_MODES) {
        const want = refPolicyLoss(batch.logProb, batch.oldLogProb, batch.advantages, batch.mask, clip, mode);
        const r = policyLoss(t.logProb, t.oldLogProb, t.advantages, t.mask, clip, mode);
        expectClose(scalarOf(r.pgLoss), want.pgLoss, `${mode} pg_loss`);
        expectClose(scalarOf(r.clipFraction), want.clipFraction, 'clipfrac');
        expectClose(scalarOf(r.clipFractionLower), want.clipFractionLower, 'clipfrac_lower');
        expectClose(scalarOf(r.approxKl), want.approxKl, 'ppo_kl');
        const grad = tf.grad((x: tf.Tensor) => policyLoss(x as tf.Tensor2D, t.oldLogProb, t.advantages, t.mask, clip, mode).pgLoss);
        expectMatrixClose(matrixOf(grad(t.logProb)), want.grad, `${mode} gradient`);
      }
      tf.dispose(Object.values(t));
    }
  });

  it('actorLoss equals pg − c_H·agg(H) + β·agg(KL) with the loop gradient for every mode and KL type', () => {
    for (const [i, { batch, clip }] of cases.entries()) {
      const t = tensors(batch);
      const mode = AGG_MODES[i % AGG_MODES.length];
      const klType = KL_TYPES[i % KL_TYPES.length];
      const cfg = { ...clip, aggMode: mode, klType, klCoef: 0.05, entropyCoef: 0.01 };
      const pg = refPolicyLoss(batch.logProb, batch.oldLogProb, batch.advantages, batch.mask, clip, mode);
      const kl = refKl(batch.logProb, batch.refLogProb, klType);
      const entropy = refAggregate(batch.entropy, batch.mask, mode);
      const klAgg = refAggregate(kl.value, batch.mask, mode);
      const r = actorLoss(t, cfg);
      expectClose(scalarOf(r.loss), pg.pgLoss - 0.01 * entropy + 0.05 * klAgg, 'loss');
      expectClose(scalarOf(r.kl), klAgg, 'kl');
      expectClose(scalarOf(r.entropy), entropy, 'entropy');
      tf.dispose([r.pgLoss, r.clipFraction, r.clipFractionLower, r.approxKl]);
      const w = aggWeights(batch.mask, mode);
      const wantGrad = pg.grad.map((row, rr) => row.map((g, k) => g + 0.05 * w[rr][k] * kl.grad[rr][k]));
      const grad = tf.grad((x: tf.Tensor) => actorLoss({ ...t, logProb: x as tf.Tensor2D }, cfg).loss);
      expectMatrixClose(matrixOf(grad(t.logProb)), wantGrad, `${mode}/${klType} gradient`);
      tf.dispose(Object.values(t));
    }
  });

  it('the random batches exercise clipping, the dual clip and both advantage signs', () => {
    let clipped = 0;
    let lower = 0;
    for (const { batch, clip } of cases) {
      const r = refPolicyLoss(batch.logProb, batch.oldLogProb, batch.advantages, batch.mask, clip, 'token-mean');
      clipped += r.clipFraction;
      lower += r.clipFractionLower;
    }
    expect(clipped).toBeGreaterThan(0);
    expect(lower).toBeGreaterThan(0);
  });
});
