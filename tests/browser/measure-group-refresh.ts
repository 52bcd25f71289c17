/**
 * Not a test: `npx tsx tests/browser/measure-group-refresh.ts DIST [DIST…]` serves each built site
 * and, alternately in fresh contexts of one headless Chromium, opens the lab with the bench's two runs
 * (bench/browser-lab.ts TWO_RUNS_QUERY: 8 trajectories of up to 20 turns), presses Step 3 times, then
 * switches the group view between iteration 1's group and iteration 3's with the Iteration picker
 * `SWAPS` times (default 20), 400 ms apart, tracing the page. It prints the page main thread's
 * thread time per switch, its longest task, how many tasks took over 16 and over 30 ms, and the time
 * per switch by trace event (script, style, layout, pre-paint, paint, layerize, commit), then the
 * page's composited layers by compositing reason.
 *
 * What it is for: a switch draws the same new group that a live refresh draws while training, but no
 * run is training, so nothing competes for the cores and the figures are thread time of one page
 * alone. The bench's training phase (`BENCH_LAB_BASE=… BENCH_RESPONSIVENESS=only npm run -s bench`)
 * measures what users see while training, and its long-task counts vary run to run by more than a
 * change to one view moves them; this tells such a change apart (run to run, about ±8 %).
 * `ROUNDS` (default 2) alternates the builds, first to last, then last to first.
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { TWO_RUNS_QUERY } from '../../bench/browser-lab';
import { mainThreads, mainThreadTasks, onThreads, type TraceEvent } from '../../bench/lab-profile';
import { chromiumLaunchOptions } from './browser';
import { compositedLayers } from './layer-tree';
import { waitForIteration } from './lab-page';
import { serveStatic } from './static-server';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: npx tsx tests/browser/measure-group-refresh.ts DIST [DIST…]');
  process.exit(2);
}
const swaps = Number(process.env.SWAPS ?? 20);
const rounds = Number(process.env.ROUNDS ?? 2);
/** Trace events whose thread time is printed, by the name this script prints for each. */
const STAGES: Record<string, string> = {
  FunctionCall: 'script', UpdateLayoutTree: 'style', Layout: 'layout', PrePaint: 'pre-paint', Paint: 'paint', Layerize: 'layerize', Commit: 'commit',
};

const servers = await Promise.all(dirs.map((d) => serveStatic(resolve(d), '/classroom/rollout-lab/')));
const browserServer = await chromium.launchServer(chromiumLaunchOptions({ webgpu: false }));
const browser = await chromium.connect(browserServer.wsEndpoint());

async function measure(i: number): Promise<string> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(`${servers[i].url}?backend=wasm&${TWO_RUNS_QUERY}`);
  const step = page.getByRole('button', { name: 'Step', exact: true });
  for (let k = 1; k <= 3; k++) {
    await step.click();
    await waitForIteration(page, k);
  }
  const picker = page.locator('#pick-iteration');
  await picker.selectOption('3');
  await page.waitForTimeout(1500); // the last Step's saves and renders settle
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const heads = new Set<string>();
  for (let n = 0; n < swaps; n++) {
    await picker.selectOption(n % 2 === 0 ? '1' : '3');
    await page.waitForTimeout(400);
    if (n < 2) heads.add(await page.locator('.rollout-group .group-head').innerText());
  }
  const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const cdp = await context.newCDPSession(page);
  const layers = await compositedLayers(page, cdp);
  await cdp.detach();
  const reasons = new Map<string, number>();
  for (const r of layers.flatMap((l) => l.reasons)) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  await context.close();
  if (heads.size < 2) throw new Error('the picker did not switch between two different groups');
  const mains = mainThreads(events);
  const onMain = events.filter((e) => e.ph === 'X' && onThreads(e, mains));
  const ms = (e: TraceEvent) => (e.tdur ?? 0) / 1000;
  const tasks = mainThreadTasks(events).map(ms);
  const byStage = new Map<string, number>();
  for (const e of onMain) if (STAGES[e.name]) byStage.set(STAGES[e.name], (byStage.get(STAGES[e.name]) ?? 0) + ms(e));
  const stages = Object.values(STAGES).map((s) => `${s} ${((byStage.get(s) ?? 0) / swaps).toFixed(1)}`).join(', ');
  const total = tasks.reduce((a, b) => a + b, 0);
  return `${dirs[i]}: main thread ${(total / swaps).toFixed(1)} ms per switch, longest task ${Math.max(0, ...tasks).toFixed(0)} ms, `
    + `tasks over 16 ms ${tasks.filter((t) => t > 16).length}, over 30 ms ${tasks.filter((t) => t > 30).length} (in ${swaps} switches); per switch: ${stages}; `
    + `composited layers ${layers.length} (${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ')})`;
}

for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? [...dirs.keys()] : [...dirs.keys()].reverse();
  for (const i of order) console.log(await measure(i));
}
await browser.close();
await browserServer.close();
await Promise.all(servers.map((s) => s.close()));
