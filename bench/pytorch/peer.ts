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
 * iterations trained before the mini-batch is taken, default 2), BENCH_PEER_SAMPLE_WARM (untimed sampling
 * steps each side runs before the rounds, default 2000), BENCH_PEER_FILE (where the batch
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
import { matMulT, outputProducts, transposedLeft } from '../../src/core/policy/gradients';
import { buildDecisionBatch, disposeDecisionBatch } from '../../src/core/policy/batch';
import { outputAtPairs, type AllowedEntries } from '../../src/core/policy/model';
import { installWasmKernels, ownKernelsActive, uninstallWasmKernels } from '../../src/core/policy/wasm-kernels';
import { median } from '../../src/bench/timing';
import { createRng } from '../../src/core/math';
import { GATES } from '../../src/core/policy/inputs';
import { chunksOf, UPDATE_CHUNK_ROWS } from '../../src/core/train/update';
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
  /** The sampling step as a rollout runs it: RUN_STEPS steps in a row on each side, the mean per step (median over rounds). */
  tfjsSampleRunMs: number;
  torchSampleRunMs: number;
  /** The dense twin (diagnostic). */
  torchDenseUpdateMs: number;
  torchDenseSampleMs: number;
  /** The sparse twin's update and sampling steps with their inputs built once (less work than tfjs does; diagnostic). */
  torchPrebuiltUpdateMs: number;
  torchPrebuiltSampleMs: number;
  /** The update's matrix products alone (gemmStep), both sides, and the floating-point operations each side's do. */
  tfjsGemmMs: number;
  torchGemmMs: number;
  gemmFlops: number;
  torchGemmFlops: number;
  /** Decisions per gradient chunk of the mini-batch. */
  chunks: number[];
  responses: number;
  decisions: number;
  /** The same tfjs steps with tfjs-wasm's own kernels (XNNPACK's products, tfjs's Adam) in the same rounds; null where the project's are not in use. */
  tfjsKernels: { updateMs: number; sampleRunMs: number; gemmMs: number } | null;
}

/**
 * Sampling steps timed back to back, as a rollout runs them (one per decoded token; the step above
 * is timed alone between the other side's steps, so each side starts it with the other's data in the caches).
 */
