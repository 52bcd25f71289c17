/**
 * What the lab's main thread spends its time on while runs train: a performance trace (Chromium's
 * devtools.timeline category, the events the DevTools Performance panel shows) of one page,
 * summed by event kind on the page's main thread, and a CPU profile (CDP Profiler) summed by
 * function (self time). bench/browser-lab.ts records both when BENCH_LAB_PROFILE=1.
 *
 * Event kinds are the top-level work of each task: "script" (FunctionCall, EvaluateScript, timers,
 * animation frames, message handlers: a worker report arrives as a MessageEvent), "style + layout"
 * (UpdateLayoutTree, Layout), "paint" (Paint, PrePaint, Layerize, Commit...), "gc" (MinorGC,
 * MajorGC, V8.GC*). Nested events are counted once, in their outermost kind.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs: unlike `dur`, not stretched when the thread waits for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string; message?: string }; src_file?: string };
}

export interface MainThreadSummary {
  /** CPU time of the page's main thread over the traced span (top-level tasks' thread time), ms. */
  cpuMs: number;
  /** Top-level tasks over 50 and 100 ms of thread time, and the longest (cpuLongTaskCounts). */
  cpuLongTasks: { over50: number; over100: number; maxMs: number };
  /** Each task over 50 ms of wall time, longest first: [wall ms, thread-time ms] (wallLongTasks). */
  wallLongTasks: [number, number][];
  /** Milliseconds per kind over the traced span (top-level events only). */
  kinds: Record<string, number>;
  /** The heaviest top-level event names, ms. */
  events: [string, number][];
  /** The heaviest functions by self time in the CPU profile, ms: `name (file:line)`. */
  functions: [string, number][];
  /** Inside long tasks (over 50 ms of wall time) only: the heaviest functions by inclusive time, ms. */
  inLongTasks?: [string, number][];
  /** Thread time of every process's background pool (backgroundByCause), ms. */
  background: Record<string, number>;
}

const KIND: [RegExp, string][] = [
  [/^(UpdateLayoutTree|Layout|RecalculateStyles|ScheduleStyleRecalculation|InvalidateLayout)$/, 'style + layout'],
  [/^(Paint|PrePaint|Layerize|Commit|UpdateLayer|CompositeLayers|PaintImage|RasterTask|UpdateLayerTree)$/, 'paint'],
  [/GC|GCEvent/, 'gc'],
  [/^(FunctionCall|EvaluateScript|TimerFire|FireAnimationFrame|EventDispatch|v8\.callFunction|v8\.run|RunMicrotasks|V8\.Execute|HandlePostMessage|ParseHTML|v8\.compile|V8\.Compile.*)$/, 'script'],
];

const kindOf = (name: string) => KIND.find(([re]) => re.test(name))?.[1] ?? null;

/** The fields the helpers below read from a trace event (a script may keep more per event). */
type ThreadEvent = Pick<TraceEvent, 'name' | 'ph' | 'ts' | 'dur' | 'tdur' | 'pid' | 'tid'> & { args?: { name?: string } };

const threadKey = (e: ThreadEvent) => `${e.pid}:${e.tid}`;

/** The renderers' main threads in a trace (the threads named CrRendererMain), as `pid:tid`. */
export function mainThreads(events: readonly ThreadEvent[]): Set<string> {
  return new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(threadKey));
}

/** Whether `e` ran on one of `mains` (from mainThreads). */
export const onThreads = (e: ThreadEvent, mains: ReadonlySet<string>) => mains.has(threadKey(e));

/** The main threads' top-level tasks (the scheduler's RunTask, which do not nest), in trace order. */
export function mainThreadTasks<E extends ThreadEvent>(events: readonly E[]): E[] {
  const mains = mainThreads(events);
  return events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && onThreads(e, mains));
}

/** The labels of the page's `console.timeStamp` calls that open and close the measured span of a trace. */
export const MEASURED_FROM = 'bench:measure-from';
export const MEASURED_TO = 'bench:measure-to';

/**
 * The events inside the span the page marked with `console.timeStamp(MEASURED_FROM)` and
 * `console.timeStamp(MEASURED_TO)` (a missing mark leaves that end open), plus the metadata events
 * (thread names): what the page did while the bench recorded it, without the tracing's own start
 * (a task that waits for V8 to enable its categories) or the bench's reads of the page afterwards.
 */
