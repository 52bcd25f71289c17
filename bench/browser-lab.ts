/**
 * Responsiveness of the lab while two runs train: launches Debian's Chromium the way the browser
 * tests do, serves the built `dist/` (run `npx vite build` first, or pass BENCH_BUILD=1), opens
 * the lab with a share-link configuration, presses Train, and for N seconds records long tasks
 * (PerformanceObserver 'longtask', main thread > 50 ms) and frames (requestAnimationFrame).
 * A baseline phase first records the idle lab, so a loaded machine's own jank can be told apart.
 * A second phase renders a group of 8 trajectories × 50 turns and walks through it with the
 * arrow keys, recording the same figures.
 *
 *   npx tsx bench/browser-lab.ts [--seconds 30] [--backend wasm] [--query 'groupSize=8&…']
 *
 * Prints one line per phase and, with BENCH_JSON=1, JSON Lines. BENCH_LAB_PROFILE=1 adds where the
 * main thread's time went during the training phase (bench/lab-profile.ts: by kind, by function, and
 * which functions ran inside the long tasks); BENCH_LAB_TRACE_DIR=<folder> also writes the trace and
 * the CPU profile there (they open in DevTools' Performance panel). BENCH_LAB_BASE=<an older
 * build's dist folder> compares that build with this one instead: the training phase only, in
 * BENCH_LAB_ROUNDS (default 2) interleaved rounds (base, new, new, base), one command for before/after,
 * each with a trace that gives the main thread's CPU time per iteration (thread time: unlike long
 * tasks, it does not grow when a loaded machine keeps the page waiting for a core). BENCH_LAB_NICE_WORKERS=1
 * instead compares this build with itself, its trainer workers' threads at nice 0 and at nice 19 (Linux; see
 * bench/worker-nice.ts), in the same interleaved rounds. `benchBrowserLab()` is exported
 * for bench/run.ts. Benchmarks print figures; tests never assert timings.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium, openPage, type LabBrowser } from '../tests/browser/browser';
import { formatSummary, MEASURED_FROM, MEASURED_TO, startProfiling, type MainThreadSummary } from './lab-profile';
import { serveStatic } from '../tests/browser/static-server';
import { niceWorkers } from './worker-nice';

export interface ResponsivenessFigures {
  phase: string;
  seconds: number;
  longTasks: number;
  /** Long tasks over 100 ms (a subset of longTasks). */
  longTasksOver100: number;
  longTaskMsTotal: number;
  longTaskMsMax: number;
  framesPerSecond: number;
  /** 95th percentile of frame intervals, ms. */
  frameP95Ms: number;
  /** Iterations completed per run during the phase. */
  iterations: Record<string, number>;
  backend: string;
  /** Where the main thread's time went (BENCH_LAB_PROFILE=1, training phase only). */
  profile?: MainThreadSummary;
}

export interface BenchOptions {
  seconds: number;
  backend: string;
  /** Share-link query (without backend) for the training phase. */
  query: string;
}

/**
 * Two runs (GRPO and PlanPO) with short iterations, as `npm run bench` measures the lab's
 * responsiveness; the measuring scripts beside the browser tests watch the same training.
 */
export const TWO_RUNS_QUERY = 'groupSize=8&tasksPerIteration=2&envSize=4&maxTurns=20&hidden=64&estimators=grpo,planpo';

/** The 'Classroom demo' preset. */
const DEFAULT_QUERY = 'groupSize=8&tasksPerIteration=4&envSize=4&estimators=grpo,planpo';
const LONG_GROUP_QUERY = 'groupSize=8&tasksPerIteration=1&envSize=4&maxTurns=50&hidden=32&estimators=grpo,planpo';

/**
 * Installs the observers in the page. A string, not a function: tsx would wrap named functions in
 * a `__name` helper that does not exist in the page.
 */
