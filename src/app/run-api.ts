/**
 * The training calls run-client needs from one trainer worker, in one place so that adapting to
 * the worker's API is a one-file change.
 */
import type * as Comlink from 'comlink';
import type { RunConfig } from '../core/train/config';
import type { IterationResult } from '../core/train/metrics';
import type { BackendInfo } from '../../workers/backend';
import type { BackendRequest } from '../../workers/backend-request';
import type { TrainerApi } from '../../workers/trainer.worker';

export type ReportCallback = ((result: IterationResult) => void) & Comlink.ProxyMarked;

export interface RunApi {
  init(options: { backend: BackendRequest }): Promise<BackendInfo>;
  /** Build the run (paused) and register the per-iteration callback. */
  create(config: RunConfig, onIteration: ReportCallback): Promise<void>;
  resume(): Promise<void>;
  pause(): Promise<void>;
  step(): Promise<void>;
  stop(): Promise<void>;
}

interface ExpectedWorker {
  init(options: { backend: BackendRequest }): Promise<BackendInfo>;
  createRun(config: RunConfig, onIteration: ReportCallback): Promise<unknown>;
  resume(): Promise<void>;
  pause(): Promise<void>;
  step(): Promise<void>;
  stop(): Promise<void>;
}

export function connectRun(remote: Comlink.Remote<TrainerApi>): RunApi {
  const api = remote as unknown as ExpectedWorker;
  return {
    init: (options) => api.init(options),
    create: async (config, onIteration) => {
      await api.createRun(config, onIteration);
    },
    resume: () => api.resume(),
    pause: () => api.pause(),
    step: () => api.step(),
    stop: () => api.stop(),
  };
}
