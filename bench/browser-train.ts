/**
 * Headless-Chromium part of `npm run bench`: default training iterations in the trainer worker on
 * webgpu (SwiftShader here: launched with --enable-unsafe-webgpu), wasm and cpu, driven through the
 * built benchmark page (src/bench/bench.html). Prints BenchRows like the Node part.
 *
 * Env: BENCH_BROWSER_BACKENDS (default "webgpu,wasm,cpu"), BENCH_BROWSER_ITERATIONS (wasm, default 3),
 * BENCH_BROWSER_SLOW_ITERATIONS (webgpu and cpu, default 1: one default iteration takes minutes there).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchChromium, openPage } from '../tests/browser/browser';
import { serveStatic } from '../tests/browser/static-server';
import type { BrowserBenchResult } from '../src/bench/bench-page';
import { rowFromMetrics, type BenchRow } from './report';

function toRow(backend: string, r: BrowserBenchResult): BenchRow {
  // The first WebGPU iteration compiles shaders: with several iterations, leave it out of the median.
  const timed = r.metrics.length > 1 && r.info.backend === 'webgpu' ? r.metrics.slice(1) : r.metrics;
  return rowFromMetrics({
    where: 'chromium',
    backend: r.info.backend === backend ? backend : `${backend}->${r.info.backend}`,
    tfjs: r.info.tfjsVersion,
    planpoMs: r.planpoMs,
    grpoMs: r.grpoMs,
  }, timed, r.metrics);
}

export async function benchChromium(): Promise<BenchRow[]> {
  const dist = resolve('dist');
  if (process.env.BENCH_BUILD === '1' || !existsSync(resolve(dist, 'src/bench/bench.html'))) {
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  const backends = (process.env.BENCH_BROWSER_BACKENDS ?? 'webgpu,wasm,cpu').split(',');
  const server = await serveStatic(dist, '/bench/');
  const lab = await launchChromium({ webgpu: true });
  const rows: BenchRow[] = [];
  try {
    for (const backend of backends) {
      const n = Number(backend === 'wasm' ? process.env.BENCH_BROWSER_ITERATIONS ?? 3 : process.env.BENCH_BROWSER_SLOW_ITERATIONS ?? 1);
      process.stderr.write(`bench: chromium ${backend}, ${n} default iteration(s)...\n`);
      const { page } = await openPage(lab, `${server.url}src/bench/bench.html`);
      page.setDefaultTimeout(0);
      await page.waitForFunction('typeof window.rolloutLabBench === "function"');
      const result = (await page.evaluate(`window.rolloutLabBench(${JSON.stringify(backend)}, ${n})`)) as BrowserBenchResult;
      rows.push(toRow(backend, result));
      await page.context().close();
    }
  } finally {
    await lab.close();
    await server.close();
  }
  return rows;
}
