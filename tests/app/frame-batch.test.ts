import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { frameBatch, type FrameScheduler } from '../../src/app/frame-batch';

/** A hand-driven clock: frames and timers fire only when the test says so. */
function manualClock() {
  let next = 1;
  const frames = new Map<number, () => void>();
  const timers = new Map<number, () => void>();
  const clock: FrameScheduler = {
    requestFrame: (cb) => { frames.set(next, cb); return next++; },
    cancelFrame: (id) => { frames.delete(id); },
    setTimer: (cb) => { timers.set(next, cb); return next++; },
    clearTimer: (id) => { timers.delete(id); },
  };
  const fire = (m: Map<number, () => void>) => { const cbs = [...m.values()]; m.clear(); cbs.forEach((cb) => cb()); };
  return { clock, frame: () => fire(frames), timeout: () => fire(timers), pending: () => frames.size + timers.size };
}

describe('frame batch', () => {
  it('reports that arrive within one frame are delivered together, once, at the frame', () => {
    const { clock, frame } = manualClock();
    const delivered: number[][] = [];
    const batch = frameBatch<number>((items) => delivered.push(items), 100, clock);
    batch.push(1);
    batch.push(2);
    expect(delivered).toEqual([]);
    frame();
    expect(delivered).toEqual([[1, 2]]);
    frame();
    expect(delivered).toEqual([[1, 2]]);
  });

  it('a hidden page (no frames) still gets its reports from the timer, and the frame then delivers nothing twice', () => {
    const { clock, frame, timeout, pending } = manualClock();
    const delivered: string[][] = [];
    const batch = frameBatch<string>((items) => delivered.push(items), 100, clock);
    batch.push('a');
    timeout();
    expect(delivered).toEqual([['a']]);
    expect(pending()).toBe(0); // the frame request was cancelled
    frame();
    expect(delivered).toEqual([['a']]);
  });

  it('flush delivers what is pending at once and leaves nothing scheduled', () => {
    const { clock, pending } = manualClock();
    const delivered: number[][] = [];
    const batch = frameBatch<number>((items) => delivered.push(items), 100, clock);
    batch.flush();
    expect(delivered).toEqual([]); // nothing pending: nothing delivered
    batch.push(7);
    expect(batch.size).toBe(1);
    batch.flush();
    expect(delivered).toEqual([[7]]);
    expect(batch.size).toBe(0);
    expect(pending()).toBe(0);
  });

  it('every item is delivered exactly once, in arrival order, however pushes, frames and timers interleave', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('push', 'frame', 'timeout', 'flush'), { maxLength: 60 }), (ops) => {
      const { clock, frame, timeout } = manualClock();
      const delivered: number[] = [];
      const batch = frameBatch<number>((items) => { expect(items.length).toBeGreaterThan(0); delivered.push(...items); }, 100, clock);
      let n = 0;
      for (const op of ops) {
        if (op === 'push') batch.push(n++);
        else if (op === 'frame') frame();
        else if (op === 'timeout') timeout();
        else batch.flush();
      }
      frame();
      expect(delivered).toEqual([...Array(n).keys()]);
    }));
  });
});
