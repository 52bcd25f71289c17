import * as Comlink from 'comlink';
import type { TrainerApi } from '../../workers/trainer.worker';

export interface TrainerHandle {
  api: Comlink.Remote<TrainerApi>;
  terminate(): void;
  /** Uncaught errors inside the worker (e.g. wasm's "Aborted()" thrown outside the training loop). */
  onCrash(listener: (message: string) => void): void;
}

/** Start one trainer worker (one per run). */
export function createTrainerWorker(): TrainerHandle {
  const worker = new Worker(new URL('../../workers/trainer.worker.ts', import.meta.url), { type: 'module', name: 'trainer' });
  return {
    api: Comlink.wrap<TrainerApi>(worker),
    terminate: () => worker.terminate(),
    onCrash: (listener) => worker.addEventListener('error', (e) => {
      e.preventDefault();
      listener(e.message || 'the worker crashed');
    }),
  };
}
