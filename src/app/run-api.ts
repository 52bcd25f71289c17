/**
 * The training calls run-client needs from one trainer worker (workers/trainer.worker.ts), in one
 * place so that adapting to the worker's API is a one-file change.
 */
import * as Comlink from 'comlink';
import { checkpointFromJson, type Checkpoint } from '../core/train/checkpoint';
import type { RunConfig } from '../core/train/config';
import type { IterationResult } from '../core/train/metrics';
import type { BackendInfo } from '../../workers/backend';
import type { BackendRequest } from '../../workers/backend-request';
import type { TrainerApi } from '../../workers/trainer.worker';

export interface RunApi {
  init(options: { backend: BackendRequest }): Promise<BackendInfo>;
  /** Build the run (paused) and register the callbacks; returns the worker's config problems. */
  create(config: RunConfig, onIteration: (result: IterationResult) => void, onError: (message: string) => void): Promise<string[]>;
  resume(): Promise<void>;
  pause(): Promise<void>;
  step(): Promise<void>;
  stop(): Promise<void>;
  /** Weights, Adam state, config and iteration (after the iteration in flight); null before the run exists. */
  checkpoint(): Promise<Checkpoint | null>;
}

export function connectRun(remote: Comlink.Remote<TrainerApi>): RunApi {
  return {
    init: (options) => remote.init(options),
    create: async (config, onIteration, onError) => {
      const created = await remote.createRun(config, Comlink.proxy(onIteration), {}, Comlink.proxy(onError));
      return created.problems;
    },
    resume: () => remote.resume(),
    pause: () => remote.pause(),
    step: () => remote.step(),
    stop: () => remote.dispose(),
    checkpoint: async () => {
      const json = await remote.checkpoint();
      return json ? checkpointFromJson(json) : null;
    },
  };
}
