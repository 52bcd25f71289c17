/**
 * `npx tsx tests/browser/measure-webgpu.ts [iterations] [json overrides]`: not a test; where a WebGPU
 * (SwiftShader) training run's time goes, from the production build in dist/. Runs the bench page's
 * trainer twice in one page (each call spawns a fresh worker) and prints, per call: the wall time
 * of the call and each iteration's rollout / update / total time as the trainer measured it. The
 * first iteration of each call carries the shader compilation; the second call shows whether a new
 * worker compiles again. While a call runs, the worker's count of WebGPU compute pipelines (tfjs's
 * pipeline cache, one per shader) is sampled every second. Figures on a loaded machine are upper bounds.
 */
import { resolve } from 'node:path';
import type { BrowserBenchResult } from '../../src/bench/bench-page';
import { launchChromium } from './browser';
import { serveStatic } from './static-server';

async function main() {
  const iterations = Number(process.argv[2] ?? 2);
  const overrides = JSON.parse(process.argv[3] ?? '{"groupSize":2,"tasksPerIteration":2,"maxTurns":4,"envSize":4,"hidden":16}') as object;
  const server = await serveStatic(resolve('dist'), '/');
  const lab = await launchChromium({ webgpu: true });
  try {
    const context = await lab.browser.newContext();
    const page = await context.newPage();
    let t = Date.now();
    await page.goto(`${server.url}src/bench/bench.html`);
    await page.waitForFunction('typeof window.rolloutLabBench === "function"');
    console.log(`page ready ${((Date.now() - t) / 1000).toFixed(1)} s; config ${JSON.stringify(overrides)}`);
    for (const call of [1, 2]) {
      t = Date.now();
      const start = t;
      let done = false;
      const samples: string[] = [];
      const sampler = (async () => {
        let last = -1;
        while (!done) {
          for (const worker of page.workers()) {
            const n = await worker.evaluate(`Object.keys(globalThis._tfengine?.backendInstance?.pipelineCache ?? {}).length`).catch(() => -1) as number;
            if (n > 0 && n !== last) samples.push(`${n}@${((Date.now() - start) / 1000).toFixed(0)}s`);
            if (n > 0) last = n;
          }
          await new Promise((r) => setTimeout(r, 1000));
        }
      })();
      const r = await page.evaluate(`window.rolloutLabBench('webgpu', ${iterations}, ${JSON.stringify(overrides)})`) as BrowserBenchResult;
      done = true;
      await sampler;
      console.log(`pipelines compiled (count@time): ${samples.join(' ')}`);
      console.log(`call ${call}: ${((Date.now() - t) / 1000).toFixed(1)} s on ${r.info.backend}`);
      for (const m of r.metrics) {
        console.log(`  iteration ${m.iteration}: rollout ${(m.timing.rolloutMs / 1000).toFixed(1)} s, update ${(m.timing.updateMs / 1000).toFixed(1)} s, total ${(m.timing.totalMs / 1000).toFixed(1)} s, ${m.tokens} tokens`);
      }
    }
  } finally {
    await lab.close();
    await server.close();
  }
}

await main();
