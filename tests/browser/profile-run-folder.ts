/**
 * `npx tsx tests/browser/profile-run-folder.ts DIST FOLDER [steps]`: not a test; what the page's
 * main thread does in each long task while a run folder is opened. DIST is a build (for readable
 * function names: `npx vite build --minify false --outDir <dir>`), FOLDER a run folder named `run`
 * written by `runSampleFiles` as bench/browser-run-folder.ts writes it (it is not removed). Picks the
 * folder, waits for step 1 and the overview, opens the last, the first and the middle step, with a
 * Chromium trace on, and prints every main-thread task over 50 ms of wall or thread time: when
 * (seconds after the pick, and the phase), its wall and thread time, and the trace events with the
 * most self time in it (JS calls named by function, layout, style, paint, GC, ...), with the objects
 * each layout and style recalculation touched. PROFILE_PICK=directory|drop opens the folder by the
 * directory picker or a drop instead of the `webkitdirectory` input, as bench/browser-run-folder.ts's
 * BENCH_RUN_PICK (the directory picker's folder is copied into the origin-private file system
 * before the trace starts). PROFILE_OVERVIEW=0 opens the steps 5 s after step 1
 * instead of after the whole overview. PROFILE_TRACE_OUT=FILE keeps what was captured, and
 * PROFILE_TRACE_IN=FILE prints it again without a browser.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { frameKey, mainThreads, onThreads } from '../../bench/lab-profile';
import { pickRunFolder, runFolderPaths, runFolderPick } from '../../bench/browser-run-folder';
import { launchChromium } from './browser';
import { pickerAnswersPrivateFolder } from './import-page';
import { serveStatic } from './static-server';

interface TraceEvent {
  name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number;
  id?: string;
  args?: {
    name?: string; elementCount?: number; beginData?: { dirtyObjects?: number; totalObjects?: number };
    data?: { functionName?: string; url?: string; lineNumber?: number; type?: string; reason?: string; startTime?: number; timeDeltas?: number[]; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] } };
  };
}

interface ProfileNode { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number } }

/** The V8 sampling profile of one thread from a trace's Profile / ProfileChunk events: sample times (trace µs) and frame labels. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Array<{ ts: number; fn: string }> {
  const start = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!start?.id) return [];
  const names = new Map<number, string>();
  const out: Array<{ ts: number; fn: string }> = [];
  let t = start.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.id !== start.id) continue;
    const d = e.args?.data;
    for (const n of d?.cpuProfile?.nodes ?? []) names.set(n.id, frameKey({ ...n.callFrame, url: n.callFrame.url ?? '' }));
    const samples = d?.cpuProfile?.samples ?? [];
    samples.forEach((id, i) => { t += d?.timeDeltas?.[i] ?? 0; out.push({ ts: t, fn: names.get(id) ?? '?' }); });
  }
  return out;
}

/** Self (exclusive) wall time of each event nested in a task, labelled; events sorted by start. */
function selfTimes(events: TraceEvent[]): Map<string, number> {
  const out = new Map<string, number>();
  const stack: Array<{ end: number; label: string; childMs: number; ms: number }> = [];
  const pop = () => { const e = stack.pop()!; out.set(e.label, (out.get(e.label) ?? 0) + e.ms - e.childMs); };
  for (const e of events) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) pop();
    const ms = (e.dur ?? 0) / 1000;
    if (stack.length) stack[stack.length - 1].childMs += ms;
    const d = e.args?.data;
    const label = e.name === 'FunctionCall' && d ? `JS ${d.functionName || '(anon)'}@${(d.url ?? '').split('/').pop()}:${(d.lineNumber ?? 0) + 1}`
      : e.name === 'EventDispatch' && d?.type ? `EventDispatch ${d.type}` : e.name;
    stack.push({ end: e.ts + (e.dur ?? 0), label, childMs: 0, ms });
  }
  while (stack.length) pop();
  return out;
}

/**
 * PROFILE_DETAIL=js adds V8's sampling profiler (JS by function), =layout adds layout invalidation
 * tracking (why each layout happened), =ipc the page's messages to other processes (where a task waits);
 * all slow the page down (invalidation tracking takes a stack
 * trace per DOM change, so DOM calls look many times dearer than they are).
 */
