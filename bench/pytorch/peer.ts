/**
 * The PyTorch peer row of `npm run bench`: tfjs-wasm (Node, one thread) against PyTorch twins of
 * the default model (bench/pytorch/twin.py, one thread, the BLAS that update-alternatives selects:
 * OpenBLAS with Debian's libopenblas0-pthread) on the same update mini-batch and the same sampling
 * step, in ONE interleaved run: each round times tfjs, the sparse twin (the peer: the model's own
 * form, twin_sparse.py), then the dense twin (a diagnostic row); medians and ratios.
 * Before timing, twin.py checks both twins' loss, gradients, Adam step and sampling logits against
 * what tfjs computed on the same weights and batch, and prints the differences.
 *
 * Needs python3 with torch (Debian: `apt-get install python3-torch libopenblas0-pthread`);
 * otherwise it prints how to install them and skips the row. Env: BENCH_PYTHON (interpreter; tried
 * first, then python3, then /usr/bin/python3), BENCH_PEER_ROUNDS (default 9), BENCH_PEER_WARM (real
 * iterations trained before the mini-batch is taken, default 2), BENCH_PEER_FILE (where the batch
 * file is written; default a temporary file), BENCH_PEER=0 skips the row.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import * as tf from '@tensorflow/tfjs';
import { useNodeBackend } from '../../src/cli/tf-node';
import { TurnSession } from '../../src/core/policy/policy';
import { median } from '../../src/bench/timing';
import { makePeerBatch, peerFile, samplingInputs, updateStep, type PeerBatch } from './peer-batch';

export interface PeerFigures {
  check: boolean;
  worstRelative: number;
  rounds: number;
  tfjsUpdateMs: number;
  /** The sparse twin: the peer the ratios are taken against. */
  torchUpdateMs: number;
  tfjsSampleMs: number;
  torchSampleMs: number;
  /** The dense twin (diagnostic). */
  torchDenseUpdateMs: number;
  torchDenseSampleMs: number;
  responses: number;
  decisions: number;
}

const INSTALL_HINT = 'PyTorch peer skipped: no python3 with torch. Install Debian\'s: sudo apt-get install -y python3-torch libopenblas0-pthread (or set BENCH_PYTHON).';

export function findTorchPython(): string | null {
  const candidates = [process.env.BENCH_PYTHON, 'python3', '/usr/bin/python3'].filter((p): p is string => Boolean(p));
  for (const py of candidates) {
    const r = spawnSync(py, ['-c', 'import torch'], { stdio: 'ignore' });
    if (r.status === 0) return py;
  }
  return null;
}

