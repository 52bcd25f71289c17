/**
 * Not a test: `npx tsx tests/browser/measure-lab-paint.ts DIST [DIST…]` serves each built site (e.g.
 * an older build beside dist/) and, alternately in fresh contexts of one headless Chromium, opens the
 * lab with the seeded worked example shown, then changes one word of the group's heading in each of
 * FRAMES animation frames (default 200). From a trace it prints the main thread's rendering work per
 * frame (thread time: paint, pre-paint, layout, style, layerize, commit): what every small change on
 * the page costs (a run's status line, a staged card), beside the change itself. Thread time, not
 * wall time, so a loaded machine changes it little; the builds alternate all the same (ROUNDS, default 2).
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { launchChromium, openPage } from './browser';
import { serveStatic } from './static-server';
import { mainThreads, onThreads, type TraceEvent } from '../../bench/lab-profile';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: npx tsx tests/browser/measure-lab-paint.ts DIST [DIST…]');
  process.exit(2);
}
const frames = Number(process.env.FRAMES ?? 200);
const rounds = Number(process.env.ROUNDS ?? 2);
const KINDS = ['Paint', 'PrePaint', 'Layout', 'UpdateLayoutTree', 'Layerize', 'Commit'];

/** One word of the group heading changed in each of `n` frames (a string: tsx's helpers do not exist in the page). */
const churn = (n: number) => `new Promise((done) => {
  const el = document.querySelector('.group-head strong');
  let k = 0;
  const tick = () => { el.textContent = k % 2 ? 'Task:' : 'Task;'; if (++k < ${n}) requestAnimationFrame(tick); else done(); };
  requestAnimationFrame(tick);
})`;

const lab = await launchChromium({ webgpu: false });
const servers = await Promise.all(dirs.map((d) => serveStatic(resolve(d), '/lab/')));
try {
  for (let r = 0; r < rounds; r++) {
    const order = servers.map((_, k) => (r % 2 === 0 ? k : servers.length - 1 - k));
    for (const k of order) {
      const { page } = await openPage(lab, `${servers[k].url}?seed=1&taskType=pick_and_place_simple`);
      await page.getByRole('button', { name: 'Show a worked example' }).click();
      await page.locator('.katex-scroll .katex-html').first().waitFor();
      await page.waitForTimeout(1500); // fonts, fits and the scatters settled
      const browser = page.context().browser()!;
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      await page.evaluate(churn(frames));
      const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
      const mains = mainThreads(events);
      const perFrame = (name: string) => events.filter((e) => e.ph === 'X' && e.name === name && onThreads(e, mains)).reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0) / frames;
      const parts = KINDS.map((name) => [name, perFrame(name)] as const);
      const total = parts.reduce((sum, [, ms]) => sum + ms, 0);
      console.log(`${dirs[k]} (round ${r + 1}): rendering ${total.toFixed(2)} ms per frame (${parts.map(([n, ms]) => `${n} ${ms.toFixed(2)}`).join(', ')}); load ${loadavg()[0].toFixed(1)}`);
      await page.context().close();
    }
  }
} finally {
  await lab.close();
  await Promise.all(servers.map((s) => s.close()));
}
