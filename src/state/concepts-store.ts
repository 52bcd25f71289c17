/**
 * Concepts view state: each concept's one small run in the browser (status, progress, backend,
 * results so far) and the shipped CLI results it loaded. Plain data only; src/app/concepts-client.ts
 * is the only writer.
 */
import { create } from 'zustand';

export type ConceptRunStatus = 'idle' | 'running' | 'finished' | 'failed' | 'cancelled';

export interface ConceptRun<T = unknown> {
  status: ConceptRunStatus;
  /** Work done and total, in the concept's own units (iterations + searches, runs…). */
  done: number;
  total: number;
  /** One line of what is happening now. */
  message: string;
  /** The tfjs backend the worker runs on (null until its worker has started). */
  backend: string | null;
  /** The results so far (a concept's own plain-JSON shape). */
  data: T | null;
  error: string | null;
}

export interface ShippedConcept<T = unknown> {
  status: 'loading' | 'ready' | 'failed';
  data: T | null;
  error: string | null;
}

export interface ConceptsState {
  runs: Record<string, ConceptRun>;
  shipped: Record<string, ShippedConcept>;
}

export const IDLE_RUN: ConceptRun = { status: 'idle', done: 0, total: 0, message: '', backend: null, data: null, error: null };

export const useConceptsStore = create<ConceptsState>(() => ({ runs: {}, shipped: {} }));

const set = useConceptsStore.setState;
const get = useConceptsStore.getState;
const putRun = (id: string, patch: Partial<ConceptRun>) =>
  set({ runs: { ...get().runs, [id]: { ...(get().runs[id] ?? IDLE_RUN), ...patch } } });
const putShipped = (id: string, value: ShippedConcept) => set({ shipped: { ...get().shipped, [id]: value } });

export const conceptsEvents = {
  runStarted: (id: string, total: number, message: string) => putRun(id, { ...IDLE_RUN, status: 'running', total, message }),
  workerReady: (id: string, backend: string) => putRun(id, { backend }),
  runProgressed: (id: string, done: number, message: string, data?: unknown) => putRun(id, data === undefined ? { done, message } : { done, message, data }),
  runFinished: (id: string, data: unknown) => putRun(id, { status: 'finished', done: get().runs[id]?.total ?? 0, message: 'finished', data }),
  runCancelled: (id: string) => putRun(id, { status: 'cancelled', message: 'cancelled' }),
  runFailed: (id: string, error: string) => putRun(id, { status: 'failed', error, message: 'failed' }),
  shippedRequested: (id: string) => putShipped(id, { status: 'loading', data: null, error: null }),
  shippedLoaded: (id: string, data: unknown) => putShipped(id, { status: 'ready', data, error: null }),
  shippedFailed: (id: string, error: string) => putShipped(id, { status: 'failed', data: null, error }),
};
