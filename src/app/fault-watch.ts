/**
 * Noticing a trainer worker that failed, and naming what happened:
 *
 *   exception       the training loop threw (reported through the worker's onError)
 *   out-of-memory   wasm's "Aborted()" or an allocation failure
 *   device-lost     the WebGPU device was lost (the restart falls back to wasm)
 *   died            the worker ended without a word (`self.close()`, a crash): the Web Lock it held
 *                   since it started is released, and the page's waiting request is granted
 *   unresponsive    no iteration report and no answer to the heartbeat ping for STALL_MS (or ten
 *                   times the slowest iteration so far, whichever is longer) while training; before
 *                   the first iteration FIRST_STALL_MS, since a worker may block for minutes while
 *                   a software WebGPU adapter compiles its shaders
 */
import { randomId } from './random-id';
import type { RunApi } from './run-api';
import type { TrainerHandle } from './workers';

export type FaultKind = 'exception' | 'out-of-memory' | 'device-lost' | 'died' | 'unresponsive';

export interface Fault {
  kind: FaultKind;
  detail: string;
}

export const HEARTBEAT_MS = 3_000;
export const STALL_MS = 60_000;
export const FIRST_STALL_MS = 600_000;

/** The shortest stall limit after the first iteration: STALL_MS, lowered only by the `?debug=faults` hook. */
let stallMs = STALL_MS;

/** Debug hook (`?debug=faults`): notice a hung worker after `ms` (still at least ten times the slowest iteration). */
export function debugStallMs(ms: number): void {
  stallMs = ms;
}

export function classifyError(message: string): Fault {
  if (/aborted\(|out of memory|allocation failed|memory access out of bounds/i.test(message)) return { kind: 'out-of-memory', detail: message };
  if (/device (was )?lost/i.test(message)) return { kind: 'device-lost', detail: message };
  return { kind: 'exception', detail: message };
}

const WHAT: Record<FaultKind, string> = {
  exception: 'threw an error',
  'out-of-memory': 'ran out of memory',
  'device-lost': 'lost its WebGPU device',
  died: 'stopped (the worker closed)',
  unresponsive: 'stopped answering',
};

/** The notice shown after a restart: what happened and what was kept. */
export function restartNotice(fault: Fault, label: string, kept: number, backend: string | null): string {
  const keptText = kept > 0
    ? `restarted in a fresh worker from its checkpoint at iteration ${kept} (curves and groups up to there kept)`
    : 'restarted in a fresh worker from the start (no checkpoint yet)';
  const fallback = backend ? ` on ${backend}` : '';
  return `${label}'s trainer ${WHAT[fault.kind]}${fault.kind === 'died' || fault.kind === 'unresponsive' ? '' : ` (${fault.detail})`}; ${keptText}${fallback}.`;
}

export interface WorkerWatch {
  /** The worker reported a failure (its onError). */
  fail(message: string): void;
  /** An iteration arrived after `ms` of training. */
  sawIteration(ms: number): void;
  stop(): void;
}

/** Watch one worker; `onFault` is called at most once. `busy()`: the run is meant to be training. */
export function watchWorker(api: RunApi, worker: TrainerHandle, busy: () => boolean, onFault: (fault: Fault) => void): WorkerWatch {
  let done = false;
  let lastLife = Date.now();
  let slowest = 0;
  const abort = new AbortController();
  const fire = (fault: Fault) => {
    if (done) return;
    stop();
    onFault(fault);
  };
  worker.onCrash((message) => fire(classifyError(message)));
  const name = `rollout-lab.worker.${randomId()}`;
  void api.holdLiveness(name).then(() => {
    if (done || !navigator.locks) return;
    navigator.locks.request(name, { signal: abort.signal }, () => fire({ kind: 'died', detail: 'the worker closed' }))
      .catch(() => undefined); // aborted by stop()
  }, () => undefined); // the worker ended first: its crash or termination is handled where it happens
  const timer = setInterval(() => {
    if (!busy()) {
      lastLife = Date.now();
      return;
    }
    void api.ping().then(() => (lastLife = Date.now()), () => undefined); // a dead worker's ping rejects: the watch fires on its own
    const limit = slowest === 0 ? FIRST_STALL_MS : Math.max(stallMs, 10 * slowest);
    if (Date.now() - lastLife > limit) fire({ kind: 'unresponsive', detail: 'no answer' });
  }, HEARTBEAT_MS);
  function stop() {
    done = true;
    clearInterval(timer);
    abort.abort();
  }
  return {
    fail: (message) => fire(classifyError(message)),
    sawIteration(ms) {
      lastLife = Date.now();
      slowest = Math.max(slowest, ms);
    },
    stop,
  };
}