/** A line-oriented conversation with twin.py serve. */
function startTwin(python: string, file: string, print: (line: string) => void) {
  const child = spawn(python, [resolve('bench/pytorch/twin.py'), 'serve', file], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' },
  });
  const lines = createInterface({ input: child.stdout });
  const queue: string[] = [];
  let waiting: ((l: string) => void) | null = null;
  let closed = false;
  lines.on('line', (l) => (waiting ? (waiting(l), (waiting = null)) : queue.push(l)));
  child.on('exit', () => {
    closed = true;
    waiting?.('');
  });
  const next = (): Promise<string> => {
    const l = queue.shift();
    if (l !== undefined) return Promise.resolve(l);
    if (closed) return Promise.resolve('');
    return new Promise((r) => (waiting = r));
  };
  return {
    /** Lines up to the check's JSON verdict, printed as they come. */
    async checked(): Promise<{ check: boolean; worst: number }> {
      for (;;) {
        const l = await next();
        if (l === '') throw new Error('twin.py ended before its numerical check');
        if (l.startsWith('{')) return JSON.parse(l) as { check: boolean; worst: number };
        print(`  ${l}`);
      }
    },
    async time(cmd: 'update' | 'sample', form: 'sparse' | 'dense'): Promise<number> {
      child.stdin.write(`${cmd} ${form}\n`);
      const l = await next();
      const ms = Number(l);
      if (!Number.isFinite(ms)) throw new Error(`twin.py answered "${l}" to ${cmd}`);
      return ms;
    },
    quit(): void {
      child.stdin.end('quit\n');
    },
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** The sampling step of TurnSession: one batched P = 1 forward pass for n prompts, read back. */
function samplingStep(peer: PeerBatch) {
  const inputs = samplingInputs(peer);
  const session = new TurnSession(peer.trainer.policy, inputs.map((s) => ({ encoder: Int32Array.from(s.encoder), copy: Int32Array.from(s.copy) })));
  const rows = inputs.map((_, i) => i);
  return {
    run: () => session.logits(rows, inputs.map((s) => s.features), inputs.map((s) => s.lookahead)),
    dispose: () => session.dispose(),
  };
}

export async function benchPytorchPeer(print: (line: string) => void): Promise<PeerFigures | null> {
  const python = findTorchPython();
  if (!python) {
    print(INSTALL_HINT);
    return null;
  }
  await useNodeBackend('wasm');
  const rounds = Number(process.env.BENCH_PEER_ROUNDS ?? 9);
  const peer = await makePeerBatch(Number(process.env.BENCH_PEER_WARM ?? 2));
  const sampling = samplingStep(peer);
  const logits = await sampling.run(); // before the Adam step: the weights the file holds
  const file = process.env.BENCH_PEER_FILE ?? join(mkdtempSync(join(tmpdir(), 'rollout-lab-peer-')), 'peer-batch.json');
  writeFileSync(file, JSON.stringify(await peerFile(peer, logits)));
  print(`PyTorch peer (tfjs ${tf.version_core} wasm in Node vs PyTorch via ${python}; batch file ${file}):`);
  const twin = startTwin(python, file, print);
  const verdict = await twin.checked();
  const t = { tfUpdate: [] as number[], ptUpdate: [] as number[], dnUpdate: [] as number[], tfSample: [] as number[], ptSample: [] as number[], dnSample: [] as number[] };
  const keepIf = (keep: boolean, into: number[], ms: number) => keep && into.push(ms);
  // one warm-up round (not timed), then alternate: tfjs, PyTorch sparse, PyTorch dense, tfjs, ...
  for (let round = -1; round < rounds; round++) {
    const keep = round >= 0;
    keepIf(keep, t.tfUpdate, await timed(() => updateStep(peer)));
    keepIf(keep, t.ptUpdate, await twin.time('update', 'sparse'));
    keepIf(keep, t.dnUpdate, await twin.time('update', 'dense'));
    for (let s = 0; s < 5; s++) {
      keepIf(keep, t.tfSample, await timed(sampling.run));
      keepIf(keep, t.ptSample, await twin.time('sample', 'sparse'));
      keepIf(keep, t.dnSample, await twin.time('sample', 'dense'));
    }
  }
  twin.quit();
  sampling.dispose();
  peer.trainer.dispose();
  const fig: PeerFigures = {
    check: verdict.check, worstRelative: verdict.worst, rounds, responses: peer.rows.length,
    decisions: peer.rows.reduce((s, r) => s + r.decisions.length, 0),
    tfjsUpdateMs: median(t.tfUpdate), torchUpdateMs: median(t.ptUpdate), tfjsSampleMs: median(t.tfSample), torchSampleMs: median(t.ptSample),
    torchDenseUpdateMs: median(t.dnUpdate), torchDenseSampleMs: median(t.dnSample),
  };
  print(formatPeer(fig));
  return fig;
}

export function formatPeer(f: PeerFigures): string {
  const row = (what: string, a: number, b: number, peer: string) =>
    `  ${what.padEnd(36)} tfjs-wasm ${a.toFixed(1).padStart(7)} ms   ${peer} ${b.toFixed(1).padStart(7)} ms   ratio ${(a / b).toFixed(2)}x`;
  return [
    `  interleaved, ${f.rounds} rounds, 1 thread each side (medians; sampling: 5 steps per round):`,
    row(`update mini-batch (${f.responses} responses)`, f.tfjsUpdateMs, f.torchUpdateMs, 'pytorch sparse'),
    row('sampling step (64 prompts)', f.tfjsSampleMs, f.torchSampleMs, 'pytorch sparse'),
    `  diagnostic, the dense PyTorch twin (padded to the longest response, dense inputs rebuilt per step):`,
    row(`update mini-batch (${f.decisions} decisions)`, f.tfjsUpdateMs, f.torchDenseUpdateMs, 'pytorch dense '),
    row('sampling step (64 prompts)', f.tfjsSampleMs, f.torchDenseSampleMs, 'pytorch dense '),
    `  numerical check of both twins ${f.check ? 'ok' : 'FAILED'} (worst relative difference ${f.worstRelative.toExponential(2)})`,
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/pytorch/peer.ts')) {
  benchPytorchPeer((l) => process.stdout.write(`${l}\n`)).catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  });
}
