/**
 * Soak: does a long run stay flat? In Node, 1,000 training iterations at a tiny configuration on
 * wasm, sampling tf.memory().numTensors and the process RSS; in headless Chromium, two trainer
 * workers (two runs) training side by side for a few minutes, sampling each iteration's worker
 * tensor count and the JS heap (page, and each worker where Chromium exposes it).
 * Prints first / last / max and a least-squares slope (per 1,000 iterations, per minute) over the
 * samples after a 10% warm-up. Figures only; nothing here is asserted.
 *
 *   npx tsx bench/soak.ts                   (or BENCH_SOAK=only npm run bench)
 *   BENCH_SOAK_ITERATIONS=1000  BENCH_SOAK_SECONDS=300  BENCH_SOAK_BROWSER=0 (Node only)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import { useNodeBackend } from '../src/cli/tf-node';
import { DEFAULT_CONFIG, Trainer, type RunConfig } from '../src/core/train';
import type { BrowserBenchResult } from '../src/bench/bench-page';
import { launchChromium, openPage } from '../tests/browser/browser';
import { serveStatic } from '../tests/browser/static-server';

/** Tiny: 2 tasks × 2 members, short episodes, a small policy (the soak measures growth, not speed). */
export const SOAK_CONFIG: Partial<RunConfig> = {
  env: 'household-v0', envSize: 4, maxTurns: 4, groupSize: 2, tasksPerIteration: 2, hidden: 16, hashBuckets: 128, miniBatches: 1,
};

export interface Series {
  name: string;
  unit: string;
  /** [x, value]: x in iterations (Node) or seconds (Chromium). */
  points: Array<[number, number]>;
  /** Unit of the slope's x ("1000 it", "min") and the factor from x to it. */
  per: { label: string; factor: number };
}

/** Least-squares slope of the points after the first 10% (warm-up: caches, JIT, first allocations). */
export function slope(points: ReadonlyArray<[number, number]>): number {
  const tail = points.slice(Math.floor(points.length / 10));
  if (tail.length < 2) return 0;
  const mx = tail.reduce((a, [x]) => a + x, 0) / tail.length;
  const my = tail.reduce((a, [, y]) => a + y, 0) / tail.length;
  const sxy = tail.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const sxx = tail.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

export function formatSeries(s: Series): string {
  if (s.points.length === 0) return `${s.name}: no samples`;
  const values = s.points.map(([, y]) => y);
  const f = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));
  const per = slope(s.points) * s.per.factor;
  return `${s.name}: first ${f(values[0])} ${s.unit}, last ${f(values[values.length - 1])}, max ${f(Math.max(...values))}, `
    + `slope ${per >= 0 ? '+' : ''}${f(per)} ${s.unit}/${s.per.label} (${s.points.length} samples)`;
}

const MB = 1024 * 1024;

export async function soakNode(iterations: number, every = 10): Promise<Series[]> {
  await useNodeBackend('wasm');
  const trainer = await Trainer.create({ ...DEFAULT_CONFIG, ...SOAK_CONFIG, iterations }, { backend: 'wasm (node)' });
  const tensors: Array<[number, number]> = [];
  const rss: Array<[number, number]> = [];
  const heap: Array<[number, number]> = [];
  const start = Date.now();
  try {
    for (let k = 1; k <= iterations; k++) {
      await trainer.runIteration();
      if (k === 1 || k % every === 0) {
        tensors.push([k, tf.memory().numTensors]);
        const memory = process.memoryUsage();
        rss.push([k, memory.rss / MB]);
        heap.push([k, memory.heapUsed / MB]);
      }
    }
  } finally {
    trainer.dispose();
  }
  const per = { label: '1000 it', factor: 1000 };
  process.stderr.write(`soak: node wasm, ${iterations} iterations in ${((Date.now() - start) / 1000).toFixed(0)} s\n`);
  return [
    { name: `node wasm numTensors (${iterations} it)`, unit: 'tensors', points: tensors, per },
    { name: `node wasm RSS (${iterations} it)`, unit: 'MB', points: rss, per },
    { name: `node wasm V8 heap used (${iterations} it)`, unit: 'MB', points: heap, per },
  ];
}

