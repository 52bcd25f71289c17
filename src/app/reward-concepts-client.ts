/**
 * Concepts view wiring for the reward concepts: one worker per run (workers/reward-concepts.worker.ts,
 * the same core code as the CLI commands at the browser's tiny size), its reports written into
 * the reward-concepts store, the worker ended when the run ends.
 */
import * as Comlink from 'comlink';
import type { RewardConceptsApi } from '../../workers/reward-concepts.worker';
import type { BranchEvaluation, BranchPoint } from '../core/concepts/branches';
import type { RewardConceptId } from '../core/concepts/reward-concepts';
import { rewardConceptEvents, useRewardConceptsStore } from '../state/reward-concepts-store';
import { backendFromSearch } from './backend-request';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function withWorker<T>(use: (api: Comlink.Remote<RewardConceptsApi>, backend: string) => Promise<T>, onStart: (backend: string) => void): Promise<T> {
  const worker = new Worker(new URL('../../workers/reward-concepts.worker.ts', import.meta.url), { type: 'module', name: 'reward-concepts' });
  const api = Comlink.wrap<RewardConceptsApi>(worker);
  try {
    const crashed = new Promise<never>((_, reject) => worker.addEventListener('error', (e) => { e.preventDefault(); reject(new Error(e.message || 'the worker crashed')); }));
    const info = await Promise.race([api.init({ backend: backendFromSearch(location.search).request }), crashed]);
    onStart(info.backend);
    return await Promise.race([use(api, info.backend), crashed]);
  } finally {
    worker.terminate();
  }
}

/** Trains concept `id`'s arms in a worker (ignored while that concept is already running). */
export async function runRewardConcept(id: RewardConceptId): Promise<void> {
  if (useRewardConceptsStore.getState().branches[id]?.status === 'running') return;
  try {
    await withWorker((api) => api.run(
      id,
      Comlink.proxy((p: BranchPoint) => rewardConceptEvents.branchPointReported(id, p)),
      Comlink.proxy((e: BranchEvaluation) => rewardConceptEvents.branchEvaluated(id, e)),
    ), (backend) => rewardConceptEvents.branchRunStarted(id, backend));
    rewardConceptEvents.branchRunFinished(id);
  } catch (error) {
    rewardConceptEvents.branchRunFailed(id, message(error));
  }
}

/** Trains the value-function concept's small PPO run in a worker. */
export async function runValueFunctionConcept(): Promise<void> {
  if (useRewardConceptsStore.getState().value.status === 'running') return;
  try {
    const result = await withWorker(
      (api) => api.valueFunction(Comlink.proxy((k: number) => rewardConceptEvents.valueIterationCompleted(k))),
      (backend) => rewardConceptEvents.valueRunStarted(backend),
    );
    rewardConceptEvents.valueRunFinished(result);
  } catch (error) {
    rewardConceptEvents.valueRunFailed(message(error));
  }
}
