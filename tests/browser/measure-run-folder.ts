/**
 * `npx tsx tests/browser/measure-run-folder.ts [steps] [groupsPerStep]`: not a test; figures for a
 * run folder opened in the lab, from the production build in dist/ (the browser test run builds it).
 * Writes a generated AgentGym-RL run (4 ranks per step, groups of 8) into a temp dir, picks it
 * through the folder input, and prints: steps listed, first step opened, overview done, another step
 * opened (seconds from the pick or the click), the longest main-thread task seen (longtask entries)
 * and the page's JS heap after. Figures on a loaded machine are upper bounds.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { launchChromium } from './browser';
import { serveStatic } from './static-server';
import { runSampleFiles } from '../../src/core/io/samples/write-run';

async function main() {
  const steps = Number(process.argv[2] ?? 20);
  const groupsPerStep = Number(process.argv[3] ?? 64);
  const root = join(mkdtempSync(join(tmpdir(), 'run-figures-')), 'run');
  let trajectories = 0;
  let bytes = 0;
  for (const f of runSampleFiles({ layout: 'agentgym-rl', steps, groupsPerStep, groupSize: 8, maxTurns: 6, ranks: 4, seed: 2 })) {
    mkdirSync(dirname(join(root, f.path)), { recursive: true });
    writeFileSync(join(root, f.path), f.text);
    trajectories += f.trajectories;
    bytes += f.text.length;
  }
  console.log(`run: ${steps} steps × ${groupsPerStep} groups × 8 = ${trajectories} trajectories, ${(bytes / 1e6).toFixed(1)} MB`);
  const server = await serveStatic(resolve('dist'), '/');
  const lab = await launchChromium({ webgpu: false });
  try {
    const context = await lab.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { tasks: Array<[number, number]> };
      w.tasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) w.tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${server.url}#import`);
    await page.getByLabel('Rollouts folder').waitFor({ state: 'attached' });
    await page.waitForTimeout(3000); // the backend probe after load
    const pickedAt = await page.evaluate(() => performance.now());
    const t0 = Date.now();
    const since = (t: number) => ((Date.now() - t) / 1000).toFixed(1);
    await page.getByLabel('Rollouts folder').setInputFiles(root);
    const run = page.getByRole('region', { name: 'Training run' });
    await run.waitFor({ timeout: 120_000 });
    console.log(`steps listed: ${since(t0)} s after the pick (includes the browser's own listing of ${steps * 4} files)`);
    await page.getByTestId('import-summary').getByRole('heading', { name: `run step 1 (4 files)` }).waitFor({ timeout: 300_000 });
    console.log(`first step opened: ${since(t0)} s`);
    await page.waitForFunction(() => document.querySelector('[data-testid="run-steps"]')?.getAttribute('data-overview') === 'done', undefined, { timeout: 600_000, polling: 500 });
    console.log(`overview of every step: ${since(t0)} s`);
    const t1 = Date.now();
    const middle = Math.ceil(steps / 2);
    await run.getByRole('button', { name: `Open step ${middle}` }).click();
    await page.getByTestId('import-summary').getByRole('heading', { name: `run step ${middle} (4 files)` }).waitFor({ timeout: 120_000 });
    console.log(`step ${middle} opened: ${since(t1)} s after the click (overview finished)`);
    const [tasks, heap] = await page.evaluate(() => [(window as unknown as { tasks: Array<[number, number]> }).tasks, (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? NaN] as const);
    const after = tasks.filter(([start]) => start >= pickedAt);
    const longest = Math.max(0, ...after.map(([, d]) => d));
    console.log(`main-thread tasks over 50 ms after the pick: ${after.length}, longest ${Math.round(longest)} ms (at ${after.map(([s, d]) => `${((s - pickedAt) / 1000).toFixed(1)} s: ${Math.round(d)} ms`).join(', ')}); page JS heap after: ${(heap / 1e6).toFixed(0)} MB`);
  } finally {
    await lab.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
