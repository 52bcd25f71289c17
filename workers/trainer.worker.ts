/**
 * The trainer worker: a thin comlink adapter over src/core. It picks the tfjs backend, and
 * everything heavy runs here so the page never blocks. One run per worker; the loop is
 * src/core/train's async generator, and each iteration's result reaches the page once through
 * the Comlink.proxy callback given to `createRun`. Back-pressure: iteration k is reported only once
 * the page's answer to report k − 1 has arrived (the lab answers when IndexedDB acknowledged it), so
 * iteration k trains while k − 1 is being saved and the page never shows two iterations past what
 * is stored.
 */
import * as Comlink from 'comlink';
import * as tf from '@tensorflow/tfjs-core';
import { matmulSelfTest, selectBackend, type BackendRequest } from './backend';
import { armFault, holdLiveness, maybeFault, watchDevice, type DebugFault } from './run-health';
import {
  checkpointFromJson, checkpointToJson, memoryRefusal, Trainer, TrainingController, trainLoop, validateConfig,
  type Checkpoint, type CheckpointJson, type IterationResult,
} from '../src/core/train';
import { evaluateCheckpoint, type CheckpointEvaluation, type EvalOptions } from '../src/core/experiments/evaluate';
import { saveReport, saveTargetOf, type SaveTarget } from './lab-save';
import { labReport, toWire, type WireReport } from '../src/core/train/lab-report';

let trainer: Trainer | null = null;
let controller: TrainingController | null = null;
let loop: Promise<void> = Promise.resolve();
/** The page's answer to the latest report (the lab's: that iteration is saved). */
let answered: Promise<unknown> = Promise.resolve();

const api = {
  /** Choose the backend (`auto` by default) and report the one actually in use; `threads`: wasm threads (isolated pages). */
  async init(options: { backend: BackendRequest; threads?: number }) {
    return selectBackend(options.backend, options.threads);
  },
  /** Run a small matmul on the active backend and check its result. */
  async selfTest() {
    return matmulSelfTest();
  },
  /**
   * Build the run, paused: `config` is validated (bad fields replaced, see `problems`);
   * `onIteration` receives every iteration's metrics and rollout groups, `onError` a failure.
   * With `checkpoint` (JSON numbers or typed arrays) the run resumes from it (its config wins).
   * With `checkpointEvery: n` every n-th iteration's report also carries the run's checkpoint
   * (typed arrays, transferred). A size that cannot fit is refused before anything is allocated.
   * What `onIteration` returns (a promise, such as the lab's save) is waited for before the next
   * report: the run goes on training meanwhile, and a rejection is ignored.
   * A page passes `onError` as the fourth argument: comlink proxies top-level arguments only.
   */
  async createRun(
    config: unknown,
    onIteration: (result: IterationResult, checkpoint?: Checkpoint) => unknown,
    options: RunOptions & { onError?: (message: string) => void } = {},
    onError?: (message: string) => void,
  ) {
    return build(config, options, options.onError ?? onError, true, (result, cp) => (cp ? onIteration(result, Comlink.transfer(cp, checkpointBuffers(cp))) : onIteration(result)));
  },
  /**
   * The lab's run (src/app/persist/worker-save.ts has the protocol): like `createRun`, but each
   * report is the lab's compact one (`estimators`: the lab's pair), and once the page's answer
   * names the saved lab, this worker writes every iteration and checkpoint to IndexedDB itself and
   * calls `onSaved(iteration, failure)` when committed (the report still carries the checkpoint).
   */
  async createLabRun(
    config: unknown,
    estimators: string[],
    onReport: (report: WireReport, checkpoint: Checkpoint | undefined, savingHere: boolean) => unknown,
    onSaved: (iteration: number, failure: string | null) => unknown,
    onError: (message: string) => void,
    options: RunOptions = {},
  ) {
    let target: SaveTarget | null = null;
    const answered = (answer: unknown) => {
      const to = saveTargetOf(answer);
      if (to !== undefined) target = to;
    };
    return build(config, options, onError, estimators, (result, cp) => {
      const report = labReport(result, estimators);
      const transfer = (c: Checkpoint | undefined) => c && Comlink.transfer(c, checkpointBuffers(c));
      if (!target) return Promise.resolve(onReport(toWire(report), transfer(cp), false)).then(answered);
      const saving = saveReport(target, report, cp);
      // the report (and the checkpoint, transferred) goes once the rows are cloned into the transaction
      const shown = saving.written.then(() => onReport(toWire(report), transfer(cp), true));
      const saved = saving.committed.then(async (failure) => {
        await saving.written;
        return onSaved(report.metrics.iteration, failure);
      }).then(answered);
      // training goes on once the rows are handed over; the next report waits for the commit and both answers
      return { handed: saving.written, answered: Promise.all([shown, saved]) };
    });
  },
  async resume() {
    controller?.resume();
  },
  /** Resolves once the iteration in flight is done, reported and answered (at once when none is). */
  async pause() {
    controller?.pause();
    await Promise.race([controller?.idle(), loop]);
    await answered;
  },
  /** One more iteration (while paused, or past config.iterations). */
  async step() {
    controller?.step();
  },
  /** End the run after the current iteration. */
  async stop() {
    controller?.stop();
  },
  /** Weights + Adam state + config + iteration, as plain JSON (call between iterations). */
  async checkpoint(): Promise<CheckpointJson | null> {
    return trainer ? checkpointToJson(await trainer.checkpoint()) : null;
  },
  /** Answers at once unless the worker is busy or gone (the page's heartbeat). */
  async ping() {
    return true;
  },
  /** Hold the Web Lock `name` while this worker lives (see run-health.ts). */
  holdLiveness(name: string) {
    return holdLiveness(name);
  },
  /** Debug only (the page exposes it with ?debug=faults): fault after iteration `after`. */
  debugFault(kind: DebugFault, after: number) {
    armFault(kind, after);
  },
  /**
   * Evaluate a checkpoint without training, exactly as `npm run cli -- eval` does (1 member per
   * task, the 'eval-env' / 'eval-sample' streams, no update). Independent of the run in progress.
   */
  async evaluate(checkpoint: CheckpointJson, options: EvalOptions): Promise<CheckpointEvaluation> {
    return evaluateCheckpoint(checkpointFromJson(checkpoint), { ...options, backend: tf.getBackend() });
  },
  /** Stop the run and free its tensors once the iteration in flight has finished. */
  dispose() {
    const run = trainer;
    controller?.stop();
    void loop.then(() => run?.dispose());
    [trainer, controller] = [null, null];
  },
};