export function measuredSpan(events: readonly TraceEvent[]): TraceEvent[] {
  const mark = (label: string) => events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === label)?.ts;
  const from = mark(MEASURED_FROM) ?? -Infinity;
  const to = mark(MEASURED_TO) ?? Infinity;
  return events.filter((e) => e.ph === 'M' || (e.ts >= from && e.ts + (e.dur ?? 0) <= to));
}

/**
 * Tasks whose thread time (CPU, not wall) is over 50 ms and over 100 ms, and the longest: the
 * long-task count a loaded machine does not inflate (a task of 10 ms of CPU that waited 60 ms for a
 * core is long by wall time only).
 */
export function cpuLongTaskCounts(tasks: readonly ThreadEvent[]): { over50: number; over100: number; maxMs: number } {
  const cpu = tasks.map((e) => (e.tdur ?? 0) / 1000);
  return { over50: cpu.filter((ms) => ms > 50).length, over100: cpu.filter((ms) => ms > 100).length, maxMs: Math.round(Math.max(0, ...cpu)) };
}

/**
 * The tasks over 50 ms of wall time, longest first, each as [wall ms, thread-time ms]: how much of a
 * long task was work on the main thread and how much was waiting for a core (a 45 ms task that took
 * 123 ms waited 78 ms while other threads held both cores).
 */
export function wallLongTasks(tasks: readonly ThreadEvent[]): [number, number][] {
  return tasks.filter((e) => (e.dur ?? 0) > 50_000)
    .map((e): [number, number] => [Math.round((e.dur ?? 0) / 1000), Math.round((e.tdur ?? 0) / 1000)])
    .sort((a, b) => b[0] - a[0] || b[1] - a[1]);
}

/**
 * What the thread pools' tasks were for (Chromium's ThreadPool_RunTask events name the source file
 * that posted them): "JIT" (V8's optimizing compilers, TurboFan and Maglev, compiling hot functions
 * of the page and of its workers), "GC" (V8's concurrent marking, sweeping, scavenging and
 * ArrayBuffer sweeping), "wasm compile", "IndexedDB" (the database and its LevelDB files),
 * "raster", else "other".
 */
const BACKGROUND: [RegExp, string][] = [
  [/optimizing-compile|maglev|compiler-dispatcher/, 'JIT'],
  [/v8\/src\/heap\//, 'GC'],
  [/v8\/src\/wasm\//, 'wasm compile'],
  [/indexed_db|leveldatabase/, 'IndexedDB'],
  [/cc\/raster/, 'raster'],
];

/** Thread time (ms) of the thread pools' tasks, by cause (BACKGROUND), biggest first. */
export function backgroundByCause(events: readonly TraceEvent[]): Record<string, number> {
  const byCause = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'ThreadPool_RunTask') continue;
    const cause = BACKGROUND.find(([re]) => re.test(e.args?.src_file ?? ''))?.[1] ?? 'other';
    byCause.set(cause, (byCause.get(cause) ?? 0) + (e.tdur ?? 0) / 1000);
  }
  return Object.fromEntries([...byCause].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v)]));
}

/** Top-level kind totals on the renderer's main thread (the thread named CrRendererMain of the page's process). */
export function summarizeTrace(events: TraceEvent[]): Pick<MainThreadSummary, 'kinds' | 'events' | 'cpuMs' | 'cpuLongTasks' | 'wallLongTasks'> {
  const mains = mainThreads(events);
  // top-level tasks do not nest: their thread time is the thread's CPU time
  const tasks = mainThreadTasks(events);
  const cpuMs = tasks.reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
  const cpuLongTasks = cpuLongTaskCounts(tasks);
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined && onThreads(e, mains) && kindOf(e.name))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const kinds: Record<string, number> = {};
  const byName = new Map<string, number>();
  const ends = new Map<string, number>(); // per thread: end of the outermost counted event
  for (const e of complete) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ts < (ends.get(thread) ?? -Infinity)) continue; // nested in an event already counted
    ends.set(thread, e.ts + e.dur!);
    const kind = kindOf(e.name)!;
    kinds[kind] = (kinds[kind] ?? 0) + e.dur! / 1000;
    byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur! / 1000);
  }
  const round = (v: number) => Math.round(v);
  return {
    cpuMs: round(cpuMs),
    cpuLongTasks,
    wallLongTasks: wallLongTasks(tasks),
    kinds: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, round(v)])),
    events: [...byName].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => [k, round(v)]),
  };
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }
interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number }

