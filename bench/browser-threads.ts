/**
 * wasm threads in the browser (`BENCH_THREADS=1 npm run bench`, or `npx tsx bench/browser-threads.ts`):
 * default iterations in headless Chromium's trainer worker on the cross-origin isolated bench page,
 * 1 thread against N (default every logical core, at most 8), alternating fresh workers, plus the
 * single-threaded binary on a page served without COOP/COEP. Each figure is the median iteration
 * total over all rounds (from the initial weights, so every round does the same work).
 *
 * Env: BENCH_THREADS_N (default: navigator.hardwareConcurrency, ≤ 8), BENCH_THREADS_ROUNDS (default 3),
 * BENCH_THREADS_ITERATIONS (iterations per worker, default 2).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, openPage } from '../tests/browser/browser';
import { serveStatic } from '../tests/browser/static-server';
import type { BrowserBenchResult } from '../src/bench/bench-page';
import { median } from '../src/bench/timing';

export interface ThreadFigure {
  label: string;
  threads: number;
  isolated: boolean;
  iterations: number;
  totalMs: number;
  rolloutMs: number;
  updateMs: number;
}

async function benchPage(lab: Awaited<ReturnType<typeof launchChromium>>, url: string): Promise<Page> {
  const { page } = await openPage(lab, `${url}src/bench/bench.html`);
  page.setDefaultTimeout(0);
  await page.waitForFunction('typeof window.rolloutLabBench === "function"');
  return page;
}

export async function benchBrowserThreads(print: (line: string) => void): Promise<ThreadFigure[]> {
  const dist = resolve('dist');
  if (!existsSync(resolve(dist, 'src/bench/bench.html'))) spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const rounds = Number(process.env.BENCH_THREADS_ROUNDS ?? 3);
  const iterations = Number(process.env.BENCH_THREADS_ITERATIONS ?? 2);
  const isolated = await serveStatic(dist, '/threads/');
  const plain = await serveStatic(dist, '/plain/', { isolated: false });
  const lab = await launchChromium({ webgpu: false });
  try {
    const page = await benchPage(lab, isolated.url);
    const plainPage = await benchPage(lab, plain.url);
    const cores = (await page.evaluate('navigator.hardwareConcurrency')) as number;
    const n = Number(process.env.BENCH_THREADS_N ?? Math.min(8, cores));
    const arms: Array<{ label: string; page: Page; threads?: number }> = [
      { label: 'isolated, 1 thread', page, threads: 1 },
      { label: `isolated, ${n} threads`, page, threads: n },
      { label: 'not isolated (SIMD binary)', page: plainPage },
    ];
    const results = new Map<string, BrowserBenchResult[]>(arms.map((a) => [a.label, []]));
    for (let r = 0; r < rounds; r++) {
      for (const arm of arms) {
        process.stderr.write(`bench: chromium wasm threads, round ${r + 1}/${rounds}, ${arm.label}...\n`);
        const result = (await arm.page.evaluate(`window.rolloutLabBench('wasm', ${iterations}, {}, ${arm.threads ?? 'undefined'})`)) as BrowserBenchResult;
        results.get(arm.label)?.push(result);
      }
    }
    const figures = arms.map((arm) => {
      const rs = results.get(arm.label) ?? [];
      const all = rs.flatMap((x) => x.metrics);
      return {
        label: arm.label, threads: rs[0].info.threads ?? 1, isolated: rs[0].info.crossOriginIsolated, iterations: all.length,
        totalMs: median(all.map((m) => m.timing.totalMs)), rolloutMs: median(all.map((m) => m.timing.rolloutMs)), updateMs: median(all.map((m) => m.timing.updateMs)),
      };
    });
    print(`wasm threads in Chromium (${cores} logical cores; default iterations from the initial weights, ${rounds} alternating rounds):`);
    figures.forEach((f) => print(formatThreadFigure(f, figures[0].totalMs)));
    return figures;
  } finally {
    await lab.close();
    await isolated.close();
    await plain.close();
  }
}

export function formatThreadFigure(f: ThreadFigure, baseMs: number): string {
  return `  ${f.label.padEnd(28)} threads ${String(f.threads).padStart(2)}  ${f.iterations} it  total ${f.totalMs.toFixed(0).padStart(6)} ms (rollout ${f.rolloutMs.toFixed(0)}, update ${f.updateMs.toFixed(0)})  ${(f.totalMs / baseMs).toFixed(2)}x of 1 thread`;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/browser-threads.ts')) {
  benchBrowserThreads((l) => process.stdout.write(`${l}\n`)).catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  });
}