interface RunOptions {
  checkpoint?: CheckpointJson | Checkpoint;
  checkpointEvery?: number;
}

/**
 * What a report hands back: the page's answer to wait for before the next report, or that and a
 * promise to wait for before training goes on (`handed`: the worker's own write has its rows).
 */
type Delivered = unknown | { handed: Promise<void>; answered: Promise<unknown> };

/** Build the run and its loop; `deliver` reports each iteration (and its checkpoint, every `checkpointEvery`). */
/** `compare`: the other estimators computed on each iteration's groups (TrainerOptions.compare). */
async function build(
  config: unknown, options: RunOptions, onError: ((message: string) => void) | undefined,
  compare: boolean | readonly string[], deliver: (result: IterationResult, checkpoint?: Checkpoint) => Delivered,
) {
  api.dispose();
  const { config: cfg, problems } = validateConfig(config);
  const checkpoint = options.checkpoint ? checkpointFromJson(options.checkpoint) : undefined;
  const refusal = memoryRefusal(checkpoint?.config ?? cfg, tf.getBackend(), checkpoint?.vocabulary);
  if (refusal) throw new Error(refusal);
  const run = await Trainer.create(cfg, { checkpoint, backend: tf.getBackend(), compare });
  const every = options.checkpointEvery ?? 0;
  watchDevice((message) => onError?.(message));
  const ctl = new TrainingController('paused');
  [trainer, controller] = [run, ctl];
  answered = Promise.resolve();
  loop = (async () => {
    try {
      for await (const result of trainLoop(run, { controller: ctl, holdAtLimit: true })) {
        const k = result.metrics.iteration;
        const cp = every > 0 && k % every === 0 ? await run.checkpoint() : undefined;
        await answered; // BACK-PRESSURE: report k only once k − 1 is answered
        const out = deliver(result, cp);
        const split = out && typeof out === 'object' && 'handed' in out ? out as { handed: Promise<void>; answered: Promise<unknown> } : null;
        answered = Promise.resolve(split ? split.answered : out).catch(() => undefined);
        if (split) await split.handed;
        maybeFault(k);
        // Yield to the event loop: on wasm every await resolves as a microtask, so without this
        // pause()/stop() messages would wait behind the whole run.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    } catch (error) {
      onError?.(error instanceof Error ? error.message : String(error));
    }
  })();
  return { config: run.config, problems, parameters: run.policy.parameterCount, vocabularySize: run.policy.vocab.size };
}

function checkpointBuffers(cp: Checkpoint): ArrayBuffer[] {
  const arrays = [...Object.values(cp.weights), ...cp.optimizer.moments].map((w) => w.data.buffer as ArrayBuffer);
  return [...new Set(arrays)];
}

export type TrainerApi = typeof api;
Comlink.expose(api);
