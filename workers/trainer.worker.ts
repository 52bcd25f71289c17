/**
 * The trainer worker: a thin comlink adapter over src/core. It picks the tfjs backend, and
 * everything heavy runs here so the page never blocks. One run per worker; the loop is
 * src/core/train's async generator, and each iteration's result reaches the page once through
 * the Comlink.proxy callback given to `createRun`.
 */
import * as Comlink from 'comlink';
import * as tf from '@tensorflow/tfjs';
import { matmulSelfTest, selectBackend, type BackendRequest } from './backend';
import {
  checkpointFromJson, checkpointToJson, Trainer, TrainingController, trainLoop, validateConfig,
  type CheckpointJson, type IterationResult,
} from '../src/core/train';
import { evaluateCheckpoint, type CheckpointEvaluation, type EvalOptions } from '../src/core/experiments/evaluate';

let trainer: Trainer | null = null;
let controller: TrainingController | null = null;
let loop: Promise<void> = Promise.resolve();

const api = {
  /** Choose the backend (`auto` by default) and report the one actually in use. */
  async init(options: { backend: BackendRequest }) {
    return selectBackend(options.backend);
  },
  /** Run a small matmul on the active backend and check its result. */
  async selfTest() {
    return matmulSelfTest();
  },
  /**
   * Build the run, paused: `config` is validated (bad fields replaced, see `problems`);
   * `onIteration` receives every iteration's metrics and rollout groups, `onError` a failure.
   * With `checkpoint` the run resumes from it (its config wins). A page passes `onError` as the
   * fourth argument: comlink proxies top-level arguments only, not a function inside `options`.
   */
  async createRun(
    config: unknown,
    onIteration: (result: IterationResult) => void,
    options: { checkpoint?: CheckpointJson; onError?: (message: string) => void } = {},
    onError?: (message: string) => void,
  ) {
    api.dispose();
    const { config: cfg, problems } = validateConfig(config);
    const checkpoint = options.checkpoint ? checkpointFromJson(options.checkpoint) : undefined;
    const run = await Trainer.create(cfg, { checkpoint, backend: tf.getBackend() });
    const ctl = new TrainingController('paused');
    [trainer, controller] = [run, ctl];
    loop = (async () => {
      try {
        for await (const result of trainLoop(run, { controller: ctl, holdAtLimit: true })) {
          onIteration(result);
          // Yield to the event loop: on wasm every await resolves as a microtask, so without this
          // pause()/stop() messages would wait behind the whole run.
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      } catch (error) {
        (options.onError ?? onError)?.(error instanceof Error ? error.message : String(error));
      }
    })();
    return { config: run.config, problems, parameters: run.policy.parameterCount, vocabularySize: run.policy.vocab.size };
  },
  async resume() {
    controller?.resume();
  },
  async pause() {
    controller?.pause();
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

export type TrainerApi = typeof api;
Comlink.expose(api);
