/**
 * The in-browser half of `npm run bench` (and a page a user can open to measure their own machine):
 * one trainer worker runs default iterations step by step on the chosen backend and reports each
 * iteration's metrics; PlanPO's and GRPO's advantage cost is timed on the same groups.
 */
import * as Comlink from 'comlink';
import { getEstimator } from '../core/advantage/registry';
import type { RolloutGroup } from '../core/advantage/types';
import { toTrajectorySummary } from '../core/io/to-group';
// the tfjs-free modules of core/train (its index also exports the trainer): no tfjs on this page's main thread
import { estimatorParams } from '../core/train/advantages';
import { DEFAULT_CONFIG, type RunConfig } from '../core/train/config';
import type { IterationMetrics, IterationResult } from '../core/train/metrics';
import { spawnTrainer } from '../app/workers';
import { perCall } from './timing';
import type { BackendInfo, BackendRequest } from '../../workers/backend';

export interface BrowserBenchResult {
  info: BackendInfo;
  metrics: IterationMetrics[];
  planpoMs: number;
  grpoMs: number;
}

function estimatorMs(groups: RolloutGroup[], id: 'planpo' | 'grpo'): number {
  const estimator = getEstimator(id);
  const params = estimatorParams({ ...DEFAULT_CONFIG, estimator: id }, id, 0);
  return perCall(() => groups.forEach((g) => estimator.estimate(g, params as never)));
}

function toGroups(result: IterationResult): RolloutGroup[] {
  return result.groups.map((members) => ({
    trajectories: members.flatMap((record) => {
      const s = toTrajectorySummary(record);
      return s.ok ? [s.summary] : [];
    }),
  }));
}

type TrainerApi = ReturnType<typeof spawnTrainer>['api'];

/** One run of `config` in the worker, `iterations` iterations step by step; every iteration's result, in order. */
async function trainSteps(api: TrainerApi, config: RunConfig, iterations: number): Promise<IterationResult[]> {
  const results: IterationResult[] = [];
  let notify: () => void = () => {};
  await api.createRun({ ...config, iterations }, Comlink.proxy((r: IterationResult) => {
    results.push(r);
    notify();
  }));
  for (let k = 0; k < iterations; k++) {
    const arrived = new Promise<void>((resolve) => (notify = resolve));
    await api.step();
    if (results.length <= k) await arrived;
  }
  return results;
}

/**
 * Runs `iterations` iterations of the default config (with `overrides`) step by step in a fresh
 * trainer worker on `backend`; each iteration's metrics stream back through the comlink callback.
 * `threads`: wasm threads on a cross-origin isolated page (default every logical core, ≤ 8).
 */
export async function runBrowserBench(
  backend: BackendRequest, iterations: number, overrides: Partial<RunConfig> = {}, threads?: number,
): Promise<BrowserBenchResult> {
  const handle = spawnTrainer();
  try {
    const info = await handle.api.init({ backend, threads });
    const results = await trainSteps(handle.api, { ...DEFAULT_CONFIG, ...overrides }, iterations);
    const groups = toGroups(results[results.length - 1]);
    return { info, metrics: results.map((r) => r.metrics), planpoMs: estimatorMs(groups, 'planpo'), grpoMs: estimatorMs(groups, 'grpo') };
  } finally {
    handle.terminate();
  }
}

export interface BrowserReplayResult {
  info: BackendInfo;
  /** Each run's metrics, one entry per iteration. */
  runs: IterationMetrics[][];
}

/**
 * Trains the same config `runs` times from scratch in ONE fresh trainer worker (each `createRun`
 * builds a new policy from the seed): a determinism check that pays a backend's first-use cost
 * (WebGPU compiles every shader on first use, most of a software adapter's time) once, not per run.
 */
export async function runBrowserReplay(
  backend: BackendRequest, iterations: number, overrides: Partial<RunConfig> = {}, runs = 2,
): Promise<BrowserReplayResult> {
  const handle = spawnTrainer();
  try {
    const info = await handle.api.init({ backend });
    const all: IterationMetrics[][] = [];
    for (let i = 0; i < runs; i++) {
      all.push((await trainSteps(handle.api, { ...DEFAULT_CONFIG, ...overrides }, iterations)).map((r) => r.metrics));
    }
    return { info, runs: all };
  } finally {
    handle.terminate();
  }
}

declare global {
  interface Window {
    rolloutLabBench?: typeof runBrowserBench;
    rolloutLabReplay?: typeof runBrowserReplay;
  }
}
window.rolloutLabBench = runBrowserBench;
window.rolloutLabReplay = runBrowserReplay;

const form = document.getElementById('bench-form') as HTMLFormElement | null;
const output = document.getElementById('bench-output');
form?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const backend = String(data.get('backend')) as BackendRequest;
  const iterations = Math.max(1, Math.min(20, Number(data.get('iterations')) || 1));
  if (output) output.textContent = `Running ${iterations} iteration(s) on ${backend}…`;
  try {
    const r = await runBrowserBench(backend, iterations);
    const lines = r.metrics.map((m) =>
      `iteration ${m.iteration}: total ${m.timing.totalMs.toFixed(0)} ms (rollout ${m.timing.rolloutMs.toFixed(0)}, advantage ${m.timing.advantageMs.toFixed(1)}, update ${m.timing.updateMs.toFixed(0)}), ${m.tokensPerSecond.toFixed(0)} tokens/s`);
    if (output) output.textContent = [`backend ${r.info.backend}${r.info.notice ? ` (${r.info.notice})` : ''}`, ...lines,
      `PlanPO ${r.planpoMs.toFixed(3)} ms vs GRPO ${r.grpoMs.toFixed(3)} ms per iteration's groups`].join('\n');
  } catch (error) {
    if (output) output.textContent = `Benchmark failed: ${error instanceof Error ? error.message : String(error)}`;
  }
});
