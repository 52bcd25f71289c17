/**
 * A whole training run's folder in the lab, in headless Chromium, at the scale of a real run: the
 * project's own sample writer (src/core/io/samples/write-run.ts) writes an AgentGym-RL-style folder
 * (`step{N}/{rank}.json`, 4 ranks per step; by default 200 steps × 320 groups × 8 = 512,000
 * trajectories, ~4 turns each) into a temp dir (removed after; BENCH_RUN_DIR=<dir>/run uses a folder
 * this bench's writer wrote before, and keeps it), the folder is opened by one of the product's three
 * paths (BENCH_RUN_PICK):
 * - `input` (the default): the `webkitdirectory` input, the fallback where the browser has no
 *   directory picker (setInputFiles with the directory: Chromium lists and reads the files from disk);
 * - `directory`: "Open folder…" through `showDirectoryPicker`, with only the native dialog replaced:
 *   the folder is first copied into the page's origin-private file system (not timed; in a Chromium
 *   with a profile folder, whose storage quota is sized by the disk as a user's is), and the
 *   picker answers that folder's real `FileSystemDirectoryHandle` (import-page.ts
 *   `pickerAnswersPrivateFolder`); listing it and reading its files are the browser's own;
 * - `drop`: the folder dropped on the page (Chromium's own drag input with the directory's path,
 *   `dropPaths`; the page reads it through `DataTransferItem.webkitGetAsEntry`);
 * and this prints
 * - the time until the steps are listed, until the first step is open, until the overview of every
 *   step is done (page clock from the pick: the input's change event, the click on "Open folder…",
 *   or the drop event);
 * - the time to open a step (click to its summary on screen, and to its first group drawn) while the
 *   overview streams, and after it, for the first, the middle and the last step;
 * - peak JS heap of the page and of the import worker (CDP, sampled every 200 ms; see browser-import.ts);
 * - main-thread long tasks (PerformanceObserver 'longtask') from the pick to the end: count > 50 ms,
 *   count > 100 ms, the longest, and when each one over 100 ms happened;
 * - with BENCH_RUN_TRACE=1, the same tasks by their thread (CPU) time from a Chromium trace: a task's
 *   wall time on a loaded machine includes the time other processes held the core, its thread time
 *   does not (counted from the pick to the last step drawn, between two console.timeStamp marks, so
 *   the tracing's own start is not counted as the page's);
 * - the folder dropped on a fresh page (Chromium's own drag input with the directory's path, so the
 *   page's drop handler reads a real directory entry; tests/browser/import-page.ts `dropPaths`):
 *   wall time from the drop to the steps listed, to step 1's summary and to its first group drawn;
 * - then (BENCH_RUN_SUMMARY=0 skips it) the CLI's `summary --json` of the same folder in one process
 *   against `--part K/4 --state` in four processes at once merged with `--merge`: whether the two
 *   JSON texts are byte-identical, and the wall times.
 *
 *   npx tsx bench/browser-run-folder.ts   (or BENCH_RUN_FOLDER=only npm run bench)
 *   BENCH_RUN_STEPS=200 BENCH_RUN_GROUPS=320 BENCH_RUN_TURNS=4 BENCH_RUN_PICK=input|directory|drop
 *
 * Serves the built `dist/` (BENCH_BUILD=1 rebuilds; BENCH_DIST=DIR serves another build, for an old-vs-new run). Writing the folder takes minutes and ~1.5 GB of
 * disk. Benchmarks print figures; tests never assert timings.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions, launchChromium, openPage, type LabBrowser } from '../tests/browser/browser';
import { dropPaths, pickerAnswersPrivateFolder } from '../tests/browser/import-page';
import { serveStatic } from '../tests/browser/static-server';
import { runSampleFiles } from '../src/core/io/samples/write-run';
import { heapSampler } from './browser-import';
import { cpuLongTaskCounts, mainThreadTasks, MEASURED_FROM, MEASURED_TO, measuredSpan, type TraceEvent } from './lab-profile';

/** How the bench opens the folder (the module comment). */
export type RunFolderPick = 'input' | 'directory' | 'drop';

