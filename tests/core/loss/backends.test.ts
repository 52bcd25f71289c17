import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import { actorLoss, AGG_MODES, KL_TYPES, type ActorLossConfig } from '../../../src/core/loss';
import { expectClose, expectMatrixClose, loadGolden, matrixOf, scalarOf, t2, type Matrix } from './helpers';

const golden = loadGolden();
const inputs = golden.inputs;

interface Run {
  loss: number;
  metrics: number[];
  grad: Matrix;
}

/** Actor loss, its metrics and its gradient on the golden inputs, on the current backend. */
function run(cfg: ActorLossConfig, advantages: Matrix): Run {
  const t = {
    logProb: t2(inputs.log_prob),
    oldLogProb: t2(inputs.old_log_prob),
    refLogProb: t2(inputs.ref_log_prob),
    advantages: t2(advantages),
    mask: t2(inputs.response_mask),
    entropy: t2(inputs.entropy),
  };
  const r = actorLoss(t, cfg);
  const metrics = [r.pgLoss, r.kl, r.entropy, r.clipFraction, r.clipFractionLower, r.approxKl].map(scalarOf);
  const loss = scalarOf(r.loss);
  const grad = matrixOf(tf.grad((x: tf.Tensor) => actorLoss({ ...t, logProb: x as tf.Tensor2D }, cfg).loss)(t.logProb));
  tf.dispose(Object.values(t));
  return { loss, metrics, grad };
}

afterAll(async () => {
  await tf.setBackend('cpu');
});

describe('the wasm backend agrees with cpu on the loss, its metrics and its gradient', () => {
  it('every aggregation mode and KL type gives the same numbers on wasm as on cpu', async () => {
    const configs: Array<[ActorLossConfig, Matrix]> = [];
    AGG_MODES.forEach((aggMode, i) => {
      const klType = KL_TYPES[i % KL_TYPES.length];
      const advantages = i % 2 === 0 ? inputs.advantages_row_broadcast : inputs.advantages_token_varying;
      configs.push([{ clipLow: 0.2, clipHigh: 0.28, clipRatioC: 3, aggMode, klType, klCoef: 0.05, entropyCoef: 0.01 }, advantages]);
    });
    expect(await tf.setBackend('cpu')).toBe(true);
    const onCpu = configs.map(([cfg, adv]) => run(cfg, adv));
    expect(await tf.setBackend('wasm')).toBe(true);
    expect(tf.getBackend()).toBe('wasm');
    const onWasm = configs.map(([cfg, adv]) => run(cfg, adv));
    onCpu.forEach((want, i) => {
      const got = onWasm[i];
      expectClose(got.loss, want.loss, `loss ${i}`);
      got.metrics.forEach((m, j) => expectClose(m, want.metrics[j], `metric ${j} of config ${i}`));
      expectMatrixClose(got.grad, want.grad, `gradient ${i}`);
    });
  });
});
