/**
 * What back-pressure costs (`BENCH_BACKPRESSURE=1 npm run bench`, or `npx tsx bench/browser-backpressure.ts`):
 * the lab trains two runs in headless Chromium with each worker waiting for IndexedDB's
 * acknowledgement of iteration k before it reports k + 1 (src/app/persist/pacing.ts), against the
 * same lab with `?debug=unpaced` (reports never wait). Arms alternate in fresh browser contexts
 * (A B B A …) so a machine's changing load falls on both. Per arm: iterations per second per run
 * over the window after the first iteration, and the largest gap seen between the lowest iteration
 * the runs show and "Saved through iteration k" (the lowest saved; sampled every 250 ms): about what a
 * crash would lose.
 *
 * Env: BENCH_BACKPRESSURE_ROUNDS (default 2, each round runs both arms twice), BENCH_BACKPRESSURE_SECONDS
 * (window per arm, default 20), BENCH_BACKPRESSURE_QUERY (share-link query; default the browser tests' small
 * lab, where saving weighs most against an iteration, and the lab row's larger one).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium, openPage, type LabBrowser } from '../tests/browser/browser';
import { serveStatic } from '../tests/browser/static-server';
import { TWO_RUNS_QUERY } from './browser-lab';
import { median } from '../src/bench/timing';

export interface PacingFigure {
  query: string;
  arm: 'paced' | 'unpaced';
  /** Median over the arm's windows of iterations per second (mean of the runs). */
  iterationsPerSecond: number;
  windows: number[];
  /** Largest gap seen between the lowest shown iteration and "Saved through iteration k" (the lowest saved). */
  maxUnsaved: number;
}

const QUERIES = [
  'groupSize=4&tasksPerIteration=2&maxTurns=6&envSize=4&hidden=32&estimators=grpo,planpo',
  TWO_RUNS_QUERY,
];

async function shownAndSaved(page: Page): Promise<{ shown: number[]; saved: number }> {
  return page.evaluate(() => ({
    shown: [...document.querySelectorAll('[data-testid="run-status"]')].map((e) => Number(e.getAttribute('data-iteration'))),
    saved: Number(/Saved through iteration (\d+)/.exec(document.querySelector('[data-testid="saved-through"]')?.textContent ?? '')?.[1] ?? 0),
  }));
}

/** One window of one arm: a fresh context, Train, wait for iteration 1 in both runs, then `seconds` of training. */
async function window(lab: LabBrowser, url: string, seconds: number): Promise<{ rate: number; maxUnsaved: number }> {
  const { page } = await openPage(lab, url);
  try {
    page.setDefaultTimeout(300_000);
    await page.getByRole('button', { name: 'Train', exact: true }).click();
    await page.waitForFunction(() => {
      const its = [...document.querySelectorAll('[data-testid="run-status"]')].map((e) => Number(e.getAttribute('data-iteration')));
      return its.length === 2 && its.every((k) => k >= 1);
    }, undefined, { polling: 250 });
    const start = await shownAndSaved(page);
    const t0 = Date.now();
    let maxUnsaved = 0;
    let last = start;
    while (Date.now() - t0 < seconds * 1000) {
      await page.waitForTimeout(250);
      last = await shownAndSaved(page);
      maxUnsaved = Math.max(maxUnsaved, Math.min(...last.shown) - last.saved);
    }
    const elapsed = (Date.now() - t0) / 1000;
    const perRun = last.shown.map((k, i) => (k - start.shown[i]) / elapsed);
    return { rate: perRun.reduce((a, b) => a + b, 0) / perRun.length, maxUnsaved };
  } finally {
    await page.context().close();
  }
}

export async function benchBackpressure(log: (line: string) => void): Promise<PacingFigure[]> {
  const dist = resolve('dist');
  if (process.env.BENCH_BUILD === '1' || !existsSync(resolve(dist, 'index.html'))) spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const rounds = Number(process.env.BENCH_BACKPRESSURE_ROUNDS ?? 2);
  const seconds = Number(process.env.BENCH_BACKPRESSURE_SECONDS ?? 20);
  const queries = process.env.BENCH_BACKPRESSURE_QUERY ? [process.env.BENCH_BACKPRESSURE_QUERY] : QUERIES;
  const server = await serveStatic(dist, '/pacing/');
  const lab = await launchChromium({ webgpu: false });
  const out: PacingFigure[] = [];
  try {
    for (const query of queries) {
      const arms = { paced: [] as number[], unpaced: [] as number[] };
      const unsaved = { paced: 0, unpaced: 0 };
      for (let r = 0; r < rounds; r++) {
        for (const arm of ['paced', 'unpaced', 'unpaced', 'paced'] as const) {
          process.stderr.write(`bench: back-pressure, ${query}, round ${r + 1}/${rounds}, ${arm}...\n`);
          const url = `${server.url}?backend=wasm&iterations=100000&${query}${arm === 'unpaced' ? '&debug=unpaced' : ''}`;
          const w = await window(lab, url, seconds);
          arms[arm].push(w.rate);
          unsaved[arm] = Math.max(unsaved[arm], w.maxUnsaved);
        }
      }
      for (const arm of ['paced', 'unpaced'] as const) {
        out.push({ query, arm, iterationsPerSecond: median(arms[arm]), windows: arms[arm], maxUnsaved: unsaved[arm] });
      }
      const [paced, unpaced] = out.slice(-2);
      log(formatPacing(paced));
      log(formatPacing(unpaced));
      log(`  paced / unpaced throughput: ${(paced.iterationsPerSecond / unpaced.iterationsPerSecond).toFixed(2)}`);
    }
  } finally {
    await lab.close();
    await server.close();
  }
  return out;
}

export function formatPacing(f: PacingFigure): string {
  const windows = f.windows.map((w) => w.toFixed(2)).join(', ');
  return `${f.arm.padEnd(8)} ${f.query}: ${f.iterationsPerSecond.toFixed(2)} iterations/s per run (median of ${windows}), at most ${f.maxUnsaved} shown past "Saved through"`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchBackpressure((line) => process.stdout.write(`${line}\n`)).catch((error) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