const RECORDER = `(() => {
  console.timeStamp('${MEASURED_FROM}');
  const b = { long: [], frames: [], stop: false };
  window.__bench = b;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) b.long.push(e.duration); }).observe({ type: 'longtask' });
  const tick = (t) => { b.frames.push(t); if (!b.stop) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;

async function startRecording(page: Page): Promise<void> {
  await page.evaluate(RECORDER);
}

async function collect(page: Page): Promise<{ long: number[]; frames: number[] }> {
  return page.evaluate(`(() => { console.timeStamp('${MEASURED_TO}'); window.__bench.stop = true; return { long: window.__bench.long, frames: window.__bench.frames }; })()`);
}

/**
 * Each run's iteration, from its status line. A plain `querySelectorAll`: a Playwright locator's
 * selector engine walked the whole page in one task of 50–70 ms of the page's CPU.
 */
async function iterations(page: Page): Promise<Record<string, number>> {
  const lines = await page.evaluate(`[...document.querySelectorAll('[data-testid="run-status"]')].map((e) => [e.getAttribute('data-estimator'), Number(e.getAttribute('data-iteration'))])`) as [string, number][];
  return Object.fromEntries(lines);
}

function figures(phase: string, seconds: number, raw: { long: number[]; frames: number[] }, before: Record<string, number>, after: Record<string, number>, backend: string): ResponsivenessFigures {
  const intervals = raw.frames.slice(1).map((t, i) => t - raw.frames[i]).sort((a, b) => a - b);
  const span = raw.frames.length > 1 ? (raw.frames.at(-1)! - raw.frames[0]) / 1000 : seconds;
  return {
    phase, seconds,
    longTasks: raw.long.length,
    longTasksOver100: raw.long.filter((d) => d > 100).length,
    longTaskMsTotal: Math.round(raw.long.reduce((a, b) => a + b, 0)),
    longTaskMsMax: Math.round(Math.max(0, ...raw.long)),
    framesPerSecond: Math.round(((raw.frames.length - 1) / Math.max(span, 1e-9)) * 10) / 10,
    frameP95Ms: Math.round(intervals[Math.floor(intervals.length * 0.95)] ?? 0),
    iterations: Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)])),
    backend,
  };
}

async function waitForIteration(page: Page, k: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const its = Object.values(await iterations(page));
    if (its.length > 0 && its.every((v) => v >= k)) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`bench: iteration ${k} not reached in ${timeoutMs} ms`);
}

/** PHASE 1: two runs training on one build, recorded for `seconds` (with a main-thread profile when asked). */
async function trainingPhase(lab: LabBrowser, url: string, options: BenchOptions, label: string, profile: 'cpu' | 'trace' | null, started?: () => void): Promise<{ page: Page; figures: ResponsivenessFigures }> {
  const { page } = await openPage(lab, `${url}?backend=${options.backend}&${options.query}`);
  await page.getByRole('button', { name: 'Train', exact: true }).click();
  await waitForIteration(page, 1, 300_000); // workers built, first report rendered
  started?.();
  const before = await iterations(page);
  const stop = profile ? await startProfiling(page, profile === 'cpu') : null;
  await startRecording(page);
  await page.waitForTimeout(options.seconds * 1000);
  const raw = await collect(page);
  const profiled = stop ? await stop() : undefined; // before the bench reads the page again
  const f = figures(label, options.seconds, raw, before, await iterations(page), options.backend);
  if (profiled) f.profile = profiled;
  return { page, figures: f };
}

/**
 * Two arms of the training phase in interleaved rounds (a b, b a, a b …), each round a fresh page
 * with a trace: `run(arm, round)` runs one and answers its figures and page.
 */
async function interleaved<A>(rounds: number, arms: readonly [A, A], run: (arm: A, round: number) => Promise<{ page: Page; figures: ResponsivenessFigures }>): Promise<ResponsivenessFigures[]> {
  const out: ResponsivenessFigures[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const arm of r % 2 === 0 ? arms : [arms[1], arms[0]]) {
      const { page, figures } = await run(arm, r + 1);
      await page.context().close();
      out.push(figures);
    }
  }
  return out;
}

/**
 * Old build against new, interleaved (A B B A …): the training phase only, on each build's dist/
 * served side by side. `base` is the older build's dist folder (BENCH_LAB_BASE).
 */
async function compareBuilds(lab: LabBrowser, options: BenchOptions & { base: string; rounds: number }): Promise<ResponsivenessFigures[]> {
  const servers = { base: await serveStatic(resolve(options.base), '/base/'), new: await serveStatic(resolve('dist'), '/new/') };
  try {
    return await interleaved(options.rounds, ['base', 'new'] as const, (which, round) =>
      trainingPhase(lab, servers[which].url, options, `two runs training, ${which} build (round ${round})`, 'trace'));
  } finally {
    await servers.base.close();
    await servers.new.close();
  }
}

/**
 * The same build, with the trainer workers' threads at the default priority and at nice 19,
 * interleaved (plain, niced, niced, plain …; BENCH_LAB_NICE_WORKERS=1, Linux only). A diagnostic,
 * not a product setting: if the niced rounds lose their long tasks, the page's own work fits in a
 * frame and what remains is contention for the machine's cores.
 */
async function compareWorkerNice(lab: LabBrowser, options: BenchOptions & { rounds: number }): Promise<ResponsivenessFigures[]> {
  const server = await serveStatic(resolve('dist'), '/bench/');
  const renice = (nice: number) => {
    const threads = niceWorkers(nice);
    if (threads < 2) throw new Error(`bench: found ${threads} worker threads to renice, expected the two trainers`);
  };
  try {
    return await interleaved(options.rounds, [0, 19] as const, (nice, round) =>
      trainingPhase(lab, server.url, options, `two runs training, worker threads at nice ${nice} (round ${round})`, 'trace', nice ? () => renice(nice) : undefined));
  } finally {
    await server.close();
  }
}

export async function benchBrowserLab(options: BenchOptions): Promise<ResponsivenessFigures[]> {
  const dist = resolve('dist');
  if (process.env.BENCH_BUILD === '1' || !existsSync(resolve(dist, 'index.html'))) {
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  const lab = await launchChromium({ webgpu: options.backend === 'webgpu' });
  if (process.env.BENCH_LAB_NICE_WORKERS === '1') {
    try {
      return await compareWorkerNice(lab, { ...options, rounds: Number(process.env.BENCH_LAB_ROUNDS ?? 2) });
    } finally {
      await lab.close();
    }
  }
  const base = process.env.BENCH_LAB_BASE;
  if (base) {
    try {
      return await compareBuilds(lab, { ...options, base, rounds: Number(process.env.BENCH_LAB_ROUNDS ?? 2) });
    } finally {
      await lab.close();
    }
  }
  const server = await serveStatic(dist, '/bench/');
  const out: ResponsivenessFigures[] = [];
  try {
    // PHASE 0: the lab open and idle (what the machine's own load costs the page)
    const { page: idle } = await openPage(lab, `${server.url}?backend=${options.backend}&${options.query}`);
    await idle.getByRole('button', { name: 'Train', exact: true }).waitFor();
    await startRecording(idle);
    await idle.waitForTimeout(Math.min(10, options.seconds) * 1000);
    out.push(figures('idle lab (baseline)', Math.min(10, options.seconds), await collect(idle), {}, {}, options.backend));
    await idle.context().close();

    // PHASE 1: two runs training
    const { page, figures: training } = await trainingPhase(lab, server.url, options, 'two runs training', process.env.BENCH_LAB_PROFILE === '1' ? 'cpu' : null);
    out.push(training);
    // PHASE 1b: the same runs training while the Play view is shown (no lab rendering): what CPU
    // contention alone costs, to tell it apart from the lab's own rendering
    await page.getByRole('link', { name: 'Play' }).click();
    const beforeB = await iterations(page);
    await startRecording(page);
    await page.waitForTimeout(Math.min(15, options.seconds) * 1000);
    const rawB = await collect(page);
    out.push(figures('two runs training, Play view shown', Math.min(15, options.seconds), rawB, beforeB, {}, options.backend));
    await page.context().close();

    // PHASE 2: a group of 8 × 50 turns (an untrained policy rarely finishes early), walked with the keys
    const { page: long } = await openPage(lab, `${server.url}?backend=${options.backend}&${LONG_GROUP_QUERY}`);
    await long.getByRole('button', { name: 'Step', exact: true }).click();
    await startRecording(long);
    await waitForIteration(long, 1, 300_000);
    await long.locator('.rollout-group li.turn').first().waitFor({ timeout: 60_000 });
    const turns = await long.locator('.rollout-group li.turn').count();
    for (let k = 0; k < 49; k++) await long.keyboard.press('ArrowDown');
    for (let k = 0; k < 7; k++) await long.keyboard.press('ArrowRight');
    const rawLong = await collect(long);
    out.push({ ...figures(`render + walk a group (${turns} turns shown)`, 0, rawLong, {}, {}, options.backend), seconds: Math.round((rawLong.frames.at(-1)! - rawLong.frames[0]) / 100) / 10 });
  } finally {
    await lab.close();
    await server.close();
  }
  return out;
}

export function formatFigures(f: ResponsivenessFigures): string {
  const its = Object.entries(f.iterations).map(([k, v]) => `${k} +${v}`).join(', ');
  const perIteration = f.profile && its ? `; main-thread CPU per iteration ${Math.round(f.profile.cpuMs / Math.max(1, Object.values(f.iterations).reduce((a, b) => a + b, 0)))} ms` : '';
  const line = `${f.phase} [${f.backend}, ${f.seconds}s]: ${f.longTasks} long tasks over 50 ms, ${f.longTasksOver100} over 100 ms (total ${f.longTaskMsTotal} ms, max ${f.longTaskMsMax} ms), ${f.framesPerSecond} fps (p95 frame ${f.frameP95Ms} ms)${its ? `, iterations ${its}` : ''}${perIteration}`;
  return f.profile ? `${line}\n${formatSummary(f.profile)}` : line;
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = { seconds: Number(arg('seconds', '30')), backend: arg('backend', 'wasm'), query: arg('query', DEFAULT_QUERY) };
  benchBrowserLab(options).then((rows) => {
    for (const r of rows) process.stdout.write((process.env.BENCH_JSON ? JSON.stringify(r) : formatFigures(r)) + '\n');
  }).catch((error) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