/** Two runs side by side in trainer workers for about `seconds`, from the built bench page. */
export async function soakChromium(seconds: number): Promise<Series[]> {
  const dist = resolve('dist');
  if (!existsSync(resolve(dist, 'src/bench/bench.html'))) spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const server = await serveStatic(dist, '/soak/');
  const lab = await launchChromium({ webgpu: false });
  try {
    const { page } = await openPage(lab, `${server.url}src/bench/bench.html`);
    page.setDefaultTimeout(0);
    await page.waitForFunction('typeof window.rolloutLabBench === "function"');
    const config = JSON.stringify(SOAK_CONFIG);
    // Calibrate: each call starts a worker (tfjs and wasm load), so time 2 and 10 iterations and take the
    // difference; it is noisy on a busy machine, so never below a third of the 10-iteration call's average.
    const timed = async (n: number) => {
      const t = Date.now();
      await page.evaluate(`Promise.all([window.rolloutLabBench('wasm', ${n}, ${config}), window.rolloutLabBench('wasm', ${n}, ${config})])`);
      return Date.now() - t;
    };
    const short = await timed(2);
    const long = await timed(10);
    const perIteration = Math.max((long - short) / 8, long / 30);
    const iterations = Math.max(5, Math.round((seconds * 1000) / perIteration));
    process.stderr.write(`soak: chromium, two runs × ${iterations} iterations (~${seconds} s)...\n`);
    const heap: Array<[number, number]> = [];
    const workerHeap: Array<[number, number]> = [];
    const start = Date.now();
    const done = page.evaluate(`Promise.all([window.rolloutLabBench('wasm', ${iterations}, ${config}), window.rolloutLabBench('wasm', ${iterations}, ${config})])`) as Promise<BrowserBenchResult[]>;
    let finished = false;
    void done.finally(() => (finished = true));
    while (!finished) {
      const t = (Date.now() - start) / 1000;
      const used = (await page.evaluate('performance.memory ? performance.memory.usedJSHeapSize : 0')) as number;
      heap.push([t, used / MB]);
      const workers = await Promise.all(page.workers().map((w) => w.evaluate('self.performance && self.performance.memory ? self.performance.memory.usedJSHeapSize : 0').catch(() => 0) as Promise<number>));
      const total = workers.reduce((a, b) => a + b, 0);
      if (total > 0) workerHeap.push([t, total / MB]);
      await Promise.race([done, new Promise((r) => setTimeout(r, 2000))]);
    }
    const results = await done;
    const elapsed = (Date.now() - start) / 1000;
    const perMin = { label: 'min', factor: 60 };
    const tensorSeries: Series[] = results.map((r, i) => ({
      name: `chromium wasm run ${i + 1} numTensors (${r.metrics.length} it, ${elapsed.toFixed(0)} s)`,
      unit: 'tensors',
      points: r.metrics.map((m, k) => [(k + 1) * (elapsed / r.metrics.length), m.numTensors] as [number, number]),
      per: perMin,
    }));
    return [
      ...tensorSeries,
      { name: `chromium page JS heap (${elapsed.toFixed(0)} s)`, unit: 'MB', points: heap, per: perMin },
      ...(workerHeap.length > 0 ? [{ name: `chromium workers' JS heap (${elapsed.toFixed(0)} s)`, unit: 'MB', points: workerHeap, per: perMin }] : []),
    ];
  } finally {
    await lab.close();
    await server.close();
  }
}

/** The whole soak, printed (bench/run.ts calls this; so does `npx tsx bench/soak.ts`). */
export async function runSoak(print: (line: string) => void): Promise<void> {
  const iterations = Number(process.env.BENCH_SOAK_ITERATIONS ?? 1000);
  process.stderr.write(`soak: node wasm, ${iterations} iterations at a tiny configuration...\n`);
  const series = await soakNode(iterations);
  if (process.env.BENCH_SOAK_BROWSER !== '0') series.push(...(await soakChromium(Number(process.env.BENCH_SOAK_SECONDS ?? 300))));
  print('\nSoak (flat = no leak):');
  series.forEach((s) => print(`  ${formatSeries(s)}`));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSoak((line) => process.stdout.write(line + '\n')).catch((error) => {
    process.stderr.write(`soak failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
