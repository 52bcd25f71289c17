/**
 * The training calls run-client makes on one trainer worker (workers/trainer.worker.ts), adapted
 * in one place: callbacks become comlink proxies and the checkpoint comes back as typed arrays.
 * The types are derived from the worker's own API (`TrainerApi = typeof api`), never re-declared.
 */
import * as Comlink from 'comlink';
import { checkpointFromJson, type Checkpoint } from '../core/train/checkpoint';
import type { RunConfig } from '../core/train/config';
import type { TrainerApi } from '../../workers/trainer.worker';
import { fromWire, type IterationReport, type WireReport } from '../core/train/lab-report';

type Remote = Comlink.Remote<TrainerApi>;

export function connectRun(remote: Remote) {
  return {
    init: remote.init,
    /**
     * Build the lab's run (paused) and register the callbacks; resolves with the worker's config
     * problems. `checkpoint`: resume from it; `checkpointEvery`: every n-th iteration carries a
     * checkpoint. Reports are the lab's compact ones, posted in their wire form and whole again here
     * (lab-report.ts `toWire` / `fromWire`; src/app/persist/worker-save.ts has the
     * protocol): once an answer names the saved lab, the worker saves each iteration itself and
     * calls `onSaved` when committed (`failure`: why not; the page saves it then). The worker
     * reports the next iteration only once its answers have come.
     */
    create: async (
      config: RunConfig, estimators: string[],
      onReport: (report: IterationReport, checkpoint: Checkpoint | undefined, savingHere: boolean) => unknown,
      onSaved: (iteration: number, failure: string | null) => unknown,
      onError: (message: string) => void,
      options: { checkpoint?: Checkpoint; checkpointEvery?: number } = {},
    ): Promise<string[]> => (await remote.createLabRun(
      config, estimators,
      Comlink.proxy((report: WireReport, checkpoint: Checkpoint | undefined, savingHere: boolean) => onReport(fromWire(report), checkpoint, savingHere)),
      Comlink.proxy(onSaved), Comlink.proxy(onError), options,
    )).problems,
    resume: remote.resume,
    pause: remote.pause,
    step: remote.step,
    /** Ends the run and frees its tensors. */
    stop: remote.dispose,
    /** Resolves while the worker answers (heartbeat). */
    ping: remote.ping,
    /** The worker holds this Web Lock until it ends (resolves once held). */
    holdLiveness: remote.holdLiveness,
    debugFault: remote.debugFault,
    /** Weights, Adam state, config and iteration (after the iteration in flight); null before the run exists. */
    checkpoint: async (): Promise<Checkpoint | null> => {
      const json = await remote.checkpoint();
      return json ? checkpointFromJson(json) : null;
    },
  };
}

/** What run-client and the fault watch call on a trainer worker. */
export type RunApi = ReturnType<typeof connectRun>;