export interface RunFolderFigures {
  /** The path the folder was opened by; every figure below but `dropped` measures this path. */
  pick: RunFolderPick;
  steps: number;
  files: number;
  trajectories: number;
  megabytes: number;
  /** Page clock, seconds from the pick (the input's change event, the click on "Open folder…", or the drop event). */
  listedSeconds: number;
  firstStepSeconds: number;
  overviewSeconds: number;
  /** Click to summary on screen and to the first group drawn (wall clock), while the overview streams. */
  openWhileStreaming: StepOpen;
  /** Click to summary on screen and to the first group drawn (wall clock), after the overview. */
  opens: StepOpen[];
  peakPageHeapMB: number;
  peakWorkerHeapMB: number;
  longTasksOver50: number;
  longTasksOver100: number;
  longestTaskMs: number;
  /** Each task over 100 ms: seconds after the pick, and its duration in ms. */
  over100: Array<[number, number]>;
  /** BENCH_RUN_TRACE=1: main-thread tasks from the pick on by thread time (count > 50 ms, > 100 ms, longest ms); null otherwise. */
  taskCpu: { over50: number; over100: number; maxMs: number } | null;
  /** The folder dropped on a fresh page: seconds from the drop to the steps listed, to step 1's summary, to its first group drawn. */
  dropped: { listedSeconds: number; firstStepSeconds: number; groupSeconds: number };
  /** The CLI's summary in one process vs four merged parts (null: skipped). */
  cli: { identical: boolean; oneSeconds: number; partsSeconds: number; mergeSeconds: number } | null;
}

export interface StepOpen {
  step: number;
  seconds: number;
  groupSeconds: number;
}

/** `npm run cli -- summary ARGS` as a child process (tsx); resolves once it exits 0. */
function cli(args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'summary', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => { err = (err + d.toString()).slice(-2000); });
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`summary ${args.join(' ')} exited ${code}: ${err}`))));
  });
}

/** The folder's summary in one process, and in four parts at once merged: byte-identical JSON? */
async function summaryOneVsParts(root: string, dir: string): Promise<NonNullable<RunFolderFigures['cli']>> {
  const one = join(dir, 'one.json');
  let t = Date.now();
  await cli(['--in', root, '--json', '--out', one]);
  const oneSeconds = (Date.now() - t) / 1000;
  const parts = [1, 2, 3, 4].map((k) => join(dir, `part${k}.state.json`));
  t = Date.now();
  await Promise.all(parts.map((out, k) => cli(['--in', root, '--part', `${k + 1}/4`, '--state', '--out', out])));
  const partsSeconds = (Date.now() - t) / 1000;
  const merged = join(dir, 'merged.json');
  t = Date.now();
  await cli(['--merge', ...parts, '--json', '--out', merged]);
  const mergeSeconds = (Date.now() - t) / 1000;
  return { identical: readFileSync(one, 'utf8') === readFileSync(merged, 'utf8'), oneSeconds, partsSeconds, mergeSeconds };
}

/** Long tasks with their start, the change event's time and when the run's steps first show (page clock). */
const RECORDER = `(() => {
  const tasks = []; window.__tasks = tasks;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask' });
  const picked = () => { window.__picked = performance.now(); };
  document.addEventListener('change', picked, true);
  document.addEventListener('drop', picked, true);
  const seen = () => {
    const run = document.querySelector('[data-testid=run-steps]');
    if (run && window.__listed === undefined) window.__listed = performance.now();
    if (run && run.getAttribute('data-overview') === 'done' && window.__overview === undefined) window.__overview = performance.now();
    const h = document.querySelector('[data-testid=import-summary] h3, [data-testid=import-summary] h2');
    if (h && window.__first === undefined && / step \\d+ \\(/.test(h.textContent)) window.__first = performance.now();
  };
  new MutationObserver(seen).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-overview'] });
})()`;

/** A run folder written before by writeRunFolder with these options: its counts, from the files on disk and the options. */
function existingRunFolder(root: string, steps: number, groupsPerStep: number) {
  const paths = runFolderPaths(root);
  const bytes = paths.reduce((sum, p) => sum + statSync(join(root, p)).size, 0);
  return { trajectories: steps * groupsPerStep * 8, bytes, files: paths.length, paths };
}

/** The relative paths (with `/`) of every file under `root`. */
export function runFolderPaths(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((p) => statSync(join(root, p)).isFile()).map((p) => p.split(sep).join('/'));
}

