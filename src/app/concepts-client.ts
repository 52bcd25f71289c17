/**
 * Concepts view wiring: one concepts worker per browser run (src/core's functions, as the CLI runs
 * them), and the CLI results each concept ships next to its docs page. The only writer of the
 * concepts store.
 */
import * as Comlink from 'comlink';
import type { ConceptsApi } from '../../workers/concepts.worker';
import { conceptsEvents, useConceptsStore } from '../state/concepts-store';
import { backendFromSearch } from './backend-request';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

interface Active {
  api: Comlink.Remote<ConceptsApi>;
  terminate(): void;
}

const active = new Map<string, Active>();

/** A fresh concepts worker with the page's backend (`?backend=`) selected. */
async function startWorker(): Promise<Active> {
  const worker = new Worker(new URL('../../workers/concepts.worker.ts', import.meta.url), { type: 'module', name: 'concepts' });
  const api = Comlink.wrap<ConceptsApi>(worker);
  await api.init({ backend: backendFromSearch(window.location.search).request });
  return { api, terminate: () => worker.terminate() };
}

/**
 * Runs `work` in a new worker for concept `id` (one run per concept at a time; a second call
 * replaces the first). `work` reports progress through `progress(done, message, data?)` (data: the results so far, if any).
 */
export async function runConcept<T>(
  id: string, total: number,
  work: (api: Comlink.Remote<ConceptsApi>, progress: (done: number, message: string, data?: T) => void) => Promise<T>,
): Promise<void> {
  cancelConcept(id);
  conceptsEvents.runStarted(id, total, 'starting the worker');
  let entry: Active | null = null;
  try {
    entry = await startWorker();
    active.set(id, entry);
    const mine = entry;
    const result = await work(entry.api, (done, text, data) => {
      if (active.get(id) === mine) conceptsEvents.runProgressed(id, done, text, data);
    });
    if (active.get(id) === mine) conceptsEvents.runFinished(id, result);
  } catch (error) {
    if (entry && active.get(id) === entry) conceptsEvents.runFailed(id, message(error));
  } finally {
    if (entry && active.get(id) === entry) {
      active.delete(id);
      entry.terminate();
    }
  }
}

/** Stops concept `id`'s run (its worker is terminated; results so far stay on screen). */
export function cancelConcept(id: string): void {
  const entry = active.get(id);
  if (!entry) return;
  active.delete(id);
  entry.terminate();
  conceptsEvents.runCancelled(id);
}

/** Fetches a concept's shipped results once (a URL from a Vite `?url` import: relative to the page). */
export async function loadShippedConcept<T>(id: string, url: string, parse: (json: unknown) => T): Promise<void> {
  const current = useConceptsStore.getState().shipped[id];
  if (current && current.status !== 'failed') return;
  conceptsEvents.shippedRequested(id);
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    conceptsEvents.shippedLoaded(id, parse(await response.json()));
  } catch (error) {
    conceptsEvents.shippedFailed(id, message(error));
  }
}
