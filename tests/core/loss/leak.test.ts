import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorLoss, aggregateLoss, AGG_MODES, DEFAULT_ACTOR_LOSS, klPenalty, KL_TYPES, policyLoss, policyLossMatrix } from '../../../src/core/loss';
import { loadGolden, t2 } from './helpers';

const inputs = loadGolden().inputs;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

function goldenTensors() {
  return {
    logProb: t2(inputs.log_prob),
    oldLogProb: t2(inputs.old_log_prob),
    refLogProb: t2(inputs.ref_log_prob),
    advantages: t2(inputs.advantages_token_varying),
    mask: t2(inputs.response_mask),
    entropy: t2(inputs.entropy),
  };
}

/** Runs `f`, checks it left exactly `returned` new tensors (its outputs), disposes them, checks nothing remains. */
function expectNoLeak(returned: number, f: () => tf.TensorContainer): void {
  const before = tf.memory().numTensors;
  const out = f();
  expect(tf.memory().numTensors - before).toBe(returned);
  tf.dispose(out);
  expect(tf.memory().numTensors).toBe(before);
}

describe('the loss functions do not leak tensors', () => {
  it('each function leaves only the tensors it returns', () => {
    const t = goldenTensors();
    for (const mode of AGG_MODES) {
      expectNoLeak(1, () => aggregateLoss(t.entropy, t.mask, mode));
      expectNoLeak(4, () => policyLoss(t.logProb, t.oldLogProb, t.advantages, t.mask, DEFAULT_ACTOR_LOSS, mode) as unknown as tf.TensorContainer);
      expectNoLeak(7, () => actorLoss(t, { ...DEFAULT_ACTOR_LOSS, aggMode: mode }) as unknown as tf.TensorContainer);
    }
    for (const type of KL_TYPES) expectNoLeak(1, () => klPenalty(t.logProb, t.refLogProb, type));
    expectNoLeak(1, () => policyLossMatrix(t.logProb, t.oldLogProb, t.advantages, DEFAULT_ACTOR_LOSS));
    tf.dispose(Object.values(t));
  });

  it('tf.memory().numTensors stays flat across optimizer steps through tf.variableGrads, and the weights move', () => {
    const t = goldenTensors();
    const logits = tf.variable(tf.zeros([3, 5]), true, 'loss-leak-logits');
    const initial = logits.arraySync();
    const optimizer: tf.Optimizer = tf.train.adam(0.05, 0.9, 0.999, 1e-7);
    const step = () => {
      const { value, grads } = tf.variableGrads(() => {
        const logProb = tf.sub(logits, 1) as tf.Tensor2D; // stand-in for a policy's log π [R, K]
        return actorLoss({ ...t, logProb }, DEFAULT_ACTOR_LOSS).loss;
      });
      optimizer.applyGradients(grads);
      tf.dispose([value, ...Object.values(grads)]);
    };
    step(); // the optimizer creates its slots on the first step
    const before = tf.memory().numTensors;
    for (let i = 0; i < 5; i++) step();
    expect(tf.memory().numTensors).toBe(before);
    expect(logits.arraySync()).not.toEqual(initial);
    optimizer.dispose();
    tf.dispose([logits, ...Object.values(t)]);
  });
});
