/**
 * The lab's import of a whole training run, in headless Chromium: generates one rollouts.v1 file
 * (150 steps × 16 tasks × 8 = 19,200 trajectories, ~20 turns each, ~100 MB), opens it through the
 * "Open rollouts…" file chooser and records
 * - parse + score seconds (the worker's own clock: stream, parse, validate, group, score all
 *   registry estimators) and the wall time until the summary is on screen;
 * - peak JS heap of the page and of the import worker (CDP Performance.getMetrics on the page,
 *   Runtime.getHeapUsage on the worker target, sampled every 200 ms; the peak between samples can
 *   be missed);
 * - main-thread long tasks (PerformanceObserver 'longtask') during the import: count > 50 ms, count
 *   > 100 ms, the longest;
 * then the open time of one verl-agent step file (16 tasks × 8 × ≤ 20 turns, stock rows).
 *
 *   npx tsx bench/browser-import.ts          (BENCH_IMPORT_STEPS=150 to change the run length)
 *
 * Serves the built `dist/` (BENCH_BUILD=1 rebuilds). Benchmarks print figures; tests never assert timings.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium, openPage } from '../tests/browser/browser';
import { serveStatic } from '../tests/browser/static-server';
import { openByChooser } from '../tests/browser/import-page';
import { makeRollouts } from '../tests/fixtures/make-rollouts';
import { simulateGroup } from '../src/core/io/samples/simulate';
import { verlDumpText } from '../src/core/io/samples/write-verl';

export interface ImportFigures {
  file: string;
  megabytes: number;
  trajectories: number;
  groups: number;
  /** Worker: stream + parse + validate + group + score every estimator. */
  parseScoreSeconds: number;
  /** Of which stream + parse + validate (the importer). */
  readSeconds: number;
  /** From the file input's change event to the summary in the DOM (page clock). */
  wallSeconds: number;
  peakPageHeapMB: number;
  peakWorkerHeapMB: number;
  peakTotalHeapMB: number;
  longTasksOver50: number;
  longTasksOver100: number;
  longestTaskMs: number;
}

