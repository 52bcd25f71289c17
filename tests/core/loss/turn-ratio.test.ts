/**
 * The per-turn importance ratio (ClipConfig.ratioLevel 'turn', declared by Turn-PPO's entry):
 * log ρ of a row is the masked mean of its token log-ratios, shared by every token of the row.
 * Numbers are the hand-computed example of docs/algorithms/turn-ppo.md.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { policyLoss, type ClipConfig } from '../../../src/core/loss';
import { matrixOf, scalarOf, t2 } from './helpers';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const TOKEN: ClipConfig = { clipLow: 0.2, clipHigh: 0.2, clipRatioC: 3 };
const TURN: ClipConfig = { ...TOKEN, ratioLevel: 'turn' };

/** pgLoss and its gradient with respect to log π for one [R, K] case (old log-probs 0). */
function lossAndGrad(logRatio: number[][], adv: number[][], mask: number[][], clip: ClipConfig): { loss: number; grad: number[][] } {
  const [old, a, m, lp] = [t2(logRatio.map((r) => r.map(() => 0))), t2(adv), t2(mask), t2(logRatio)];
  const f = (x: tf.Tensor) => policyLoss(x as tf.Tensor2D, old, a, m, clip, 'token-mean').pgLoss;
  const loss = scalarOf(f(lp));
  const grad = matrixOf(tf.grad(f)(lp) as tf.Tensor2D);
  tf.dispose([old, a, m, lp]);
  return { loss, grad };
}

describe('the per-turn ratio of Turn-PPO', () => {
  it('clips the turn ratio e^mean(log ρ), not each token: the docs example (log ρ = 0.3, −0.1; A = 1)', () => {
    const token = lossAndGrad([[0.3, -0.1]], [[1, 1]], [[1, 1]], TOKEN);
    const turn = lossAndGrad([[0.3, -0.1]], [[1, 1]], [[1, 1]], TURN);
    expect(token.loss).toBeCloseTo(-(1.2 + Math.exp(-0.1)) / 2, 5); // −1.0524: token 1 clipped at 1.2
    expect(token.grad[0][0]).toBe(0); // the clipped token gets no gradient
    expect(turn.loss).toBeCloseTo(-Math.exp(0.1), 5); // −1.1052: ρ = e^0.1 inside the clip range
    expect(turn.grad[0][0]).toBeCloseTo(-Math.exp(0.1) / 2, 5); // −ρ·A/K on every token
    expect(turn.grad[0][1]).toBeCloseTo(-Math.exp(0.1) / 2, 5);
  });

  it('a turn whose mean log-ratio leaves the clip range is clipped as a whole (no gradient on any token)', () => {
    const turn = lossAndGrad([[0.5, 0.3]], [[1, 1]], [[1, 1]], TURN);
    expect(turn.loss).toBeCloseTo(-1.2, 5);
    expect(turn.grad[0]).toEqual([0, 0]);
  });

  it('ignores padded positions: a padded value does not move the ratio of its row', () => {
    const a = lossAndGrad([[0.1, 0.05, 9]], [[1, 1, 0]], [[1, 1, 0]], TURN);
    const b = lossAndGrad([[0.1, 0.05, -4]], [[1, 1, 0]], [[1, 1, 0]], TURN);
    expect(a.loss).toBeCloseTo(b.loss, 6);
    expect(a.loss).toBeCloseTo(-Math.exp(0.075), 5);
  });

  it('equals the token ratio for one-token responses, whatever the ratios and advantages', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true })), { minLength: 1, maxLength: 5 }),
      (rows) => {
        const lr = rows.map(([r]) => [r]);
        const adv = rows.map(([, a]) => [a]);
        const mask = rows.map(() => [1]);
        const token = lossAndGrad(lr, adv, mask, TOKEN);
        const turn = lossAndGrad(lr, adv, mask, TURN);
        expect(turn.loss).toBeCloseTo(token.loss, 5);
      },
    ), { numRuns: 25 });
  });
});
