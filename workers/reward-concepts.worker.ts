/**
 * The reward-concepts worker: a thin comlink adapter over src/core/concepts. `run` trains a reward
 * concept's arms at the lab's tiny size (the same runBranches the CLI commands run) and reports
 * every iteration through the Comlink.proxy callbacks; `valueFunction` trains a small PPO run and
 * returns one group's critic view (core/concepts/value-function.ts).
 */
import * as Comlink from 'comlink';
import * as tf from '@tensorflow/tfjs-core';
import { selectBackend, type BackendRequest } from './backend';
import { runBranches, type BranchEvaluation, type BranchPoint } from '../src/core/concepts/branches';
import { REWARD_CONCEPTS, type RewardConceptId } from '../src/core/concepts/reward-concepts';
import { runValueFunction, valueFunctionSpec, type ValueFunctionResult } from '../src/core/concepts/value-function';

const api = {
  /** Choose the backend (`auto` by default) and report the one actually in use. */
  async init(options: { backend: BackendRequest }) {
    return selectBackend(options.backend);
  },
  /** Train concept `id`'s arms at the browser size; resolves when every arm is done. */
  async run(
    id: RewardConceptId,
    onPoint: (point: BranchPoint) => void,
    onEvaluation?: (evaluation: BranchEvaluation) => void,
  ): Promise<void> {
    await runBranches(REWARD_CONCEPTS[id].spec('browser'), { backend: tf.getBackend(), onPoint, onEvaluation });
  },
  /** A small PPO run, then one group: V(s_t), returns, GAE and GRPO's flat credit. */
  async valueFunction(onIteration?: (iteration: number) => void): Promise<ValueFunctionResult> {
    return runValueFunction(valueFunctionSpec('browser'), { backend: tf.getBackend(), onIteration });
  },
};

export type RewardConceptsApi = typeof api;
Comlink.expose(api);
