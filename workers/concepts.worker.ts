/**
 * The concepts worker: a thin comlink adapter over src/core for the Concepts view's small runs in
 * the browser. It picks the tfjs backend and runs the same core functions as the CLI commands:
 * `bestOfN` is src/core/search's runSearchStudy (`npm run -s cli -- best-of-n`), `trainRun` is
 * src/core/experiments' trainerRunOne (training then seen/unseen evaluation), `rewardConcept`
 * trains a reward concept's arms (src/core/concepts' runBranches, as `npm run -s cli -- <id>` does)
 * and `valueFunction` a small PPO run with one group's critic view. Progress comes back through
 * Comlink.proxy callbacks, once per event (an iteration or a search), never per token.
 */
import * as Comlink from 'comlink';
import * as tf from '@tensorflow/tfjs-core';
import { selectBackend, type BackendRequest } from './backend';
import { runSearchStudy, type SearchResults, type StudyEvent, type StudyOptions } from '../src/core/search';
import { trainerRunOne } from '../src/core/experiments/train-run';
import type { EvalRecord, IterationRecord } from '../src/core/experiments/results';
import type { RunSpec } from '../src/core/experiments/types';
import { runBranches, type BranchEvaluation, type BranchPoint } from '../src/core/concepts/branches';
import { REWARD_CONCEPTS, type RewardConceptId } from '../src/core/concepts/reward-concepts';
import { runValueFunction, valueFunctionSpec, type ValueFunctionResult } from '../src/core/concepts/value-function';

let cancelled = false;

/** Wraps a page callback so that its call is kept until the method's work ends. */
type Keep = <A extends unknown[]>(callback: (...args: A) => unknown) => (...args: A) => void;

/**
 * Runs `work` and resolves with its result once every page callback it made has been answered:
 * each Comlink.proxy callback answers on a message port of its own, so a method's result could
 * reach the page before its last callbacks did (a finished reward run showed one iteration short).
 * A callback that fails changes nothing, as before.
 */
async function afterCallbacks<T>(work: (keep: Keep) => Promise<T>): Promise<T> {
  const calls: unknown[] = [];
  const result = await work((callback) => (...args) => void calls.push(callback(...args)));
  await Promise.allSettled(calls);
  return result;
}

const api = {
  /** Choose the backend (`auto` by default) and report the one actually in use. */
  async init(options: { backend: BackendRequest }) {
    return selectBackend(options.backend);
  },
  /** The search-vs-training study; `onEvent` gets each event with the results so far. */
  async bestOfN(config: unknown, options: StudyOptions, onEvent: (event: StudyEvent, results: SearchResults) => void): Promise<SearchResults> {
    cancelled = false;
    const provenance = { command: 'Concepts view (browser worker)', commit: null, date: new Date().toISOString(), backend: tf.getBackend() };
    return afterCallbacks((keep) => runSearchStudy(config as Record<string, unknown>, options, {
      provenance, onEvent: keep(onEvent), cancelled: () => cancelled,
    }));
  },
  /** Train one run spec, then evaluate it on its splits; `onIteration` / `onEvaluation` report as it goes. */
  async trainRun(spec: RunSpec, onIteration: (r: IterationRecord) => void, onEvaluation: (e: EvalRecord) => void) {
    return afterCallbacks((keep) => trainerRunOne({ backend: tf.getBackend() })(spec, { onIteration: keep(onIteration), onEvaluation: keep(onEvaluation) }));
  },
  /** Train reward concept `id`'s arms at the browser size; resolves when every arm is done. */
  async rewardConcept(id: RewardConceptId, onPoint: (point: BranchPoint) => void, onEvaluation: (evaluation: BranchEvaluation) => void): Promise<void> {
    await afterCallbacks((keep) => runBranches(REWARD_CONCEPTS[id].spec('browser'), { backend: tf.getBackend(), onPoint: keep(onPoint), onEvaluation: keep(onEvaluation) }));
  },
  /** A small PPO run, then one group: V(s_t), returns, GAE and GRPO's flat credit. */
  async valueFunction(onIteration: (iteration: number) => void): Promise<ValueFunctionResult> {
    return afterCallbacks((keep) => runValueFunction(valueFunctionSpec('browser'), { backend: tf.getBackend(), onIteration: keep(onIteration) }));
  },
  /** Ends a best-of-N study after its current event (the page terminates the worker for the others). */
  cancel() {
    cancelled = true;
  },
};

export type ConceptsApi = typeof api;
Comlink.expose(api);