/** Write the run folder (one file in memory at a time); answers its counts. */
function writeRunFolder(root: string, steps: number, groupsPerStep: number, maxTurns: number) {
  let trajectories = 0;
  let bytes = 0;
  const paths: string[] = [];
  for (const f of runSampleFiles({ layout: 'agentgym-rl', steps, groupsPerStep, groupSize: 8, maxTurns, ranks: 4, seed: 2 })) {
    mkdirSync(dirname(join(root, f.path)), { recursive: true });
    writeFileSync(join(root, f.path), f.text);
    trajectories += f.trajectories;
    bytes += Buffer.byteLength(f.text);
    paths.push(f.path);
    if (f.step % 20 === 0 && f.path.endsWith('/0.json')) process.stderr.write(`bench: run folder written through step ${f.step}\n`);
  }
  return { trajectories, bytes, files: paths.length, paths };
}

/**
 * A page of the lab in a Chromium with a profile folder of its own (a persistent context: its
 * origin-private file system on disk, with the disk-sized quota a user's profile has); `close()`
 * ends that Chromium.
 */
async function persistentPage(profileDir: string, url: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await chromium.launchPersistentContext(profileDir, { ...chromiumLaunchOptions({ webgpu: false }), viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
  const page = context.pages()[0] ?? await context.newPage();
  await page.goto(url);
  return { page, close: () => context.close() };
}

async function openStep(page: Page, step: number): Promise<StepOpen> {
  const run = page.getByRole('region', { name: 'Training run' });
  const started = Date.now();
  // by its row, not by role: a role query computes the accessible name of every element on the page in the page's own thread
  await run.locator(`tr[data-step="${step}"] button`).click();
  await page.getByTestId('import-summary').getByRole('heading', { name: `run step ${step} (4 files)`, exact: true }).waitFor({ timeout: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  await page.getByRole('region', { name: 'Imported group' }).locator('svg').first().waitFor({ timeout: 120_000 }); // the group view was emptied when the step started opening
  return { step, seconds, groupSeconds: (Date.now() - started) / 1000 };
}

/** The run folder dropped on a fresh page: the steps listed, step 1's summary and its first group drawn (wall clock from the drop). */
async function dropRunFolder(lab: LabBrowser, url: string, root: string): Promise<RunFolderFigures['dropped']> {
  const { page } = await openPage(lab, url);
  await page.getByLabel('Rollouts folder').waitFor({ state: 'attached' });
  const started = Date.now();
  await dropPaths(page, [root]);
  await page.getByRole('region', { name: 'Training run' }).waitFor({ timeout: 300_000 });
  const listedSeconds = (Date.now() - started) / 1000;
  await page.getByTestId('import-summary').getByRole('heading', { name: 'run step 1 (4 files)', exact: true }).waitFor({ timeout: 300_000 });
  const firstStepSeconds = (Date.now() - started) / 1000;
  await page.getByRole('region', { name: 'Imported group' }).locator('svg').first().waitFor({ timeout: 120_000 });
  const groupSeconds = (Date.now() - started) / 1000;
  await page.context().close();
  return { listedSeconds, firstStepSeconds, groupSeconds };
}

/** Open the run folder by `pick` on a page of the lab at `url` (the recorder's pick time is set by the page's own events, or here for the directory picker). */
export async function pickRunFolder(page: Page, pick: RunFolderPick, root: string): Promise<void> {
  if (pick === 'input') await page.getByLabel('Rollouts folder').setInputFiles(root);
  else if (pick === 'drop') await dropPaths(page, [root]);
  else {
    await page.evaluate('window.__picked = performance.now()');
    await page.locator('button', { hasText: 'Open folder…' }).click();
  }
}

export async function benchBrowserRunFolder(options: { steps: number; groupsPerStep: number; maxTurns: number; pick: RunFolderPick; existing?: string }): Promise<RunFolderFigures> {
  const dist = resolve(process.env.BENCH_DIST ?? 'dist');
  if (process.env.BENCH_BUILD === '1' || !existsSync(resolve(dist, 'index.html'))) spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'bench-run-folder-'));
  const root = options.existing ? resolve(options.existing) : join(dir, 'run');
  const server = await serveStatic(dist, '/bench/', { mounts: { 'bench-run/': root } });
  const lab = await launchChromium({ webgpu: false });
  let profile: Awaited<ReturnType<typeof persistentPage>> | null = null;
  try {
    let written: ReturnType<typeof writeRunFolder>;
    if (options.existing) written = existingRunFolder(root, options.steps, options.groupsPerStep);
    else {
      process.stderr.write(`bench: writing a ${options.steps}-step run folder (${options.groupsPerStep} groups of 8 per step, 4 ranks)...\n`);
      written = writeRunFolder(root, options.steps, options.groupsPerStep, options.maxTurns);
    }
    // The directory path needs a profile on disk: a fresh (incognito-like) context keeps its origin-private
    // file system in memory with a quota too small for the folder (QuotaExceededError part-way through the copy).
    profile = options.pick === 'directory' ? await persistentPage(join(dir, 'profile'), `${server.url}#import`) : null;
    const { page } = profile ?? await openPage(lab, `${server.url}#import`);
    await page.getByLabel('Rollouts folder').waitFor({ state: 'attached' });
    if (options.pick === 'directory') {
      process.stderr.write('bench: copying the folder into the origin-private file system (not timed)...\n');
      await pickerAnswersPrivateFolder(page, 'run', `${server.url}bench-run/`, written.paths);
    }
    await page.evaluate(RECORDER);
    const sampler = await heapSampler(page);
    await sampler.workerReady();
    const tracing = process.env.BENCH_RUN_TRACE === '1';
    const tracer = page.context().browser() ?? lab.browser;
    if (tracing) await tracer.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    // the thread-time count starts here: the tracing's own start is a long task of its own, not the page's
    if (tracing) await page.evaluate(`console.timeStamp('${MEASURED_FROM}')`);
    process.stderr.write(`bench: opening the folder (${options.pick})...\n`);
    await pickRunFolder(page, options.pick, root);
    const run = page.getByRole('region', { name: 'Training run' });
    await run.waitFor({ timeout: 300_000 });
    await page.getByTestId('import-summary').getByRole('heading', { name: 'run step 1 (4 files)', exact: true }).waitFor({ timeout: 300_000 });
    const middle = Math.ceil(options.steps / 2);
    await run.locator('tr[data-summarised="true"]').nth(2).waitFor({ timeout: 300_000 }); // the overview is streaming
    const openWhileStreaming = await openStep(page, middle);
    process.stderr.write('bench: waiting for the overview of every step...\n');
    await page.waitForFunction(() => document.querySelector('[data-testid="run-steps"]')?.getAttribute('data-overview') === 'done', undefined, { timeout: 3_600_000, polling: 1000 });
    const opens: StepOpen[] = [];
    for (const step of [options.steps, 1, middle]) opens.push(await openStep(page, step));
    await page.waitForTimeout(500); // the last group view renders (counted in the long tasks)
    const peak = await sampler.stop();
    if (tracing) await page.evaluate(`console.timeStamp('${MEASURED_TO}')`);
    const trace = tracing ? JSON.parse((await tracer.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] } : null;
    const t = (await page.evaluate('({ picked: window.__picked, listed: window.__listed, first: window.__first, overview: window.__overview, tasks: window.__tasks })')) as {
      picked: number; listed: number; first: number; overview: number; tasks: Array<[number, number]>;
    };
    const tasks = t.tasks.filter(([start]) => start >= t.picked);
    const mb = (b: number) => Math.round(b / 1e5) / 10;
    await page.context().close(); // for the directory path, the context of its own Chromium: closing it ends that Chromium
    process.stderr.write('bench: dropping the folder on a fresh page...\n');
    const dropped = await dropRunFolder(lab, `${server.url}#import`, root);
    if (process.env.BENCH_RUN_SUMMARY !== '0') process.stderr.write('bench: the CLI summary of the folder, one process vs four parts merged...\n');
    const cliFigures = process.env.BENCH_RUN_SUMMARY === '0' ? null : await summaryOneVsParts(root, dir);
    return {
      pick: options.pick, steps: options.steps, files: written.files, trajectories: written.trajectories, megabytes: mb(written.bytes),
      listedSeconds: (t.listed - t.picked) / 1000, firstStepSeconds: (t.first - t.picked) / 1000, overviewSeconds: (t.overview - t.picked) / 1000,
      openWhileStreaming, opens, peakPageHeapMB: mb(peak.page), peakWorkerHeapMB: mb(peak.worker),
      longTasksOver50: tasks.length, longTasksOver100: tasks.filter(([, d]) => d > 100).length, longestTaskMs: Math.round(Math.max(0, ...tasks.map(([, d]) => d))),
      over100: tasks.filter(([, d]) => d > 100).map(([s, d]) => [Math.round((s - t.picked) / 100) / 10, Math.round(d)]),
      taskCpu: trace ? cpuLongTaskCounts(mainThreadTasks(measuredSpan(trace.traceEvents))) : null,
      dropped, cli: cliFigures,
    };
  } finally {
    await profile?.close(); // already closed after a run; here for a run that failed part-way
    await lab.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true }); // never an existing folder: that one is not under `dir`
  }
}