const DETAIL = [
  ...(process.env.PROFILE_DETAIL?.includes('js') ? ['disabled-by-default-v8.cpu_profiler'] : []),
  ...(process.env.PROFILE_DETAIL?.includes('layout') ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
  ...(process.env.PROFILE_DETAIL?.includes('ipc') ? ['mojom', 'ipc', 'blink', 'disabled-by-default-devtools.timeline.stack'] : []),
];

interface Capture { events: TraceEvent[]; marks: Array<[string, number]>; markAt: number }

/** Open the folder and its steps with a trace on; answers the trace, the phase marks and the page time of the trace's start mark. */
async function capture(dist: string, folder: string, steps: number): Promise<Capture> {
  const pick = runFolderPick(process.env.PROFILE_PICK ?? 'input');
  const server = await serveStatic(dist, '/', { mounts: { 'profiled-run/': folder } });
  const lab = await launchChromium({ webgpu: false });
  try {
    const context = await lab.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${server.url}#import`);
    await page.getByLabel('Rollouts folder').waitFor({ state: 'attached' });
    if (pick === 'directory') await pickerAnswersPrivateFolder(page, 'run', `${server.url}profiled-run/`, runFolderPaths(folder));
    await page.waitForTimeout(3000);
    await lab.browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', ...DETAIL] });
    await page.evaluate(() => performance.mark('profile-start'));
    const marks: Array<[string, number]> = [];
    const mark = async (label: string) => marks.push([label, await page.evaluate(() => performance.now())]);
    await mark('pick');
    await pickRunFolder(page, pick, folder);
    const run = page.getByRole('region', { name: 'Training run' });
    await run.waitFor({ timeout: 300_000 });
    await mark('listed');
    await page.getByTestId('import-summary').getByRole('heading', { name: 'run step 1 (4 files)', exact: true }).waitFor({ timeout: 300_000 })
      .catch(async (error) => { await page.screenshot({ path: 'profile-run-folder-failed.png' }); throw error; });
    await mark('step 1 summary');
    if (process.env.PROFILE_OVERVIEW !== '0') {
      await page.waitForFunction(() => document.querySelector('[data-testid="run-steps"]')?.getAttribute('data-overview') === 'done', undefined, { timeout: 3_600_000, polling: 1000 });
      await mark('overview done');
    } else await page.waitForTimeout(5000);
    const middle = Math.ceil(steps / 2);
    for (const step of [steps, 1, middle]) {
      await mark(`open ${step}`);
      // by its row, not by role: a role query computes the accessible name of every element on the page in the page's own thread
      await run.locator(`tr[data-step="${step}"] button`).click();
      await page.getByTestId('import-summary').getByRole('heading', { name: `run step ${step} (4 files)`, exact: true }).waitFor({ timeout: 120_000 });
      await page.getByRole('region', { name: 'Imported group' }).locator('svg').first().waitFor({ timeout: 120_000 });
      await page.waitForTimeout(1500);
    }
    const trace = JSON.parse((await lab.browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const markAt = await page.evaluate(() => performance.getEntriesByName('profile-start')[0]?.startTime ?? 0);
    return { events: trace.traceEvents, marks, markAt };
  } finally {
    await lab.close();
    await server.close();
  }
}

/** V8's pseudo frames, which are not JS. */
const NOT_JS = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);

/** Every main-thread task over 50 ms with what it did. */
function analyse({ events, marks, markAt }: Capture): void {
  const mains = mainThreads(events);
  const startMark = events.find((e) => e.name === 'profile-start');
  // The trace clock (µs) against the page clock (ms): the mark was made at marks' clock too.
  const traceStart = startMark ? startMark.ts : events[0].ts;
  const pageMs = (ts: number) => markAt + (ts - traceStart) / 1000;
  const from = marks[0][1];
  const label = (ms: number) => { let l = ''; for (const [name, at] of marks) if (at <= ms) l = name; return l; };
  const onMain = events.filter((e) => e.ph === 'X' && onThreads(e, mains) && pageMs(e.ts) >= from).sort((a, b) => a.ts - b.ts);
  const [mainPid, mainTid] = [...mains][0].split(':').map(Number);
  const samples = samplesOf(events, mainPid, mainTid);
  const invalidations = events.filter((e) => e.name === 'LayoutInvalidationTracking' && onThreads(e, mains));
  const tasks = onMain.filter((e) => e.name === 'RunTask' && ((e.dur ?? 0) > 50_000 || (e.tdur ?? 0) > 50_000));
  let over100 = 0;
  let over100Cpu = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    const self = selfTimes(inside);
    const at = pageMs(task.ts);
    if ((task.dur ?? 0) > 100_000) over100++;
    if ((task.tdur ?? 0) > 100_000) over100Cpu++;
    const layouts = inside.filter((e) => e.name === 'Layout').map((e) => `${((e.dur ?? 0) / 1000).toFixed(0)} ms ${e.args?.beginData?.dirtyObjects ?? '?'}/${e.args?.beginData?.totalObjects ?? '?'}`);
    const styles = inside.filter((e) => e.name === 'UpdateLayoutTree').map((e) => `${((e.dur ?? 0) / 1000).toFixed(0)} ms ${e.args?.elementCount ?? '?'} el`);
    const js = new Map<string, number>();
    for (const x of samples) if (x.ts >= task.ts && x.ts < end && !NOT_JS.has(x.fn)) js.set(x.fn, (js.get(x.fn) ?? 0) + 1);
    const reasons = new Map<string, number>();
    for (const x of invalidations) if (x.ts >= task.ts - 50_000 && x.ts < end) reasons.set(x.args?.data?.reason ?? '?', (reasons.get(x.args?.data?.reason ?? '?') ?? 0) + 1);
    const topSelf = [...self].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
    console.log(`${((at - from) / 1000).toFixed(2)} s (${label(at)}): wall ${((task.dur ?? 0) / 1000).toFixed(0)} ms, thread ${((task.tdur ?? 0) / 1000).toFixed(0)} ms: ${topSelf}`);
    if (js.size) console.log(`    JS samples: ${[...js].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    if (reasons.size) console.log(`    layout invalidations (reason × count, from 50 ms before): ${[...reasons].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ×${v}`).join(', ')}`);
    if (layouts.length || styles.length) console.log(`    layouts (dirty/total objects): ${layouts.join(', ')}; style recalcs: ${styles.join(', ')}`);
  }
  console.log(`\ntasks over 50 ms: ${tasks.length}; over 100 ms by wall ${over100}, by thread time ${over100Cpu}`);
  console.log(`\nmarks: ${marks.map(([l, at]) => `${l} ${((at - from) / 1000).toFixed(2)} s`).join(', ')}`);
}

async function main() {
  const saved = process.env.PROFILE_TRACE_IN;
  const captured = saved ? JSON.parse(readFileSync(saved, 'utf8')) as Capture
    : await capture(resolve(process.argv[2] ?? 'dist'), resolve(process.argv[3] ?? ''), Number(process.argv[4] ?? 200));
  if (process.env.PROFILE_TRACE_OUT) writeFileSync(process.env.PROFILE_TRACE_OUT, JSON.stringify(captured));
  analyse(captured);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
