/**
 * Experiments page wiring: loads the CLI-produced results shipped in public/experiments, and runs
 * an experiment at the `reduced` size with one trainer worker per run (the same core loop as the
 * CLI), writing progress and results into the experiments store.
 *
 * Evaluation (ood): after training, the run's checkpoint goes to the worker's `evaluate` call,
 * which runs src/core/experiments/evaluate.ts's evaluateCheckpoint, the function behind
 * `npm run cli -- eval` and `experiment ood` (1 member per task, the 'eval-env' stream, no update),
 * so the page and the CLI report the same numbers for the same checkpoint and backend.
 */
import * as Comlink from 'comlink';
import { version as packageVersion } from '../../package.json';
import { EVAL_TEMPERATURE, planExperiment, type PlanOverrides } from '../core/experiments/plan';
import { parseResults, toIterationRecord, type EvalRecord, type IterationRecord } from '../core/experiments/results';
import { assembleResults, runPlan, type RunOne } from '../core/experiments/runner';
import type { ExperimentId, Split } from '../core/experiments/types';
import type { CheckpointJson } from '../core/train/checkpoint';
import type { IterationResult } from '../core/train/metrics';
import { experimentsEvents, useExperimentsStore, type ShippedEntry } from '../state/experiments-store';
import { backendFromSearch } from './backend-request';
import { spawnTrainer, type TrainerHandle } from './workers';

/** Shipped results live next to index.html (relative URL: the build works from any sub-path). */
export const SHIPPED_BASE = 'experiments/';
/** A run that reports nothing for this long is treated as failed (a hung worker reports no error). */
const STALL_MS = 180_000;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function fetchJson(path: string): Promise<unknown> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

/** Loads public/experiments/index.json, then the selected file. Safe to call more than once. */
export async function loadShipped(): Promise<void> {
  const state = useExperimentsStore.getState();
  if (state.shipped.status === 'loading' || state.shipped.status === 'ready') return;
  experimentsEvents.shippedIndexRequested();
  try {
    const index = (await fetchJson(`${SHIPPED_BASE}index.json`)) as { files?: ShippedEntry[] };
    experimentsEvents.shippedIndexLoaded(Array.isArray(index.files) ? index.files : []);
    const file = useExperimentsStore.getState().selectedFile;
    if (file) await showShipped(file);
  } catch (error) {
    experimentsEvents.shippedFailed(message(error));
  }
}

export async function showShipped(file: string): Promise<void> {
  experimentsEvents.shippedFileSelected(file);
  if (useExperimentsStore.getState().shipped.results[file]) return;
  try {
    experimentsEvents.shippedResultsLoaded(file, parseResults(await fetchJson(`${SHIPPED_BASE}${file}`)));
  } catch (error) {
    experimentsEvents.shippedFailed(message(error));
  }
}

interface Active {
  handle: TrainerHandle;
  fail(error: Error): void;
}

let active = new Set<Active>();
let generation = 0;

/** Trains the run's config until `iterations` reports have arrived; resolves with them. */
function trainInWorker(
  entry: Active, config: unknown, iterations: number, onIteration: (r: IterationResult) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => reject(new Error(`a worker stopped reporting for ${STALL_MS / 1000} s`)), STALL_MS);
    };
    entry.fail = (error) => {
      clearTimeout(timer);
      reject(error);
    };
    let seen = 0;
    const callback = Comlink.proxy((result: IterationResult) => {
      seen++;
      onIteration(result);
      arm();
      if (seen >= iterations) {
        clearTimeout(timer);
        resolve();
      }
    });
    arm();
    const api = entry.handle.api;
    const start = async () => {
      const onError = Comlink.proxy((text: string) => {
        clearTimeout(timer);
        reject(new Error(`training failed in the worker: ${text}`));
      });
      await api.createRun(config, callback, {}, onError);
      if (iterations > 0) await api.resume();
      else resolve();
    };
    start().catch((error: unknown) => reject(error instanceof Error ? error : new Error(message(error))));
  });
}

