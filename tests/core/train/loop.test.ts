import { describe, expect, it } from 'vitest';
import { TrainingController, trainLoop } from '../../../src/core/train/loop';
import type { Trainer } from '../../../src/core/train/trainer';
import type { IterationResult } from '../../../src/core/train/metrics';

/** A stand-in trainer: counts iterations, no tensors. */
function fakeTrainer(iterations: number): Trainer {
  const t = {
    iteration: 0,
    config: { iterations },
    async runIteration(): Promise<IterationResult> {
      t.iteration++;
      return { metrics: { iteration: t.iteration } as IterationResult['metrics'], groups: [] };
    },
  };
  return t as unknown as Trainer;
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('training loop', () => {
  it('runs config.iterations iterations and ends', async () => {
    const seen: number[] = [];
    for await (const r of trainLoop(fakeTrainer(3))) seen.push(r.metrics.iteration);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('pauses between iterations, steps one at a time, resumes, and stops', async () => {
    const controller = new TrainingController('paused');
    const seen: number[] = [];
    const done = (async () => {
      for await (const r of trainLoop(fakeTrainer(100), { controller })) seen.push(r.metrics.iteration);
    })();
    await tick();
    expect(seen).toEqual([]);
    controller.step();
    await tick();
    expect(seen).toEqual([1]);
    controller.step();
    await tick();
    expect(seen).toEqual([1, 2]);
    controller.resume();
    await tick();
    controller.stop();
    await done;
    expect(seen.length).toBeGreaterThan(2);
    expect(controller.state).toBe('stopped');
  });

  it('idle() resolves only once the iteration in flight after pause() is done and taken, and at once while waiting', async () => {
    let finish: () => void = () => undefined;
    const trainer = fakeTrainer(100);
    const run = trainer.runIteration.bind(trainer);
    trainer.runIteration = async () => {
      await new Promise<void>((resolve) => (finish = resolve)); // an iteration that ends when the test says so
      return run();
    };
    const controller = new TrainingController();
    const seen: number[] = [];
    const done = (async () => {
      for await (const r of trainLoop(trainer, { controller })) seen.push(r.metrics.iteration);
    })();
    await tick();
    controller.pause();
    let idle = false;
    void controller.idle().then(() => (idle = true));
    await tick();
    expect(idle).toBe(false); // iteration 1 is still in flight
    finish();
    await tick();
    expect([idle, seen]).toEqual([true, [1]]);
    expect(await Promise.race([controller.idle().then(() => 'idle'), tick().then(() => 'waiting')])).toBe('idle');
    controller.stop();
    await done;
    await controller.idle(); // stopped: resolves
  });

  it('holds at the limit when asked, so one more iteration can be stepped', async () => {
    const controller = new TrainingController();
    const seen: number[] = [];
    const done = (async () => {
      for await (const r of trainLoop(fakeTrainer(2), { controller, holdAtLimit: true })) seen.push(r.metrics.iteration);
    })();
    await tick();
    expect(seen).toEqual([1, 2]);
    expect(controller.state).toBe('paused');
    controller.step();
    await tick();
    expect(seen).toEqual([1, 2, 3]);
    controller.stop();
    await done;
  });
});