const RUN_STEPS = 20;
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
export function startTwin(python: string, file: string, print: (line: string) => void) {
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
  /** Milliseconds twin.py answers to one command line. */
  const ask = async (command: string): Promise<number> => {
    child.stdin.write(`${command}\n`);
    const l = await next();
    const ms = Number(l);
    if (!Number.isFinite(ms)) throw new Error(`twin.py answered "${l}" to ${command}`);
    return ms;
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
    /** `…-prebuilt` (sparse only, a diagnostic): the step with its inputs built once, not in every step as tfjs builds them. */
    async time(cmd: 'update' | 'sample' | 'update-prebuilt' | 'sample-prebuilt', form: 'sparse' | 'dense', steps = 1): Promise<number> {
      return ask(steps > 1 ? `${cmd} ${form} ${steps}` : `${cmd} ${form}`);
    },
    /** gemmStep's products in PyTorch: the same chunk sizes, hidden size D, vocabulary V and gates G. */
    async products(sizes: readonly number[], D: number, V: number, G: number): Promise<number> {
      return ask(`gemm ${sizes.join(',')} ${D} ${V} ${G}`);
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
    run: () => session.logits(rows, inputs.map((s) => s.features), inputs.map((s) => s.lookahead), inputs.map((s) => s.allowed)), // as the rollout calls it
    dispose: () => session.dispose(),
  };
}

/** One gradient chunk of the mini-batch, as policyUpdate splits it (update.ts chunksOf): its decisions and allowed logits. */
export interface ChunkShape {
  decisions: number;
  allowed: AllowedEntries | null;
}

/** Each gradient chunk's shape, from the decision batch the update builds of it. */
export function chunkShapes(peer: PeerBatch): ChunkShape[] {
  return chunksOf(peer.rows, peer.opts.chunkRows ?? UPDATE_CHUNK_ROWS).map((rows) => {
    const batch = buildDecisionBatch(peer.trainer.policy.dims, rows);
    disposeDecisionBatch(batch);
    return { decisions: batch.decisions, allowed: batch.allowedEntries };
  });
}

/**
 * The matrix products of one update step alone (model.ts decoderOf forward, gradients.ts backward:
 * the same shapes, through gradients.ts's own helpers) on random data: what the step would cost if it
 * did nothing else. Where the project's wasm kernels run, the output layer's product is computed at the
 * chunk's allowed logits only (model.ts outputAtPairs) and its two backward products are sums over them
 * (gradients.ts outputProducts). twin.py's `gemm` times the products of PyTorch's update step: the same,
 * all dense (faster for PyTorch than its sparse forms: bench/pytorch/sparse-output.py).
 */
export function gemmStep(chunks: readonly ChunkShape[], D: number, V: number, G: number) {
  const rng = createRng(1);
  const values = (n: number) => Float32Array.from({ length: n }, () => rng.normal());
  const r = (rows: number, cols: number) => tf.tensor2d(values(rows * cols), [rows, cols]);
  const data = chunks.map(({ decisions: n }) => ({
    h: r(n, D), h2: r(n, D), dz: r(n, V), dg: r(n, G), dp: r(n, D), hid: r(D, D), hb: tf.tensor1d(values(D)), out: r(D, V), ob: tf.tensor1d(values(V)), gate: r(D, G),
  }));
  const dense = (n: number) => 2 * n * D * (D + G + V + V + G + D) + 2 * D * n * (G + D + V);
  const sparse = ownKernelsActive();
  return {
    run: () => tf.tidy(() => {
      data.forEach((x, i) => {
        tf.fused.matMul({ a: x.h, b: x.hid, bias: x.hb, activation: 'relu' });
        tf.matMul(x.h2, x.gate);
        if (!outputAtPairs(x.h2, x.out, x.ob, chunks[i].allowed)) tf.fused.matMul({ a: x.h2, b: x.out, bias: x.ob }); // the logits
        matMulT(x.dg, x.gate);
        matMulT(x.dp, x.hid);
        const h2T = transposedLeft(x.h2); // one operand for both output-layer weight gradients, as gradients.ts has it
        h2T(x.dg);
        transposedLeft(x.h)(x.dp);
        outputProducts(x.out, chunks[i].allowed, x.h2, h2T, x.dz); // dz·W_outᵀ and h₂ᵀ·dz
      });
    }),
    /** Multiply-adds × 2 of the products as this side runs them (the output layer's three at the allowed logits only where they are). */
    flops: chunks.reduce((s, c) => s + dense(c.decisions) - (sparse && c.allowed ? 3 * 2 * D * (c.decisions * V - c.allowed.token.length) : 0), 0),
    /** … and as PyTorch's update step runs them, all dense. */
    denseFlops: chunks.reduce((s, c) => s + dense(c.decisions), 0),
    dispose: () => data.forEach((x) => tf.dispose(Object.values(x))),
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
  const dims = peer.trainer.policy.dims;
  const chunks = chunkShapes(peer);
  const sizes = chunks.map((c) => c.decisions);
  const gemm = gemmStep(chunks, dims.hidden, dims.vocabSize, GATES);
  const t = {
    tfUpdate: [] as number[], ptUpdate: [] as number[], dnUpdate: [] as number[], tfSample: [] as number[], ptSample: [] as number[], dnSample: [] as number[], pbUpdate: [] as number[], pbSample: [] as number[],
    tfGemm: [] as number[], ptGemm: [] as number[], tfSampleRun: [] as number[], ptSampleRun: [] as number[],
    tkUpdate: [] as number[], tkSampleRun: [] as number[], tkGemm: [] as number[],
  };
  // tfjs-wasm's own kernels (XNNPACK's products, tfjs's Adam) in the same rounds, for the gain of the project's (src/core/policy/wasm-kernels.ts)
  const withTfjsKernels = ownKernelsActive();
  const onTfjsKernels = async <T>(f: () => Promise<T>): Promise<T> => {
    uninstallWasmKernels();
    try {
      return await f();
    } finally {
      await installWasmKernels();
    }
  };
  const keepIf = (keep: boolean, into: number[], ms: number) => keep && into.push(ms);
  // The sampling step settles only after about a thousand calls (V8's tiers: 570 µs per step over the first 20, 330
  // over steps 200-1,000, 250 after), and a rollout makes ~300 per iteration, so training runs it settled. Both sides
  // first run the same number of untimed sampling steps (BENCH_PEER_SAMPLE_WARM; 0 measures the unsettled start).
  const sampleWarm = Number(process.env.BENCH_PEER_SAMPLE_WARM ?? 2000);
  for (let s = 0; s < sampleWarm; s++) await sampling.run();
  if (withTfjsKernels) await onTfjsKernels(async () => { for (let s = 0; s < sampleWarm; s++) await sampling.run(); });
  if (sampleWarm > 0) await twin.time('sample', 'sparse', sampleWarm);
  // one warm-up round (not timed), then alternate: tfjs, PyTorch sparse, PyTorch dense, tfjs, ...
  for (let round = -1; round < rounds; round++) {
    const keep = round >= 0;
    keepIf(keep, t.tfUpdate, await timed(() => updateStep(peer)));
    if (withTfjsKernels) keepIf(keep, t.tkUpdate, await onTfjsKernels(() => timed(() => updateStep(peer))));
    keepIf(keep, t.ptUpdate, await twin.time('update', 'sparse'));
    keepIf(keep, t.dnUpdate, await twin.time('update', 'dense'));
    keepIf(keep, t.pbUpdate, await twin.time('update-prebuilt', 'sparse'));
    for (let s = 0; s < 5; s++) {
      keepIf(keep, t.tfSample, await timed(sampling.run));
      keepIf(keep, t.ptSample, await twin.time('sample', 'sparse'));
      keepIf(keep, t.dnSample, await twin.time('sample', 'dense'));
      keepIf(keep, t.pbSample, await twin.time('sample-prebuilt', 'sparse'));
    }
    // as a rollout runs them: RUN_STEPS steps in a row on each side, the mean per step
    const run = async () => { for (let s = 0; s < RUN_STEPS; s++) await sampling.run(); };
    keepIf(keep, t.tfSampleRun, (await timed(run)) / RUN_STEPS);
    // XNNPACK's sampling only as steps in a row (single steps between the twin's and a switch of kernels compare with nothing)
    if (withTfjsKernels) {
      await onTfjsKernels(async () => keepIf(keep, t.tkSampleRun, (await timed(run)) / RUN_STEPS));
    }
    keepIf(keep, t.ptSampleRun, await twin.time('sample', 'sparse', RUN_STEPS));
  }
  // the products alone in rounds of their own (their large temporaries, timed between update steps, slowed tfjs's next step)
  for (let round = -1; round < rounds; round++) {
    keepIf(round >= 0, t.tfGemm, await timed(async () => gemm.run()));
    if (withTfjsKernels) keepIf(round >= 0, t.tkGemm, await onTfjsKernels(() => timed(async () => gemm.run())));
    keepIf(round >= 0, t.ptGemm, await twin.products(sizes, dims.hidden, dims.vocabSize, GATES));
  }
  twin.quit();
  gemm.dispose();
  sampling.dispose();
  peer.trainer.dispose();
  const fig: PeerFigures = {
    check: verdict.check, worstRelative: verdict.worst, rounds, responses: peer.rows.length,
    decisions: peer.rows.reduce((s, r) => s + r.decisions.length, 0),
    tfjsUpdateMs: median(t.tfUpdate), torchUpdateMs: median(t.ptUpdate), tfjsSampleMs: median(t.tfSample), torchSampleMs: median(t.ptSample),
    tfjsSampleRunMs: median(t.tfSampleRun), torchSampleRunMs: median(t.ptSampleRun),
    torchDenseUpdateMs: median(t.dnUpdate), torchDenseSampleMs: median(t.dnSample), torchPrebuiltUpdateMs: median(t.pbUpdate), torchPrebuiltSampleMs: median(t.pbSample),
    tfjsGemmMs: median(t.tfGemm), torchGemmMs: median(t.ptGemm), gemmFlops: gemm.flops, torchGemmFlops: gemm.denseFlops, chunks: sizes,
    tfjsKernels: withTfjsKernels ? { updateMs: median(t.tkUpdate), sampleRunMs: median(t.tkSampleRun), gemmMs: median(t.tkGemm) } : null,
  };
  print(formatPeer(fig));
  return fig;
}

const gflops = (flops: number, ms: number) => (flops / ms / 1e6).toFixed(1);

export function formatPeer(f: PeerFigures): string {
  const ms = (x: number) => x.toFixed(x < 10 ? 2 : 1).padStart(7);
  const row = (what: string, a: number, b: number, peer: string) =>
    `  ${what.padEnd(38)} tfjs-wasm ${ms(a)} ms   ${peer} ${ms(b)} ms   ratio ${(a / b).toFixed(2)}x`;
  const ownRow = (what: string, theirs: number, own: number) =>
    `  ${what.padEnd(38)} tfjs's own ${ms(theirs)} ms   project's ${ms(own)} ms   project's / tfjs's ${(own / theirs).toFixed(2)}x`;
  return [
    `  interleaved, ${f.rounds} rounds, 1 thread each side (medians; sampling: 5 steps per round):`,
    row(`update mini-batch (${f.responses} responses)`, f.tfjsUpdateMs, f.torchUpdateMs, 'pytorch sparse'),
    row('sampling step (64 prompts)', f.tfjsSampleMs, f.torchSampleMs, 'pytorch sparse'),
    row(`sampling, ${RUN_STEPS} steps in a row, per step`, f.tfjsSampleRunMs, f.torchSampleRunMs, 'pytorch sparse'),
    `  the update's matrix products alone, as each side's update runs them (same shapes, random data, rounds of their own; chunks of ${f.chunks.join(' + ')} decisions;`,
    `  tfjs ${(f.gemmFlops / 1e6).toFixed(0)} MFLOP${f.gemmFlops < f.torchGemmFlops ? ', the output layer\'s product and its two backward products at the allowed logits only' : ''}, PyTorch ${(f.torchGemmFlops / 1e6).toFixed(0)} MFLOP, all dense):`,
    row('products of one update step', f.tfjsGemmMs, f.torchGemmMs, 'pytorch       '),
    `    ${gflops(f.gemmFlops, f.tfjsGemmMs)} GFLOP/s tfjs-wasm, ${gflops(f.torchGemmFlops, f.torchGemmMs)} GFLOP/s PyTorch; the rest of the update step: tfjs ${(f.tfjsUpdateMs - f.tfjsGemmMs).toFixed(1)} ms, PyTorch ${(f.torchUpdateMs - f.torchGemmMs).toFixed(1)} ms`,
    `  diagnostic, the dense PyTorch twin (padded to the longest response, dense inputs rebuilt per step):`,
    row(`update mini-batch (${f.decisions} decisions)`, f.tfjsUpdateMs, f.torchDenseUpdateMs, 'pytorch dense '),
    row('sampling step (64 prompts)', f.tfjsSampleMs, f.torchDenseSampleMs, 'pytorch dense '),
    `  diagnostic, the sparse twin with its inputs built once (tfjs builds them in every step, as training must):`,
    row(`update mini-batch (${f.responses} responses)`, f.tfjsUpdateMs, f.torchPrebuiltUpdateMs, 'pytorch prebuilt'),
    row('sampling step (64 prompts)', f.tfjsSampleMs, f.torchPrebuiltSampleMs, 'pytorch prebuilt'),
    ...(f.tfjsKernels ? [
      `  diagnostic, tfjs-wasm with its own kernels (XNNPACK's products, transposes written out, tfjs's Adam) in the same rounds, against the project's (wasm-kernels.ts):`,
      ownRow(`update mini-batch (${f.responses} responses)`, f.tfjsKernels.updateMs, f.tfjsUpdateMs),
      ownRow(`sampling, ${RUN_STEPS} steps in a row, per step`, f.tfjsKernels.sampleRunMs, f.tfjsSampleRunMs),
      ownRow('products of one update step', f.tfjsKernels.gemmMs, f.tfjsGemmMs),
    ] : []),
    `  numerical check of both twins ${f.check ? 'ok' : 'FAILED'} (worst relative difference ${f.worstRelative.toExponential(2)})`,
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/pytorch/peer.ts')) {
  benchPytorchPeer((l) => process.stdout.write(`${l}\n`)).catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  });
}
