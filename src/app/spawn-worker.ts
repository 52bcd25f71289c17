/**
 * The one way the page starts a worker, with one policy for all of them:
 *
 * - init: the worker's module is loaded by the browser; the API is a comlink remote derived from the
 *   worker module's own `typeof api` (never re-declared here).
 * - crash: an uncaught error in the worker (wasm's "Aborted()", a throw outside any call) is
 *   caught here (`preventDefault`, so the page logs no uncaught error), reported once to every
 *   `onCrash` listener, and rejects every call in flight and every later call with its message.
 * - termination: `terminate()` ends the worker at once (idempotent); calls in flight and later
 *   calls reject with "the worker was stopped", so no caller waits forever on a dead worker.
 *   A fire-and-forget call (`void api.ping()`) therefore needs its own `.catch`: the page reports
 *   an unhandled rejection otherwise.
 *
 * A worker that ends itself (`self.close()`) raises no event a page can see; the trainer's
 * liveness lock (fault-watch.ts) notices that one.
 */
import * as Comlink from 'comlink';

export interface WorkerHandle<Api> {
  /** The worker's API: every method call rejects once the worker crashed or was terminated. */
  api: Comlink.Remote<Api>;
  /** Listen for the worker's crash (called at most once, with the error's message; never after terminate()). */
  onCrash(listener: (message: string) => void): void;
  /** Ends the worker now. */
  terminate(): void;
  /** Whether the worker crashed or was terminated. */
  ended(): boolean;
}

export const STOPPED_MESSAGE = 'the worker was stopped';

/**
 * Wraps a worker that the caller created with `new Worker(new URL('…', import.meta.url), …)`
 * (that exact expression must stay at the call site so the bundler emits the worker's module;
 * src/app/workers.ts holds every such call).
 */
export function spawnWorker<Api>(worker: Worker): WorkerHandle<Api> {
  const remote = Comlink.wrap<Api>(worker);
  const listeners: Array<(message: string) => void> = [];
  let endError: Error | null = null;
  let rejectEnded: (error: Error) => void = () => undefined;
  const endedPromise = new Promise<never>((_, reject) => (rejectEnded = reject));
  endedPromise.catch(() => undefined); // nobody may be waiting when the worker ends
  const end = (error: Error): boolean => {
    if (endError) return false;
    endError = error;
    rejectEnded(error);
    return true;
  };
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    const message = event.message || 'the worker crashed';
    if (end(new Error(message))) for (const listener of listeners) listener(message);
  });
  const guarded = new Proxy(remote as object, {
    get(target, key) {
      if (key === 'then') return undefined; // the handle's api is not itself a promise
      if (typeof key === 'symbol') return Reflect.get(target, key) as unknown; // comlink's own symbols
      const member = Reflect.get(target, key) as unknown;
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        if (endError) return Promise.reject(endError);
        return Promise.race([(member as (...a: unknown[]) => Promise<unknown>)(...args), endedPromise]);
      };
    },
  }) as Comlink.Remote<Api>;
  return {
    api: guarded,
    onCrash: (listener) => void listeners.push(listener),
    terminate() {
      end(new Error(STOPPED_MESSAGE));
      worker.terminate();
    },
    ended: () => endError !== null,
  };
}
