import { afterAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { AGG_MODES, DEFAULT_ACTOR_LOSS } from '../../../src/core/loss';
import { createRng, type Rng } from '../../../src/core/math';
import {
  buildDecisionBatch, COPY_KINDS, decoderWidth, disposeDecisionBatch, LOOKAHEAD_KINDS, Policy, scoreDecisions,
  TurnSession, vocabularyForEnv, WEIGHT_NAMES, type WeightsData,
} from '../../../src/core/policy';
import { toOperand, type SparseKind } from '../../../src/core/policy/sparse';
import { scoreRows } from '../../../src/core/rollout/score';
import { policyGradients } from '../../../src/core/policy/gradients';
import { gatedEntries } from '../../../src/core/policy/inputs';
import { policyForward, type DecisionBatch, type Weights } from '../../../src/core/policy/model';
import { miniBatchGradients, policyUpdate, type TrainRow, type UpdateOptions } from '../../../src/core/train/update';
import { buttonEnv } from '../rollout/tiny-env';
import { denseBatch, denseContext, denseLogits, denseLossAndGrads, denseScores, disposeDenseBatch } from './reference/dense-model';

// The product's network (sparse inputs, written-out backward pass, chunked mini-batches) against the
// dense formulation with tfjs autodiff (./reference), on random inputs and random weights.
const spec = vocabularyForEnv(buttonEnv({ walk: true }), { seeds: 8 });
const options = { hidden: 16, hashBuckets: 64, maxPositions: 8 };
const policies: Policy[] = [];

function randomWeights(p: Policy, rng: Rng): WeightsData {
  const out = {} as WeightsData;
  for (const name of WEIGHT_NAMES) {
    const t = p.weights[name];
    const data = Float32Array.from({ length: t.size }, () => rng.normal() * (name.endsWith('B') ? 0.3 : 0.5));
    out[name] = { shape: t.shape.slice(), data };
  }
  return out;
}

function distinct(rng: Rng, n: number, max: number): number[] {
  const s = new Set<number>();
  while (s.size < Math.min(n, max)) s.add(rng.int(max));
  return [...s].sort((a, b) => a - b);
}

/** Rows with 1..5 decisions, some lookahead-free, repeated action-bag words, some free (null) allowed sets. */
function randomRows(p: Policy, rng: Rng, count: number): TrainRow[] {
  const { vocabSize: V, hashBuckets: H, maxPositions: MP } = p.dims;
  return Array.from({ length: count }, () => {
    const prompt = { encoder: Int32Array.from(distinct(rng, 1 + rng.int(12), H)), copy: Int32Array.from(distinct(rng, rng.int(8), COPY_KINDS * V)) };
    const decisions = Array.from({ length: 1 + rng.int(5) }, (_, k) => {
      const allowed = rng.next() < 0.2 ? null : distinct(rng, 2 + rng.int(6), V);
      const token = allowed ? rng.pick(allowed) : 1 + rng.int(V - 1);
      const bag = Array.from({ length: rng.int(3) }, () => rng.int(V));
      const features = [rng.int(V), ...bag.map((w) => V + w), ...bag.slice(0, 1).map((w) => V + w), 2 * V + Math.min(k, MP - 1)];
      const lookahead = rng.next() < 0.4 ? [] : distinct(rng, 1 + rng.int(4), LOOKAHEAD_KINDS * V);
      return { position: k, token, allowed, features, lookahead, logProb: -rng.next() * 2 };
    });
    return {
      prompt, decisions, oldLogProbs: decisions.map((d) => d.logProb), refLogProbs: decisions.map(() => -rng.next() * 2),
      advantage: rng.normal(), valueTarget: rng.normal(),
    };
  });
}

function setup(seed: number) {
  const rng = createRng(seed);
  const p = Policy.create(spec, options, seed);
  policies.push(p);
  p.setWeights(randomWeights(p, rng));
  return { p, rows: randomRows(p, rng, 9) };
}

const opts = (over: Partial<UpdateOptions> = {}): UpdateOptions => ({
  loss: { ...DEFAULT_ACTOR_LOSS, klCoef: 0.05, entropyCoef: 0.02 }, miniBatches: 1, epochs: 1, valueCoef: 0.5,
  temperature: 0.7, shuffleSeed: 1, ...over,
});

/** max |a − b| / max(max |b|, 1e-6) over the arrays. */
function relErr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  let m = 1e-6;
  for (let i = 0; i < b.length; i++) {
    d = Math.max(d, Math.abs(a[i] - b[i]));
    m = Math.max(m, Math.abs(b[i]));
  }
  return d / m;
}

afterAll(() => policies.forEach((p) => p.dispose()));

