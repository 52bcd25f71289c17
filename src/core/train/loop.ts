/**
 * The training loop as an async generator (house style §6): Node tests, the CLI and the worker
 * all run this same code. Between iterations it asks a controller whether to go on:
 *
 *   pause()   finish the current iteration, then wait
 *   resume()  go on
 *   step()    allow exactly one more iteration (while paused, or past `iterations` when holding)
 *   stop()    finish the current iteration, then end the generator
 *   idle()    resolves once the loop waits between iterations (after pause(): the iteration in
 *             flight is done and its result taken) or has ended
 *
 * At `config.iterations` the generator ends, unless `holdAtLimit` is set (the UI): then it pauses
 * there so Step / Resume can train further.
 */
import type { IterationResult } from './metrics';
import type { Trainer } from './trainer';

export type RunState = 'running' | 'paused' | 'stopped';

export class TrainingController {
  private current: RunState;
  private credits = 0;
  private wake: (() => void) | null = null;
  private idlers: Array<() => void> = [];

  constructor(initial: 'running' | 'paused' = 'running') {
    this.current = initial;
  }

  get state(): RunState {
    return this.current;
  }

  pause(): void {
    if (this.current === 'running') this.current = 'paused';
  }

  resume(): void {
    if (this.current === 'stopped') return;
    this.current = 'running';
    this.notify();
  }

  step(): void {
    if (this.current === 'stopped') return;
    this.credits++;
    this.notify();
  }

  stop(): void {
    this.current = 'stopped';
    this.notify();
  }

  /** Resolves once the loop waits at the gate (paused, or held at the limit) or the run is stopped. */
  idle(): Promise<void> {
    if (this.wake || this.current === 'stopped') return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  /** Resolves true when the next iteration may run, false when the run should end. */
  async gate(atLimit: boolean, holdAtLimit: boolean): Promise<boolean> {
    for (;;) {
      if (this.current === 'stopped') {
        this.settle();
        return false;
      }
      if (this.credits > 0) {
        this.credits--;
        return true;
      }
      if (this.current === 'running' && !atLimit) return true;
      if (atLimit && !holdAtLimit) return false;
      if (atLimit) this.current = 'paused';
      const woken = new Promise<void>((resolve) => (this.wake = resolve));
      this.settle();
      await woken;
    }
  }

  private settle(): void {
    for (const idle of this.idlers.splice(0)) idle();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

export interface LoopOptions {
  controller?: TrainingController;
  /** Pause at config.iterations instead of ending (default false). */
  holdAtLimit?: boolean;
}

/** Yields one result per iteration until the limit, stop(), or the consumer breaks out. */
export async function* trainLoop(trainer: Trainer, options: LoopOptions = {}): AsyncGenerator<IterationResult> {
  const controller = options.controller ?? new TrainingController();
  for (;;) {
    const atLimit = trainer.iteration >= trainer.config.iterations;
    if (!(await controller.gate(atLimit, options.holdAtLimit ?? false))) return;
    yield await trainer.runIteration();
  }
}
