import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorLoss, aggregateLoss, AGG_MODES, klPenalty, KL_TYPE_NAMES, policyLoss, policyLossMatrix, type AggMode, type KlTypeName } from '../../../src/core/loss';
import { ABS_TOL, expectClose, expectMatrixClose, loadGolden, matrixOf, observed, REL_TOL, scalarOf, t2, type GoldenPolicyCase } from './helpers';

const golden = loadGolden();
const inputs = golden.inputs;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

afterAll(() => {
  // Reported, not asserted: the per-value bound is asserted in expectClose.
  console.info(
    `policy_loss_kl golden: ${observed.comparisons} values within |Δ| ≤ ${ABS_TOL} + ${REL_TOL}·|x|; ` +
      `max |Δ| = ${observed.maxAbsError.toExponential(2)}, worst |Δ|/bound = ${observed.worstRatio.toFixed(3)}`,
  );
});

function clipOf(c: GoldenPolicyCase) {
  return { clipLow: c.clip_ratio_low, clipHigh: c.clip_ratio_high, clipRatioC: c.clip_ratio_c };
}

function advantagesOf(c: GoldenPolicyCase) {
  return t2(c.advantages === 'row_broadcast' ? inputs.advantages_row_broadcast : inputs.advantages_token_varying);
}

describe('the policy loss equals verl compute_policy_loss on every golden case', () => {
  for (const c of golden.policy_loss_cases) {
    const name = `${c.advantages} / ${c.clip}`;

    it(`the unmasked per-token loss matrix matches for ${name}`, () => {
      const [lp, old, adv] = [t2(inputs.log_prob), t2(inputs.old_log_prob), advantagesOf(c)];
      expectMatrixClose(matrixOf(policyLossMatrix(lp, old, adv, clipOf(c))), c.pg_loss_matrix_unmasked, `${name} lossMat`);
      tf.dispose([lp, old, adv]);
    });

    for (const mode of AGG_MODES) {
      const want = c.by_agg_mode[mode];
      it(`pg_loss, clip fractions and ppo_kl match for ${name} under ${mode}`, () => {
        const [lp, old, adv, mask] = [t2(inputs.log_prob), t2(inputs.old_log_prob), advantagesOf(c), t2(inputs.response_mask)];
        const r = policyLoss(lp, old, adv, mask, clipOf(c), mode);
        expectClose(scalarOf(r.pgLoss), want.pg_loss, 'pg_loss');
        expectClose(scalarOf(r.clipFraction), want.pg_clipfrac, 'pg_clipfrac');
        expectClose(scalarOf(r.clipFractionLower), want.pg_clipfrac_lower, 'pg_clipfrac_lower');
        expectClose(scalarOf(r.approxKl), want.ppo_kl, 'ppo_kl');
        tf.dispose([lp, old, adv, mask]);
      });

      it(`the actor loss and its entropy and k3 parts match for ${name} under ${mode}`, () => {
        const tensors = goldenActorInputs(c);
        const r = actorLoss(tensors, { ...clipOf(c), aggMode: mode, klType: 'low_var_kl', klCoef: 0.01, entropyCoef: 0.001 });
        expectClose(scalarOf(r.entropy), want.entropy_agg, 'entropy_agg');
        expectClose(scalarOf(r.kl), want.kl_low_var_kl_agg, 'kl_low_var_kl_agg');
        expectClose(scalarOf(r.loss), want['actor_loss_entropy0.001_kl0.01'], 'actor loss');
        expectClose(scalarOf(r.pgLoss), want.pg_loss, 'pg_loss inside actor loss');
        tf.dispose([r.clipFraction, r.clipFractionLower, r.approxKl, ...Object.values(tensors)]);
      });

      it(`gradients of pg_loss and of the actor loss w.r.t. log_prob match for ${name} under ${mode}`, () => {
        const tensors = goldenActorInputs(c);
        const cfg = { ...clipOf(c), aggMode: mode, klType: 'k3' as const, klCoef: 0.01, entropyCoef: 0.001 };
        const { oldLogProb, advantages, mask } = tensors;
        const gradPg = tf.grad((lp: tf.Tensor) => policyLoss(lp as tf.Tensor2D, oldLogProb, advantages, mask, cfg, mode).pgLoss);
        const gradActor = tf.grad((lp: tf.Tensor) => actorLoss({ ...tensors, logProb: lp as tf.Tensor2D }, cfg).loss);
        expectMatrixClose(matrixOf(gradPg(tensors.logProb)), want.grad_pg_loss_wrt_log_prob, 'd pg_loss / d log_prob');
        expectMatrixClose(matrixOf(gradActor(tensors.logProb)), want.grad_actor_loss_wrt_log_prob, 'd actor_loss / d log_prob');
        tf.dispose(Object.values(tensors));
      });
    }
  }
});

