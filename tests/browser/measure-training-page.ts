/**
 * Not a test: `npx tsx tests/browser/measure-training-page.ts DIST [DIST…]` serves each built site
 * (e.g. an older build beside dist/), and alternately, in fresh contexts of one headless Chromium,
 * opens the lab with the browser tests' small configuration and presses Step `STEPS` times (default
 * 3; `QUERY=…` replaces the configuration). It prints the processor seconds Chromium spent on the page load and on each Step, which is
 * what a browser test that trains a few iterations pays. Answers "what does a change to the lab or
 * its workers cost every training test". Processor seconds hardly change with a shared machine's
 * load; the builds alternate all the same. With `TRACE=1` each Step is also traced and the thread
 * pools' thread time during it printed by cause (JIT, GC, wasm compile, IndexedDB: bench/lab-profile.ts's
 * `backgroundByCause`), which tells V8 compiling the workers' code apart from the training itself.
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { backgroundByCause, type TraceEvent } from '../../bench/lab-profile';
import { parseShareLink } from '../../src/app/share-link';
import { chromiumLaunchOptions } from './browser';
import { SMALL, waitForIteration } from './lab-page';
import { treeCpu } from './process-cpu';
import { serveStatic } from './static-server';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: npx tsx tests/browser/measure-training-page.ts DIST [DIST…]');
  process.exit(2);
}
const steps = Number(process.env.STEPS ?? 3);
const rounds = Number(process.env.ROUNDS ?? 2);
const traced = process.env.TRACE === '1';
/** The lab's configuration (default: the tests' small one, two runs). */
const query = process.env.QUERY ?? SMALL;
/** The runs the lab builds from it, as its own link parser reads the query (fewer than two estimators: the default pair). */
const runs = parseShareLink(`?${query}`).config.estimators.length;

const servers = await Promise.all(dirs.map((d) => serveStatic(resolve(d), '/classroom/rollout-lab/')));
const browserServer = await chromium.launchServer(chromiumLaunchOptions({ webgpu: false }));
const browser = await chromium.connect(browserServer.wsEndpoint());
const root = browserServer.process().pid!;

/** Last reading of every process seen under Chromium so far: a closed context's renderer keeps its seconds. */
const seen = new Map<number, number>();
function chromiumSeconds(): number {
  for (const [pid, seconds] of treeCpu(root)) seen.set(pid, seconds);
  return [...seen.values()].reduce((a, b) => a + b, 0);
}

for (let round = 0; round < rounds; round++) {
  for (const [i, dir] of dirs.entries()) {
    const started = Date.now();
    const before = chromiumSeconds();
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${servers[i].url}?backend=wasm&${query}&iterations=50`);
    const step = page.getByRole('button', { name: 'Step', exact: true });
    await step.waitFor();
    const parts = [`load ${(chromiumSeconds() - before).toFixed(2)}`];
    for (let k = 1; k <= steps; k++) {
      if (traced) await browser.startTracing(page, { categories: ['toplevel', 'v8'] });
      const at = chromiumSeconds();
      await step.click();
      await waitForIteration(page, k, runs);
      parts.push(`Step ${k} ${(chromiumSeconds() - at).toFixed(2)}`);
      if (traced) {
        const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
        const pools = Object.entries(backgroundByCause(trace.traceEvents)).map(([cause, ms]) => `${cause} ${(ms / 1000).toFixed(2)}`);
        parts.push(`(pools: ${pools.join(', ')})`);
      }
    }
    await context.close();
    const total = chromiumSeconds() - before;
    console.log(`${dir}: processor seconds ${parts.join(', ')}; total ${total.toFixed(2)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
await browser.close();
await browserServer.close();
await Promise.all(servers.map((s) => s.close()));