/** A profile frame as `name (file:line)`. */
export function frameKey(f: ProfileNode['callFrame']): string {
  const file = f.url.split('/').pop() ?? '';
  return `${f.functionName || '(anonymous)'}${file ? ` (${file}:${f.lineNumber + 1})` : ''}`;
}

/** The main thread's top-level tasks longer than `thresholdMs` (wall), as [start, end] in trace µs. */
export function longTaskWindows(events: TraceEvent[], thresholdMs = 50): Array<[number, number]> {
  return mainThreadTasks(events).filter((e) => (e.dur ?? 0) > thresholdMs * 1000)
    .map((e): [number, number] => [e.ts, e.ts + e.dur!]).sort((a, b) => a[0] - b[0]);
}

/**
 * Inclusive time per function over the profile samples that fall inside `windows` (trace and CPU
 * profile timestamps share Chromium's monotonic clock): which code the long tasks ran, components
 * by name in an unminified build (`npx vite build --minify false`). A function on a sample's stack
 * twice counts once.
 */
export function profileInWindows(profile: CpuProfile, windows: Array<[number, number]>, top = 20): [string, number][] {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const inclusive = new Map<string, number>();
  let t = profile.startTime;
  let w = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    while (w < windows.length && windows[w][1] < t) w++;
    if (w >= windows.length || t < windows[w][0]) return;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000; // a sample stands for the time until the next one
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const key = frameKey(byId.get(node)!.callFrame);
      if (key === '(root)' || key === '(idle)' || key === '(program)' || seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  });
  return [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => [k, Math.round(v)]);
}

/** Self time per function from a CDP CPU profile, heaviest first. */
export function summarizeProfile(profile: CpuProfile, top = 15): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const key = frameKey(byId.get(id)!.callFrame);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => [k, Math.round(v)]);
}

/**
 * Starts a trace of the page (and with `cpuProfile`, a CPU profile of its main thread); the returned
 * function stops them and returns the summary. The trace alone costs the page little; the profiler more.
 */
export async function startProfiling(page: Page, cpuProfile = true): Promise<() => Promise<MainThreadSummary>> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
  const cdp = cpuProfile ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  return async () => {
    const profile = cdp ? (await cdp.send('Profiler.stop') as unknown as { profile: CpuProfile }).profile : null;
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const dir = process.env.BENCH_LAB_TRACE_DIR;
    if (dir) {
      const stamp = Date.now();
      writeFileSync(join(dir, `lab-trace-${stamp}.json`), JSON.stringify(trace));
      if (profile) writeFileSync(join(dir, `lab-profile-${stamp}.cpuprofile`), JSON.stringify(profile));
    }
    const measured = measuredSpan(trace.traceEvents);
    return {
      ...summarizeTrace(measured),
      background: backgroundByCause(measured),
      functions: profile ? summarizeProfile(profile) : [],
      inLongTasks: profile ? profileInWindows(profile, longTaskWindows(measured)) : undefined,
    };
  };
}

export function formatSummary(s: MainThreadSummary): string {
  const kinds = Object.entries(s.kinds).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v} ms`).join(', ');
  const events = s.events.map(([k, v]) => `${k} ${v}`).join(', ');
  const fns = s.functions.map(([k, v]) => `    ${String(v).padStart(6)} ms  ${k}`).join('\n');
  const background = Object.entries(s.background).map(([k, v]) => `${k} ${v} ms`).join(', ') || 'none traced';
  const head = `  main thread CPU ${s.cpuMs} ms; by thread time ${s.cpuLongTasks.over50} tasks over 50 ms, ${s.cpuLongTasks.over100} over 100 ms (max ${s.cpuLongTasks.maxMs} ms)`
    + (s.wallLongTasks.length > 0 ? `\n  long tasks by wall time, wall/thread time (ms): ${s.wallLongTasks.map(([w, c]) => `${w}/${c}`).join(' ')}` : '')
    + `\n  background threads, thread time by cause: ${background}`;
  if (s.functions.length === 0) return `${head}\n  main thread by kind (wall): ${kinds}`;
  const inLong = (s.inLongTasks ?? []).map(([k, v]) => `    ${String(v).padStart(6)} ms  ${k}`).join('\n');
  return `${head}\n  main thread by kind (wall): ${kinds}\n  top events (ms): ${events}\n  top functions by self time:\n${fns}`
    + (inLong ? `\n  inside long tasks (over 50 ms), by inclusive time:\n${inLong}` : '');
}