function goldenActorInputs(c: GoldenPolicyCase) {
  return {
    logProb: t2(inputs.log_prob),
    oldLogProb: t2(inputs.old_log_prob),
    refLogProb: t2(inputs.ref_log_prob),
    advantages: advantagesOf(c),
    mask: t2(inputs.response_mask),
    entropy: t2(inputs.entropy),
  };
}

describe('the KL penalty equals verl kl_penalty for all 7 type names', () => {
  it('the golden file covers exactly the 7 accepted names', () => {
    expect(Object.keys(golden.kl).filter((k) => k !== 'note').sort()).toEqual([...KL_TYPE_NAMES].sort());
  });

  for (const name of KL_TYPE_NAMES) {
    it(`${name} matches per token (unmasked) and under every aggregation mode`, () => {
      const want = golden.kl[name];
      const [lp, ref, mask] = [t2(inputs.log_prob), t2(inputs.ref_log_prob), t2(inputs.response_mask)];
      expectMatrixClose(matrixOf(klPenalty(lp, ref, name as KlTypeName)), want.per_token, `${name} per token`);
      for (const mode of AGG_MODES) {
        const kl = klPenalty(lp, ref, name as KlTypeName) as tf.Tensor2D;
        expectClose(scalarOf(aggregateLoss(kl, mask, mode)), want.agg[mode], `${name} ${mode}`);
        kl.dispose();
      }
      tf.dispose([lp, ref, mask]);
    });
  }

  it('k3 binds its clamp at 10 where log π_ref − log π_θ is large', () => {
    expect(golden.kl.k3.per_token[0][3]).toBe(10);
    const [lp, ref] = [t2(inputs.log_prob), t2(inputs.ref_log_prob)];
    expect(matrixOf(klPenalty(lp, ref, 'k3'))[0][3]).toBe(10);
    tf.dispose([lp, ref]);
  });
});

describe('aggregation equals verl agg_loss on the golden edge cases', () => {
  for (const edge of golden.agg_loss_edge_cases) {
    for (const mode of AGG_MODES) {
      it(`${mode} gives ${String(edge.agg[mode])} on the ${edge.name} case`, () => {
        const [loss, mask] = [t2(edge.loss_mat), t2(edge.mask)];
        expectClose(scalarOf(aggregateLoss(loss, mask, mode)), edge.agg[mode], `${edge.name} ${mode}`);
        tf.dispose([loss, mask]);
      });
    }
  }
});

describe('micro-batch accumulation follows dp_actor, not a global token mean', () => {
  const ex = golden.micro_batch_example;
  for (const mode of AGG_MODES as AggMode[]) {
    const want = ex.results[mode];
    it(`${mode}: the whole mini-batch gives ${want.whole_minibatch} and two accumulated micro-batches give ${want.two_micro_batches_of_2_accumulated}`, () => {
      const [loss, mask] = [t2(ex.loss_mat), t2(ex.mask)];
      expectClose(scalarOf(aggregateLoss(loss, mask, mode)), want.whole_minibatch, `${mode} whole`);
      const gradientAccumulation = 2;
      let accumulated = 0;
      for (let start = 0; start < 4; start += 2) {
        const [l, m] = [tf.slice(loss, [start, 0], [2, -1]), tf.slice(mask, [start, 0], [2, -1])];
        accumulated += scalarOf(aggregateLoss(l, m, mode)) / gradientAccumulation;
        tf.dispose([l, m]);
      }
      expectClose(accumulated, want.two_micro_batches_of_2_accumulated, `${mode} accumulated`);
      tf.dispose([loss, mask]);
    });
  }
});