async function evaluateInWorker(entry: Active, checkpoint: CheckpointJson, split: Split, episodes: number): Promise<EvalRecord> {
  const r = await entry.handle.api.evaluate(checkpoint, { split, episodes, temperature: EVAL_TEMPERATURE });
  return {
    split: r.split, episodes: r.episodes, temperature: r.temperature, successRate: r.successRate,
    meanTurns: r.meanTurns, meanSuccessTurns: r.meanSuccessTurns, meanResponseTokens: r.meanResponseTokens,
  };
}

const workerInfo = { backend: 'unknown', tfjsVersion: 'unknown' };

/** runOne for the browser: a fresh trainer worker per run. */
const workerRunOne: RunOne = async (spec, hooks) => {
  const entry: Active = { handle: spawnTrainer(), fail: () => undefined };
  active.add(entry);
  try {
    const info = await entry.handle.api.init({ backend: backendFromSearch(window.location.search).request });
    Object.assign(workerInfo, { backend: info.backend, tfjsVersion: info.tfjsVersion });
    const metrics: IterationRecord[] = [];
    const iterations = spec.config.iterations ?? 0;
    await trainInWorker(entry, spec.config, iterations, (r) => {
      const record = toIterationRecord(r.metrics);
      metrics.push(record);
      hooks.onIteration(record);
    });
    const checkpoint = spec.evaluate ? await entry.handle.api.checkpoint() : null;
    const resolvedConfig = { ...(checkpoint?.config ?? spec.config) };
    const evaluation: EvalRecord[] = [];
    for (const split of spec.evaluate?.splits ?? []) {
      const record = await evaluateInWorker(entry, checkpoint!, split, spec.evaluate!.episodes);
      evaluation.push(record);
      hooks.onEvaluation?.(record);
    }
    return { resolvedConfig, backend: info.backend, metrics, evaluation };
  } finally {
    active.delete(entry);
    entry.handle.terminate();
  }
};

/** Runs experiment `id` at the reduced size (with overrides) in workers; results land in the store. */
export async function runReduced(id: ExperimentId, overrides: PlanOverrides = {}, concurrency = defaultConcurrency()): Promise<void> {
  cancelRun();
  const gen = ++generation;
  const plan = planExperiment(id, 'reduced', overrides);
  experimentsEvents.localRunStarted(id);
  const start = performance.now();
  try {
    const runs = await runPlan(plan, workerRunOne, {
      now: () => performance.now(), concurrency, shouldStop: () => gen !== generation,
      onProgress: (p) => gen === generation && experimentsEvents.localProgressed(p),
    });
    if (gen !== generation) return;
    const s = plan.sizes;
    const provenance = {
      command: `in-app: ${id} at the reduced size (${s.seeds} seed${s.seeds === 1 ? '' : 's'}, ${s.iterations} iterations, ${s.tasksPerIteration} tasks × ${s.groupSize} members)`,
      commit: null, date: new Date().toISOString(), packageVersion, tfjsVersion: workerInfo.tfjsVersion, backend: workerInfo.backend,
      platform: `${navigator.userAgent}; ${concurrency} worker${concurrency === 1 ? '' : 's'} at a time`,
    };
    experimentsEvents.localRunFinished(assembleResults(plan, runs, provenance, performance.now() - start));
  } catch (error) {
    if (gen === generation) experimentsEvents.localRunFailed(message(error));
  }
}

/** Stops every worker of the running experiment. */
export function cancelRun(): void {
  if (active.size === 0 && useExperimentsStore.getState().local.status !== 'running') return;
  generation++;
  const stopping = active;
  active = new Set();
  for (const entry of stopping) {
    entry.handle.terminate();
    entry.fail(new Error('cancelled'));
  }
  if (useExperimentsStore.getState().local.status === 'running') experimentsEvents.localRunCancelled();
}

/** Workers at once: one core is left to the page, at most 3. */
export function defaultConcurrency(): number {
  return Math.max(1, Math.min(3, (navigator.hardwareConcurrency || 2) - 1));
}