const CASES: Array<[string, SparseKind]> = [['cpu', 'segment'], ['wasm', 'segment'], ['wasm', 'dense'], ['cpu', 'dense']];

describe('sparse network = dense reference', () => {
  for (const [backend, kind] of CASES) {
    it(`gives the dense log-probs and entropies on ${backend} with ${kind} inputs`, async () => {
      await tf.setBackend(backend);
      const { p, rows } = setup(21);
      const sparse = buildDecisionBatch(p.dims, rows, kind);
      const dense = denseBatch(p.dims, rows);
      const [a, b] = [scoreDecisions(p.weights, sparse, 0.7), tf.tidy(() => denseScores(p.weights, dense, 0.7))];
      const mask = await sparse.mask.data();
      const pick = async (t: tf.Tensor) => Array.from(await t.data()).filter((_, i) => mask[i] === 1);
      expect(relErr(await pick(a.logProb), await pick(b.logProb))).toBeLessThan(1e-5);
      expect(relErr(await pick(a.entropy), await pick(b.entropy))).toBeLessThan(1e-5);
      tf.dispose([a.logProb, a.entropy, b.logProb, b.entropy]);
      disposeDecisionBatch(sparse);
      disposeDenseBatch(dense);
    });
  }

  for (const [backend, kind] of CASES.slice(0, 3)) {
    for (const aggMode of kind === 'dense' ? AGG_MODES.slice(0, 1) : AGG_MODES) {
      it(`gives the autodiff gradient of the ${aggMode} loss on ${backend}, in chunks of 2 rows and whole`, async () => {
        await tf.setBackend(backend);
        const { p, rows } = setup(31);
        const o = opts({ loss: { ...opts().loss, aggMode } });
        const ref = denseLossAndGrads(p.weights, p.dims, rows, o);
        const refLoss = (await ref.loss.data())[0];
        for (const chunkRows of [2, 256]) {
          const got = miniBatchGradients(p, rows, { ...o, chunkRows, sparseKind: kind });
          expect(Object.keys(got.grads)).toEqual(p.variables.map((v) => v.name)); // every weight, critic included, in order
          expect(Math.abs((await got.metrics.data())[0] - refLoss)).toBeLessThan(1e-5 * Math.max(1, Math.abs(refLoss)));
          for (const [i, name] of WEIGHT_NAMES.entries()) {
            const err = relErr(await got.grads[p.variables[i].name].data(), await ref.grads[name]!.data());
            expect(err, `${name} (${kind}, chunks of ${chunkRows})`).toBeLessThan(1e-5);
          }
          tf.dispose([...Object.values(got.grads), got.metrics]);
        }
        tf.dispose([ref.loss, ...Object.values(ref.grads)]);
      });
    }
  }

  it('leaves the critic out of the gradient without a value loss, and the entropy term out at entropyCoef 0', async () => {
    await tf.setBackend('wasm');
    const { p, rows } = setup(41);
    const o = opts({ valueCoef: 0, loss: { ...opts().loss, entropyCoef: 0 } });
    const ref = denseLossAndGrads(p.weights, p.dims, rows, o);
    const got = miniBatchGradients(p, rows, { ...o, chunkRows: 4 });
    expect(Object.keys(got.grads)).toEqual(p.variables.slice(0, 10).map((v) => v.name));
    for (const [i, name] of WEIGHT_NAMES.slice(0, 10).entries()) {
      expect(relErr(await got.grads[p.variables[i].name].data(), await ref.grads[name]!.data()), name).toBeLessThan(1e-5);
    }
    tf.dispose([...Object.values(got.grads), got.metrics, ref.loss, ...Object.values(ref.grads)]);
  });

  for (const kind of ['segment', 'dense'] as const) it(`samples from the dense logits (${kind} inputs): a turn session returns the requested rows and leaves no tensors`, async () => {
    await tf.setBackend('wasm');
    const { p, rows } = setup(51);
    const before = tf.memory().numTensors;
    const session = new TurnSession(p, rows.map((r) => r.prompt), kind);
    const pickRows = [4, 1, 7];
    const z = await session.logits(pickRows, pickRows.map((r) => rows[r].decisions[0].features), pickRows.map((r) => rows[r].decisions[0].lookahead));
    await session.values();
    session.dispose();
    expect(tf.memory().numTensors).toBe(before); // nothing left behind by the session or its steps
    const first = pickRows.map((r) => ({ ...rows[r], decisions: rows[r].decisions.slice(0, 1) }));
    const d = denseBatch(p.dims, first);
    const ref = tf.tidy(() => denseLogits(p.weights, denseContext(p.weights, d.x), d.dec, d.copy, d.look, 1));
    expect(z.length).toBe(pickRows.length * p.dims.vocabSize);
    expect(relErr(z, await ref.data())).toBeLessThan(1e-5);
    ref.dispose();
    disposeDenseBatch(d);
    expect(decoderWidth(p.dims)).toBe(2 * p.dims.vocabSize + p.dims.maxPositions);
  });

  for (const backend of ['cpu', 'wasm']) it(`leaves the copy and lookahead entries of tokens a decision may not choose out of M, and no number changes (${backend})`, async () => {
    await tf.setBackend(backend);
    const { p, rows } = setup(71);
    const V = p.dims.vocabSize;
    const full = gatedEntries(rows.flatMap((r) => r.decisions.map((d) => ({ lookahead: d.lookahead, copy: r.prompt.copy, allowed: null }))), V);
    const batch = buildDecisionBatch(p.dims, rows, 'segment');
    const withAll = { ...batch, gated: toOperand(full, 'segment') };
    const kept = gatedEntries(rows.flatMap((r) => r.decisions.map((d) => ({ lookahead: d.lookahead, copy: r.prompt.copy, allowed: d.allowed }))), V);
    expect(kept.entryRow.length).toBeLessThan(full.entryRow.length / 2);
    const rng = createRng(5);
    const gL = tf.tensor2d(Float32Array.from({ length: batch.mask.size }, () => rng.normal()), batch.mask.shape as [number, number]);
    const gH = tf.tensor2d(Float32Array.from({ length: batch.mask.size }, () => rng.normal()), batch.mask.shape as [number, number]);
    const run = async (b: DecisionBatch) => {
      const f = policyForward(p.weights, b, 0.7);
      const grads = policyGradients(p.weights, b, f, gL, gH, 0.7);
      const out = [await f.logp.data(), ...(await Promise.all(Object.values(grads).map((g) => g!.data())))];
      tf.dispose([...Object.values(f), ...Object.values(grads)] as tf.Tensor[]);
      return out.map((a) => Array.from(new Uint32Array((a as Float32Array).buffer)));
    };
    expect(await run(batch)).toEqual(await run(withAll)); // log π on the allowed slots and every gradient, bit for bit
    withAll.gated.dispose();
    disposeDecisionBatch(batch);
    tf.dispose([gL, gH]);
  });

  for (const backend of ['cpu', 'wasm']) it(`scores π_ref inside the update from each chunk's own batch: scoreRows' log-probs bit for bit, filled into the rows, the same step (${backend})`, async () => {
    await tf.setBackend(backend);
    const given = setup(81);
    const scored = setup(81); // the same weights and rows
    const expected = await scoreRows(given.p.reference, given.p.dims, given.rows, 0.7);
    given.rows.forEach((r, i) => (r.refLogProbs = expected[i]));
    scored.rows.forEach((r) => (r.refLogProbs = []));
    const o = { ...opts(), miniBatches: 2, epochs: 2, chunkRows: 3 };
    const run = async (p: Policy, rows: TrainRow[], reference?: Weights) => {
      const optimizer = tf.train.adam(1e-2, 0.9, 0.999, 1e-7);
      const before = tf.memory().numTensors;
      const stats = await policyUpdate(p, optimizer, rows, { ...o, reference });
      const leftover = tf.memory().numTensors - before; // Adam's moments only
      optimizer.dispose();
      const w = await p.getWeights();
      return { stats, leftover, weights: WEIGHT_NAMES.map((n) => Array.from(new Uint32Array(w[n].data.buffer))) };
    };
    const a = await run(given.p, given.rows);
    const b = await run(scored.p, scored.rows, scored.p.reference);
    expect(scored.rows.map((r) => r.refLogProbs)).toEqual(expected);
    expect(b.stats).toEqual(a.stats); // loss, KL, ... over two epochs of two mini-batches
    expect(b.weights).toEqual(a.weights);
    expect(b.leftover).toBe(a.leftover); // the scored log-probs are disposed
  });

  for (const backend of ['wasm', 'cpu']) {
    it(`keeps numTensors and bytes flat across updates on ${backend}, and moves the weights`, async () => {
      await tf.setBackend(backend);
      const { p, rows } = setup(61);
      const optimizer = tf.train.adam(1e-2, 0.9, 0.999, 1e-7);
      const before = (await p.getWeights()).encW.data;
      const counts: Array<[number, number]> = [];
      for (let i = 0; i < 4; i++) {
        await policyUpdate(p, optimizer, rows, { ...opts(), miniBatches: 2, chunkRows: 3 });
        counts.push([tf.memory().numTensors, tf.memory().numBytes]);
      }
      optimizer.dispose();
      expect(new Set(counts.slice(1).map((c) => c.join())).size).toBe(1); // Adam's moments appear at step 1, then flat
      expect(Array.from((await p.getWeights()).encW.data)).not.toEqual(Array.from(before));
    });
  }
});