const PICKED_BY: Record<RunFolderPick, string> = {
  input: 'the webkitdirectory input',
  directory: 'showDirectoryPicker (an origin-private folder\'s handle; only the native dialog replaced)',
  drop: 'a drop (webkitGetAsEntry)',
};

export function formatRunFolderFigures(f: RunFolderFigures): string {
  const s = (x: number) => `${x.toFixed(2)} s`;
  const opened = (o: StepOpen) => `step ${o.step} ${s(o.seconds)} / ${s(o.groupSeconds)}`;
  return [
    `run folder opened by ${PICKED_BY[f.pick]}: ${f.steps} steps, ${f.files} files, ${f.trajectories} trajectories, ${f.megabytes} MB (AgentGym-RL step{N}/{rank}.json, 4 ranks)`,
    `  steps listed ${s(f.listedSeconds)}, first step open ${s(f.firstStepSeconds)}, overview of every step ${s(f.overviewSeconds)} after the pick`,
    `  step opened (summary / first group drawn) while the overview streams: ${opened(f.openWhileStreaming)}; after it: ${f.opens.map(opened).join(', ')}`,
    `  peak JS heap: page ${f.peakPageHeapMB} MB, import worker ${f.peakWorkerHeapMB} MB`,
    `  main-thread long tasks from the pick on: ${f.longTasksOver50} > 50 ms, ${f.longTasksOver100} > 100 ms, longest ${f.longestTaskMs} ms${f.over100.length ? ` (over 100 ms at ${f.over100.map(([at, d]) => `${at} s: ${d} ms`).join(', ')})` : ''}`,
    ...(f.taskCpu ? [`  the same tasks by thread (CPU) time: ${f.taskCpu.over50} > 50 ms, ${f.taskCpu.over100} > 100 ms, longest ${f.taskCpu.maxMs} ms (trace from the pick on)`] : []),
    `  dropped on a fresh page: steps listed ${s(f.dropped.listedSeconds)}, step 1 open ${s(f.dropped.firstStepSeconds)} / ${s(f.dropped.groupSeconds)} after the drop`,
    ...(f.cli ? [`  CLI summary --json: one process ${s(f.cli.oneSeconds)}; --part K/4 --state in 4 processes at once ${s(f.cli.partsSeconds)} + --merge ${s(f.cli.mergeSeconds)}; `
      + `byte-identical JSON: ${f.cli.identical ? 'yes' : 'NO'}`] : []),
  ].join('\n');
}

export const runFolderOptions = () => ({
  steps: Number(process.env.BENCH_RUN_STEPS ?? 200),
  groupsPerStep: Number(process.env.BENCH_RUN_GROUPS ?? 320),
  maxTurns: Number(process.env.BENCH_RUN_TURNS ?? 4),
  pick: runFolderPick(process.env.BENCH_RUN_PICK ?? 'input'),
  existing: existingFolder(process.env.BENCH_RUN_DIR),
});

export function runFolderPick(v: string): RunFolderPick {
  if (v === 'input' || v === 'directory' || v === 'drop') return v;
  throw new Error(`BENCH_RUN_PICK=${v}: one of input, directory, drop`);
}

/** BENCH_RUN_DIR: a folder named `run` (the overview's headings say "run step N"). */
function existingFolder(v: string | undefined): string | undefined {
  if (v === undefined || v === '') return undefined;
  if (basename(resolve(v)) !== 'run' || !existsSync(v)) throw new Error(`BENCH_RUN_DIR=${v}: an existing folder named run`);
  return v;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchBrowserRunFolder(runFolderOptions()).then((f) => {
    process.stdout.write((process.env.BENCH_JSON ? JSON.stringify(f) : formatRunFolderFigures(f)) + '\n');
  }).catch((error) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
