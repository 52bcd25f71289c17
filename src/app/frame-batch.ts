/**
 * Collects items and hands them over together once per animation frame: worker reports that
 * arrive within one frame become one store update (one React render), not one each. A hidden
 * page gets no animation frames, so a timer flushes too (`maxWaitMs`), whichever comes first.
 * `flush()` hands over what is pending at once (before an event that must follow the reports).
 */
export interface FrameBatch<T> {
  push(item: T): void;
  flush(): void;
  /** Items waiting for the next frame. */
  readonly size: number;
}

export interface FrameScheduler {
  requestFrame(callback: () => void): number;
  cancelFrame(id: number): void;
  setTimer(callback: () => void, ms: number): number;
  clearTimer(id: number): void;
}

/** The browser's clocks; a worker or Node without requestAnimationFrame falls back to the timer alone. */
export const browserScheduler: FrameScheduler = {
  requestFrame: (cb) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : -1),
  cancelFrame: (id) => { if (id >= 0 && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(id); },
  setTimer: (cb, ms) => setTimeout(cb, ms) as unknown as number,
  clearTimer: (id) => clearTimeout(id),
};

export function frameBatch<T>(deliver: (items: T[]) => void, maxWaitMs = 100, clock: FrameScheduler = browserScheduler): FrameBatch<T> {
  let items: T[] = [];
  let frame: number | null = null;
  let timer: number | null = null;
  const flush = () => {
    if (frame !== null) clock.cancelFrame(frame);
    if (timer !== null) clock.clearTimer(timer);
    frame = timer = null;
    if (items.length === 0) return;
    const batch = items;
    items = [];
    deliver(batch);
  };
  return {
    push(item) {
      items.push(item);
      if (frame === null && timer === null) {
        frame = clock.requestFrame(flush);
        timer = clock.setTimer(flush, maxWaitMs);
      }
    },
    flush,
    get size() {
      return items.length;
    },
  };
}