async function writeRun(path: string, steps: number): Promise<void> {
  const out = createWriteStream(path);
  for (let s = 0; s < steps; s++) {
    const records = makeRollouts({ steps: 1, firstStep: s + 1, tasks: 16, groupSize: 8, turns: 20, seed: 1 + s, words: 10 });
    const text = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
    if (!out.write(text)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
}

function writeVerlStep(path: string): void {
  const groups = Array.from({ length: 16 }, (_, g) => simulateGroup('household-v0', 5000 + g, { groupSize: 8, maxTurns: 20 }));
  writeFileSync(path, verlDumpText(groups, 1));
}

/** Heap sampler over the page and its import worker (CDP). */
export async function heapSampler(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const workers: string[] = [];
  const pending = new Map<number, (v: number) => void>();
  let nextId = 1;
  cdp.on('Target.attachedToTarget' as never, (e: { sessionId: string; targetInfo: { type: string } }) => {
    if (e.targetInfo.type === 'worker') workers.push(e.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget' as never, (e: { message: string }) => {
    const m = JSON.parse(e.message) as { id?: number; result?: { usedSize: number } };
    if (m.id !== undefined) pending.get(m.id)?.(m.result?.usedSize ?? 0);
  });
  await cdp.send('Target.setAutoAttach' as never, { autoAttach: true, waitForDebuggerOnStart: false, flatten: false } as never);
  const workerHeap = async () => {
    let total = 0;
    for (const sessionId of workers) {
      const id = nextId++;
      const used = new Promise<number>((r) => { pending.set(id, r); setTimeout(() => r(0), 2000); });
      try {
        await cdp.send('Target.sendMessageToTarget' as never, { sessionId, message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }) } as never);
        total += await used;
      } catch {
        workers.splice(workers.indexOf(sessionId), 1); // the worker went away
      }
    }
    return total;
  };
  const pageHeap = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  };
  const peak = { page: 0, worker: 0, total: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const [p, w] = await Promise.all([pageHeap(), workerHeap()]);
      peak.page = Math.max(peak.page, p);
      peak.worker = Math.max(peak.worker, w);
      peak.total = Math.max(peak.total, p + w);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  /** Resolves once the page's import worker is attached and answers (its module has loaded). */
  const workerReady = async () => {
    for (let k = 0; k < 200 && (workers.length === 0 || (await workerHeap()) === 0); k++) await new Promise((r) => setTimeout(r, 100));
  };
  return { workerReady, stop: async () => { running = false; await loop; return peak; } };
}

/** Long tasks, and page-side times of the file being chosen (input change) and of the summary appearing. */
const RECORDER = `(() => {
  const b = []; window.__long = b;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) b.push(e.duration); }).observe({ type: 'longtask' });
  document.addEventListener('change', () => { window.__picked = performance.now(); }, true);
  new MutationObserver((_, o) => { if (document.querySelector('[data-testid=import-summary]')) { window.__shown = performance.now(); o.disconnect(); } })
    .observe(document.body, { childList: true, subtree: true });
})()`;

async function openAndMeasure(page: Page, path: string, name: string): Promise<ImportFigures> {
  await page.evaluate(RECORDER);
  const sampler = await heapSampler(page);
  await sampler.workerReady(); // the view warms the worker while a person would be picking the file
  const started = Date.now();
  await openByChooser(page, path);
  const summary = page.getByTestId('import-summary');
  await summary.getByRole('heading', { name, exact: true }).waitFor({ timeout: 300_000 });
  const shown = (await page.evaluate('window.__shown - window.__picked')) as number;
  const wallSeconds = Number.isFinite(shown) ? shown / 1000 : (Date.now() - started) / 1000;
  await page.waitForTimeout(500); // let the group view and overview render (counted in the long tasks)
  const peak = await sampler.stop();
  const long = (await page.evaluate('window.__long')) as number[];
  const mb = (b: number) => Math.round(b / 1e5) / 10;
  return {
    file: name, megabytes: mb(statSync(path).size),
    trajectories: Number(await summary.getAttribute('data-trajectories')),
    groups: Number(await summary.getAttribute('data-groups')),
    parseScoreSeconds: Number(await summary.getAttribute('data-seconds')),
    readSeconds: Number(await summary.getAttribute('data-read-seconds')),
    wallSeconds, peakPageHeapMB: mb(peak.page), peakWorkerHeapMB: mb(peak.worker), peakTotalHeapMB: mb(peak.total),
    longTasksOver50: long.length, longTasksOver100: long.filter((d) => d > 100).length, longestTaskMs: Math.round(Math.max(0, ...long)),
  };
}

export async function benchBrowserImport(options: { steps: number }): Promise<ImportFigures[]> {
  const dist = resolve('dist');
  if (process.env.BENCH_BUILD === '1' || !existsSync(resolve(dist, 'index.html'))) spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const run = join(dir, 'whole-run.jsonl');
  const verl = join(dir, '1.jsonl');
  process.stderr.write(`bench: writing a ${options.steps}-step rollouts.v1 file...\n`);
  await writeRun(run, options.steps);
  writeVerlStep(verl);
  const server = await serveStatic(dist, '/bench/');
  const lab = await launchChromium({ webgpu: false });
  try {
    const out: ImportFigures[] = [];
    for (const [path, name] of [[run, 'whole-run.jsonl'], [verl, '1.jsonl']]) {
      const { page } = await openPage(lab, `${server.url}#import`);
      await page.getByRole('button', { name: 'Open rollouts…' }).waitFor();
      out.push(await openAndMeasure(page, path, name));
      await page.context().close();
    }
    return out;
  } finally {
    await lab.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatImportFigures(f: ImportFigures): string {
  return `${f.file} (${f.megabytes} MB, ${f.trajectories} trajectories, ${f.groups} groups): parse+score ${f.parseScoreSeconds.toFixed(2)} s (read ${f.readSeconds.toFixed(2)} s, group+score ${(f.parseScoreSeconds - f.readSeconds).toFixed(2)} s) `
    + `(on screen after ${f.wallSeconds.toFixed(2)} s), peak JS heap page ${f.peakPageHeapMB} MB + worker ${f.peakWorkerHeapMB} MB `
    + `(sum ${f.peakTotalHeapMB} MB), main-thread long tasks: ${f.longTasksOver50} > 50 ms, ${f.longTasksOver100} > 100 ms, longest ${f.longestTaskMs} ms`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchBrowserImport({ steps: Number(process.env.BENCH_IMPORT_STEPS ?? 150) }).then((rows) => {
    for (const r of rows) process.stdout.write((process.env.BENCH_JSON ? JSON.stringify(r) : formatImportFigures(r)) + '\n');
  }).catch((error) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
