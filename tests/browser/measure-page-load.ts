/**
 * Not a test: `npx tsx tests/browser/measure-page-load.ts [pairs] [url suffix]` opens the lab from
 * dist/ (build it first) in fresh contexts, alternately with the service worker allowed and
 * blocked, and prints for each open the seconds until the Step button shows, the processor seconds
 * Chromium spent from the open until 8 s after it (or until Step shows, when later: the service
 * worker installs and precaches in that time), and in the 10 s after that, when nothing is asked of
 * the page. Answers "what does a fresh context cost a browser test, how much of that is the service
 * worker's first install, and does a page left open cost anything". Processor seconds, unlike wall
 * seconds, hardly change with the load of a shared machine; the pairs alternate all the same.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './browser';
import { treeCpu } from './process-cpu';
import { serveStatic } from './static-server';

const spent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, s]) => sum + s - (before.get(pid) ?? 0), 0);

async function main() {
  const pairs = Number(process.argv[2] ?? 3);
  const suffix = process.argv[3] ?? '?backend=wasm';
  const server = await serveStatic(resolve('dist'), '/classroom/rollout-lab/');
  const browserServer = await chromium.launchServer(chromiumLaunchOptions({ webgpu: false }));
  const pid = browserServer.process().pid!;
  const browser = await chromium.connect(browserServer.wsEndpoint());
  try {
    for (let i = 0; i < pairs; i++) {
      for (const serviceWorkers of ['allow', 'block'] as const) {
        const before = treeCpu(pid);
        const started = Date.now();
        const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers });
        const page = await context.newPage();
        await page.goto(`${server.url}${suffix}`);
        await page.getByRole('button', { name: 'Step', exact: true }).waitFor({ timeout: 120_000 });
        const shown = (Date.now() - started) / 1000;
        await page.waitForTimeout(Math.max(0, 8_000 - (Date.now() - started)));
        const first = Math.max(8, shown);
        const settled = treeCpu(pid);
        await page.waitForTimeout(10_000);
        const idle = spent(settled, treeCpu(pid));
        const cpu = spent(before, settled);
        const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
        console.log(`service worker ${serviceWorkers}: Step shown after ${shown.toFixed(1)} s; Chromium processor time in the first ${first.toFixed(0)} s ${cpu.toFixed(1)} s, in the 10 s after ${idle.toFixed(1)} s (load ${load})`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await browserServer.close();
    await server.close();
  }
}

void main();
