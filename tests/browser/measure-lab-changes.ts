/**
 * Not a test: `npx tsx tests/browser/measure-lab-changes.ts DIST [SECONDS]` serves a built site, opens
 * the lab with the bench's 'Classroom demo' link, presses Train and, from iteration 1 on for SECONDS
 * (default 20), counts with a MutationObserver which parts of the page change in how many animation
 * frames (a part: the nearest element with an accessible name, a test id or a section's class). Each
 * frame with a change lays out and paints the page, so fewer frames with changes is less main-thread
 * work; these are counts, which a loaded machine does not change (the iterations it allows do).
 */
import { resolve } from 'node:path';
import { launchChromium, openPage } from './browser';
import { serveStatic } from './static-server';

const [dist, seconds = '20'] = process.argv.slice(2);
if (!dist) {
  console.error('usage: npx tsx tests/browser/measure-lab-changes.ts DIST [SECONDS]');
  process.exit(2);
}
const QUERY = 'groupSize=8&tasksPerIteration=4&envSize=4&estimators=grpo,planpo';
const ITERATIONS = `[...document.querySelectorAll('[data-testid="run-status"]')].map((e) => Number(e.getAttribute('data-iteration')))`;

/** The observer and a frame counter, installed in the page (a string: tsx's helpers do not exist there). */
const OBSERVE = `(() => {
  const part = (node) => {
    const el = node.nodeType === 1 ? node : node.parentElement;
    if (!el || !el.isConnected) return 'removed';
    const p = el.closest('[aria-label], [data-testid], section, aside, details, header, footer, nav');
    return p ? (p.getAttribute('aria-label') || p.getAttribute('data-testid') || p.className || p.tagName).slice(0, 48) : el.tagName;
  };
  const w = { frames: 0, changed: 0, parts: {}, mutations: {}, now: new Set() };
  window.__changes = w;
  new MutationObserver((list) => { for (const m of list) { const k = part(m.target) + ' (' + m.type + ')'; w.now.add(k); w.mutations[k] = (w.mutations[k] || 0) + 1; } })
    .observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  const tick = () => { w.frames++; if (w.now.size) { w.changed++; for (const k of w.now) w.parts[k] = (w.parts[k] || 0) + 1; w.now.clear(); } requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;

const lab = await launchChromium({ webgpu: false });
const server = await serveStatic(resolve(dist), '/lab/');
try {
  const { page } = await openPage(lab, `${server.url}?backend=wasm&${QUERY}`);
  await page.getByRole('button', { name: 'Train', exact: true }).click();
  const iterations = () => page.evaluate(ITERATIONS) as Promise<number[]>;
  for (let its = await iterations(); !(its.length > 0 && its.every((k) => k >= 1)); its = await iterations()) await page.waitForTimeout(250);
  const before = await iterations();
  await page.evaluate(OBSERVE);
  await page.waitForTimeout(Number(seconds) * 1000);
  const w = await page.evaluate('(() => { const w = window.__changes; return { frames: w.frames, changed: w.changed, parts: w.parts, mutations: w.mutations }; })()') as
    { frames: number; changed: number; parts: Record<string, number>; mutations: Record<string, number> };
  const after = await iterations();
  console.log(`${dist}: ${seconds} s, iterations ${after.map((k, r) => `+${k - before[r]}`).join(' ')}; ${w.frames} frames, ${w.changed} with changes`);
  for (const [k, n] of Object.entries(w.parts).sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)} frames ${String(w.mutations[k]).padStart(6)} mutations  ${k}`);
} finally {
  await lab.close();
  await server.close();
}
