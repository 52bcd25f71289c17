/**
 * Not a test. Where Chromium's processor time goes, thread by thread (Linux only, from /proc):
 *
 *   npx tsx tests/browser/measure-threads.ts lab [from-s] [for-s] [query]
 *     serves dist/ (build it first), opens the lab with `query` (default: the responsiveness
 *     bench's two runs), presses Train, and prints the processor seconds of every Chromium thread
 *     kind between `from-s` (default 8) and `from-s + for-s` (default 20) seconds after the press,
 *     and each run's iteration at both ends.
 *   npx tsx tests/browser/measure-threads.ts run CMD [ARG…]
 *     runs CMD (for example `npx vitest run --config vitest.browser.config.ts tests/browser/lab.test.ts`)
 *     and prints the same table for every Chromium thread seen while it ran (sampled every 0.2 s,
 *     so a thread that lived less than that is missed).
 *
 * Threads are grouped by process type (renderer, browser, gpu-process, utility) and thread name
 * (CrRendererMain is the page's main thread, "DedicatedWorker thread" the trainer workers,
 * ThreadPoolForegroundWorker V8's and Blink's background work: JIT compilation, garbage collection).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { TWO_RUNS_QUERY } from '../../bench/browser-lab';
import { processes, processKind, threadsOf } from '../processes.mjs';
import { chromiumLaunchOptions } from './browser';
import { runIterations, trainingLab } from './lab-page';
import { serveStatic } from './static-server';

interface ThreadSample { kind: string; cpu: number }

/** Every live Chromium thread: "process type / thread name" and its processor seconds, by "pid/tid". */
function chromiumThreads(): Map<string, ThreadSample> {
  const out = new Map<string, ThreadSample>();
  for (const pid of processes().keys()) {
    const type = /^chromium (.+)$/.exec(processKind(pid) ?? '')?.[1];
    if (!type) continue;
    for (const [tid, { name, cpu }] of threadsOf(pid)) out.set(`${pid}/${tid}`, { kind: `${type} / ${name}`, cpu });
  }
  return out;
}

/** Processor seconds per thread kind spent between two samples (threads born in between count from 0). */
function spentByKind(before: Map<string, ThreadSample>, after: Map<string, ThreadSample>): Map<string, number> {
  const byKind = new Map<string, number>();
  for (const [id, { kind, cpu }] of after) byKind.set(kind, (byKind.get(kind) ?? 0) + cpu - (before.get(id)?.cpu ?? 0));
  return byKind;
}

function printTable(byKind: Map<string, number>, seconds: number): void {
  const rows = [...byKind].filter(([, s]) => s >= 0.01).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, s]) => sum + s, 0);
  for (const [kind, s] of rows.slice(0, 15)) console.log(`${s.toFixed(2).padStart(8)} s  ${(s / seconds).toFixed(2)} cores  ${kind}`);
  console.log(`${total.toFixed(2).padStart(8)} s  ${(total / seconds).toFixed(2)} cores  all Chromium threads, over ${seconds.toFixed(1)} s`);
}

async function lab(from: number, span: number, query: string): Promise<void> {
  const server = await serveStatic(resolve('dist'), '/classroom/rollout-lab/');
  const browser = await chromium.launch(chromiumLaunchOptions({ webgpu: false }));
  try {
    const page = await trainingLab(browser, `${server.url}?backend=wasm&${query}`);
    await page.waitForTimeout(from * 1000);
    const [before, startedAt, atStart] = [chromiumThreads(), Date.now(), await runIterations(page)];
    await page.waitForTimeout(span * 1000);
    const after = chromiumThreads();
    const seconds = (Date.now() - startedAt) / 1000;
    console.log(`iterations: ${atStart} at ${from} s; ${await runIterations(page)} at ${from + span} s (load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`);
    printTable(spentByKind(before, after), seconds);
  } finally {
    await browser.close();
    await server.close();
  }
}

async function run(command: string[]): Promise<void> {
  const seen = new Map<string, ThreadSample>();
  const first = chromiumThreads(); // Chromiums already running are not counted
  const startedAt = Date.now();
  const child = spawn(command[0], command.slice(1), { stdio: 'ignore' });
  const timer = setInterval(() => {
    for (const [id, sample] of chromiumThreads()) seen.set(id, sample);
  }, 200);
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  clearInterval(timer);
  console.log(`${command.join(' ')}: exit ${code}, ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  printTable(spentByKind(first, seen), (Date.now() - startedAt) / 1000);
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'lab') {
  await lab(Number(rest[0] ?? 8), Number(rest[1] ?? 20), rest[2] ?? TWO_RUNS_QUERY);
} else if (mode === 'run' && rest.length > 0) {
  await run(rest);
} else {
  console.error('usage: npx tsx tests/browser/measure-threads.ts lab [from-s] [for-s] [query] | run CMD [ARG…]');
  process.exitCode = 2;
}
