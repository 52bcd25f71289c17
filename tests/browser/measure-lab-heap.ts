/**
 * Not a test: `npx tsx tests/browser/measure-lab-heap.ts DIST [DIST…]` serves each built site and,
 * alternately in fresh contexts of one headless Chromium, opens the lab on a configuration (default:
 * the lab's own, `seed=1`; `QUERY=…` replaces it), presses Train, and once both runs are at
 * iteration `ITERATIONS` (default 35, past the 30 iterations whose groups the page keeps whole)
 * pauses them, collects garbage and prints the page's JS heap in use (CDP Runtime.getHeapUsage):
 * mostly the rollout groups the page keeps, the figure a change to the report's size moves.
 * `ROUNDS` (default 1) alternates the builds, first to last, then last to first.
 */
import { resolve } from 'node:path';
import { launchChromium } from './browser';
import { waitForIteration } from './lab-page';
import { serveStatic } from './static-server';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: npx tsx tests/browser/measure-lab-heap.ts DIST [DIST…]');
  process.exit(2);
}
const query = process.env.QUERY ?? 'seed=1';
const iterations = Number(process.env.ITERATIONS ?? 35);
const rounds = Number(process.env.ROUNDS ?? 1);
const MB = 1024 * 1024;

const servers = await Promise.all(dirs.map((d) => serveStatic(resolve(d), '/rollout-lab/')));
const lab = await launchChromium({ webgpu: false }); // service workers blocked in every context

async function measure(i: number): Promise<string> {
  const context = await lab.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${servers[i].url}?backend=wasm&${query}`);
  const started = Date.now();
  await page.getByRole('button', { name: 'Train', exact: true }).click();
  await waitForIteration(page, iterations, 2, 900_000);
  const seconds = (Date.now() - started) / 1000;
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.waitForTimeout(3000); // the iterations in flight report, save and draw
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage') as { usedSize: number };
  await context.close();
  return `${dirs[i]}: both runs at iteration ≥ ${iterations} after ${seconds.toFixed(0)} s; page JS heap in use after GC ${(usedSize / MB).toFixed(1)} MB`;
}

try {
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? dirs.map((_, i) => i) : dirs.map((_, i) => dirs.length - 1 - i);
    for (const i of order) console.log(await measure(i));
  }
} finally {
  await lab.close();
  await Promise.all(servers.map((s) => s.close()));
}
