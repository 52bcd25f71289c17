/**
 * Concepts view wiring: one concepts worker per browser run (src/core's functions, as the CLI runs
 * them), and the CLI results each concept ships next to its docs page. The only writer of the
 * concepts store. Every concept's run goes through `runConcept`: one worker (spawnWorker's crash
 * and termination policy), one run per concept at a time, Stop ends the worker.
 */
import * as Comlink from 'comlink';
import type { ConceptsApi } from '../../workers/concepts.worker';
import type { BranchEvaluation, BranchPoint } from '../core/concepts/branches';
import { REWARD_CONCEPTS, type RewardConceptId } from '../core/concepts/reward-concepts';
import { valueFunctionSpec, type ValueFunctionResult } from '../core/concepts/value-function';
import { conceptsEvents, useConceptsStore } from '../state/concepts-store';
import { backendFromSearch } from './backend-request';
import type { WorkerHandle } from './spawn-worker';
import { spawnConcepts } from './workers';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const active = new Map<string, WorkerHandle<ConceptsApi>>();

/**
 * Runs `work` in a new worker for concept `id` (one run per concept at a time; a second call
 * replaces the first). `work` reports progress through `progress(done, message, data?)` (data: the
 * results so far, if any). A crash of the worker fails the run with the crash's message.
 */
export async function runConcept<T>(
  id: string, total: number,
  work: (api: Comlink.Remote<ConceptsApi>, progress: (done: number, message: string, data?: T) => void) => Promise<T>,
): Promise<void> {
  cancelConcept(id);
  conceptsEvents.runStarted(id, total, 'starting the worker');
  const handle = spawnConcepts();
  active.set(id, handle);
  const mine = () => active.get(id) === handle;
  try {
    const info = await handle.api.init({ backend: backendFromSearch(window.location.search).request });
    if (mine()) conceptsEvents.workerReady(id, info.backend);
    const result = await work(handle.api, (done, text, data) => {
      if (mine()) conceptsEvents.runProgressed(id, done, text, data);
    });
    if (mine()) conceptsEvents.runFinished(id, result);
  } catch (error) {
    if (mine()) conceptsEvents.runFailed(id, message(error));
  } finally {
    if (mine()) {
      active.delete(id);
      handle.terminate();
    }
  }
}

/** Stops concept `id`'s run (its worker is terminated; results so far stay on screen). */
export function cancelConcept(id: string): void {
  const handle = active.get(id);
  if (!handle) return;
  active.delete(id);
  handle.terminate();
  conceptsEvents.runCancelled(id);
}

/** What a reward concept's browser run holds: every iteration's point and the arms' evaluations. */
export interface BranchRunData {
  points: BranchPoint[];
  evaluations: BranchEvaluation[];
}

/** Trains reward concept `id`'s arms at the browser size (src/core/concepts/reward-concepts.ts). */
export function runRewardConcept(id: RewardConceptId): Promise<void> {
  const spec = REWARD_CONCEPTS[id].spec('browser');
  const data: BranchRunData = { points: [], evaluations: [] };
  const snapshot = (): BranchRunData => ({ points: [...data.points], evaluations: [...data.evaluations] });
  return runConcept<BranchRunData>(id, spec.warmup + spec.arms.length * spec.iterations, async (api, progress) => {
    await api.rewardConcept(
      id,
      Comlink.proxy((p: BranchPoint) => {
        data.points.push(p);
        progress(data.points.length, `${p.arm} iteration ${p.iteration}`, snapshot());
      }),
      Comlink.proxy((e: BranchEvaluation) => {
        data.evaluations.push(e);
        progress(data.points.length, `evaluated ${e.arm} on ${e.split}`, snapshot());
      }),
    );
    return snapshot();
  });
}

export const VALUE_FUNCTION_ID = 'value-function';

/** Trains the value-function concept's small PPO run (src/core/concepts/value-function.ts). */
export function runValueFunctionConcept(): Promise<void> {
  const { iterations } = valueFunctionSpec('browser');
  return runConcept<ValueFunctionResult>(VALUE_FUNCTION_ID, iterations, (api, progress) =>
    api.valueFunction(Comlink.proxy((k: number) => progress(k, `iteration ${k}`))));
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
