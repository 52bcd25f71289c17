import { describe, expect, it } from 'vitest';
import { backgroundByCause, longTaskWindows, MEASURED_FROM, MEASURED_TO, measuredSpan, profileInWindows, summarizeTrace, type TraceEvent } from '../../bench/lab-profile';

const MAIN = { pid: 1, tid: 2 };
const threadName: TraceEvent = { name: 'thread_name', ph: 'M', ts: 0, ...MAIN, args: { name: 'CrRendererMain' } };
const task = (ts: number, durMs: number, cpuMs: number, where = MAIN): TraceEvent => ({ name: 'RunTask', ph: 'X', ts, dur: durMs * 1000, tdur: cpuMs * 1000, ...where });

describe('lab profile', () => {
  it('counts long tasks by thread time, so a task that only waited for a core is not long', () => {
    const events = [threadName, task(0, 300, 20), task(1e6, 80, 60), task(2e6, 150, 120), task(3e6, 500, 400, { pid: 9, tid: 9 })];
    const s = summarizeTrace(events);
    expect(s.cpuLongTasks).toEqual({ over50: 2, over100: 1, maxMs: 120 });
    expect(s.cpuMs).toBe(200);
    // the long tasks by wall time, longest first, with the thread time each spent working (the rest waited for a core)
    expect(s.wallLongTasks).toEqual([[300, 20], [150, 120], [80, 60]]);
  });

  it('counts only the tasks inside the span the page marked, not the tracing start or the bench reading the page after', () => {
    const mark = (ts: number, message: string): TraceEvent => ({ name: 'TimeStamp', ph: 'I', ts, ...MAIN, args: { data: { message } } });
    const events = [threadName, task(0, 900, 220), mark(1e6, MEASURED_FROM), task(2e6, 80, 60), task(3e6, 30, 20), mark(4e6, MEASURED_TO), task(5e6, 120, 70)];
    const s = summarizeTrace(measuredSpan(events));
    expect(s.cpuLongTasks).toEqual({ over50: 1, over100: 0, maxMs: 60 });
    expect(s.cpuMs).toBe(80);
    expect(summarizeTrace(measuredSpan(events.filter((e) => e.name !== 'TimeStamp'))).cpuMs).toBe(370); // no marks: the whole trace
  });

  it('sums the thread pools\' tasks by what posted them: JIT, GC, IndexedDB, other', () => {
    const pooled = (cpuMs: number, src_file?: string): TraceEvent => ({ name: 'ThreadPool_RunTask', ph: 'X', ts: 0, dur: 2 * cpuMs * 1000, tdur: cpuMs * 1000, pid: 3, tid: 4, args: src_file ? { src_file } : {} });
    const events = [
      pooled(30, 'v8/src/compiler-dispatcher/optimizing-compile-dispatcher.cc'),
      pooled(12, 'v8/src/maglev/maglev-concurrent-dispatcher.cc'),
      pooled(25, 'v8/src/heap/array-buffer-sweeper.cc'),
      pooled(5, 'v8/src/heap/concurrent-marking.cc'),
      pooled(8, 'third_party/leveldatabase/env_chromium.cc'),
      pooled(2, 'content/browser/indexed_db/instance/bucket_context.cc'),
      pooled(4, 'mojo/public/cpp/system/simple_watcher.cc'),
      pooled(3),
      task(0, 100, 90), // a main-thread task is not pool work
    ];
    expect(backgroundByCause(events)).toEqual({ JIT: 42, GC: 30, IndexedDB: 10, other: 7 });
    expect(Object.keys(backgroundByCause(events))).toEqual(['JIT', 'GC', 'IndexedDB', 'other']); // biggest first
  });

  it('long-task windows are the main thread tasks over the wall-time threshold', () => {
    const events = [threadName, task(0, 300, 20), task(1e6, 40, 30), task(2e6, 60, 50, { pid: 9, tid: 9 })];
    expect(longTaskWindows(events)).toEqual([[0, 300_000]]);
  });

  it('attributes profile samples inside long tasks to every function on their stack, once each', () => {
    const frame = (functionName: string) => ({ functionName, url: 'https://x/main.js', lineNumber: 0 });
    const profile = {
      startTime: 0,
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2] },
        { id: 2, callFrame: frame('render'), children: [3] },
        { id: 3, callFrame: frame('render'), children: [4] },
        { id: 4, callFrame: frame('Card') },
      ],
      // samples at t = 1 ms, 2 ms (inside the window [0, 2.5 ms]) and 10 ms (outside); each stands for 1 ms
      samples: [4, 2, 4, 4],
      timeDeltas: [1000, 1000, 8000, 1000],
    };
    const rows = Object.fromEntries(profileInWindows(profile, [[0, 2500]]));
    expect(rows['render (main.js:1)']).toBe(9); // 1 ms + 8 ms (the second sample stands until the next, at 10 ms)
    expect(rows['Card (main.js:1)']).toBe(1);
  });
});
