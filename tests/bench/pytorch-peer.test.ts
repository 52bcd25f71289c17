/**
 * The bench's PyTorch twin computes what tfjs computes: loss, gradients, the Adam step and the
 * sampling logits on one real mini-batch of a tiny run. Runs only where python3 + torch are
 * installed (Debian: python3-torch); elsewhere the bench prints how to install them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@tensorflow/tfjs-backend-wasm';
import { TurnSession } from '../../src/core/policy/policy';
import { DEFAULT_CONFIG } from '../../src/core/train';
import { chunkShapes, findTorchPython, gemmStep, startTwin } from '../../bench/pytorch/peer';
import { GATES } from '../../src/core/policy/inputs';
import { installWasmKernels, uninstallWasmKernels } from '../../src/core/policy/wasm-kernels';
import { miniBatchGradients } from '../../src/core/train/update';
import { makePeerBatch, peerFile, samplingInputs, type PeerBatch } from '../../bench/pytorch/peer-batch';

const python = findTorchPython();
const TINY = {
  ...DEFAULT_CONFIG, groupSize: 4, tasksPerIteration: 2, maxTurns: 6, envSize: 4, hidden: 16, hashBuckets: 128, miniBatches: 2,
};

function runCheck(file: string) {
  return spawnSync(python as string, [resolve('bench/pytorch/twin.py'), 'check', file], { encoding: 'utf8' });
}

describe.skipIf(!python)('pytorch twin', () => {
  let file = '';
  let peer: PeerBatch;
  let checked: ReturnType<typeof runCheck> | null = null;
  const checkOnce = () => (checked ??= runCheck(file)); // one python run serves the first two tests
  beforeAll(async () => {
    await tf.setBackend('wasm');
    peer = await makePeerBatch(1, TINY);
    const inputs = samplingInputs(peer);
    const session = new TurnSession(peer.trainer.policy, inputs.map((s) => ({ encoder: Int32Array.from(s.encoder), copy: Int32Array.from(s.copy) })));
    const logits = await session.logits(inputs.map((_, i) => i), inputs.map((s) => s.features), inputs.map((s) => s.lookahead), inputs.map((s) => s.allowed));
    session.dispose();
    file = join(mkdtempSync(join(tmpdir(), 'peer-test-')), 'peer.json');
    writeFileSync(file, JSON.stringify(await peerFile(peer, logits)));
  });
  afterAll(async () => {
    peer?.trainer.dispose();
    await tf.setBackend('cpu');
  });

  it('matches tfjs loss, gradients, Adam step and logits on a real mini-batch, in the sparse form and the dense one', () => {
    const r = checkOnce();
    expect(r.stdout).toContain('numerical check:');
    expect(r.status, r.stdout + r.stderr).toBe(0);
    type Verdict = { check: boolean; worst: number };
    const verdict = JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as Verdict & { forms: Record<string, Verdict> };
    expect(verdict.check).toBe(true);
    expect(Object.keys(verdict.forms).sort()).toEqual(['dense', 'sparse']);
    for (const form of ['sparse', 'dense']) {
      expect(verdict.forms[form].check, form).toBe(true);
      expect(verdict.forms[form].worst, form).toBeLessThan(1e-5);
    }
  });

  it('packs the sparse twin\'s decisions: as many as tfjs recorded, no padding', () => {
    const r = checkOnce();
    const decisions = peer.rows.reduce((s, row) => s + row.decisions.length, 0);
    expect(r.stdout).toContain(`${peer.rows.length} responses, ${decisions} decisions (packed;`);
  });

  it('times, as "the update\'s matrix products alone", the very products a production update step runs, with the project\'s wasm kernels and with tfjs\'s', async () => {
    const { policy } = peer.trainer;
    const products = (p: Awaited<ReturnType<typeof tf.profile>>) => p.kernels
      .filter((k) => /MatMul|Transpose|RolloutLab/.test(k.name))
      .map((k) => `${k.name} ${JSON.stringify(k.inputShapes)}`)
      .sort();
    const chunks = chunkShapes(peer);
    const sizes = chunks.map((c) => c.decisions);
    for (const own of [true, false]) {
      if (own) expect(await installWasmKernels()).toBe(true);
      else uninstallWasmKernels();
      // read each profile at once: tf.profile hands back the engine's one profile object, which the next call refills
      const update = products(await tf.profile(() => {
        const { grads, metrics } = miniBatchGradients(policy, peer.rows, peer.opts);
        tf.dispose([...Object.values(grads), metrics]);
      }));
      const gemm = gemmStep(chunks, policy.dims.hidden, policy.dims.vocabSize, GATES);
      const timed = products(await tf.profile(() => gemm.run()));
      gemm.dispose();
      expect(update.length).toBeGreaterThan(9);
      expect(timed).toEqual(update.filter((k) => !/ReluBack/.test(k))); // gemmStep has no relu
      // with the project's kernels, the output layer's two backward products are sums over the allowed logits
      expect(timed.some((k) => k.startsWith('RolloutLabWeightedSegmentSum'))).toBe(own);
      if (own) expect(gemm.flops).toBeLessThan(gemm.denseFlops);
      else expect(gemm.flops).toBe(gemm.denseFlops);
    }
    // and twin.py's serve mode answers the same products with a time
    const twin = startTwin(python as string, file, () => undefined);
    await twin.checked();
    const ms = await twin.products(sizes, policy.dims.hidden, policy.dims.vocabSize, GATES);
    const perStep = await twin.time('sample', 'sparse', 3); // three sampling steps in a row, the mean per step
    twin.quit();
    expect(ms).toBeGreaterThan(0);
    expect(perStep).toBeGreaterThan(0);
  });

  it('reports a mismatch in both forms when one tfjs gradient is off by 0.1%', () => {
    const peerJson = JSON.parse(readFileSync(file, 'utf8')) as { result: { grads: Record<string, number[]> } };
    const g = peerJson.result.grads.hidW;
    const i = g.reduce((best, v, j) => (Math.abs(v) > Math.abs(g[best]) ? j : best), 0);
    g[i] *= 1.001;
    const bad = file.replace('peer.json', 'peer-bad.json');
    writeFileSync(bad, JSON.stringify(peerJson));
    const r = runCheck(bad);
    expect(r.status).toBe(1);
    expect(r.stdout.match(/MISMATCH/g)).toHaveLength(2);
  });
});
