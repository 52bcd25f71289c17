import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { Trainer } from '../../../src/core/train';
import { smallConfig } from './small-config';

describe('Trainer.checkpoint during an iteration', () => {
  it('waits for the iteration in flight, so the checkpoint equals one taken after it', async () => {
    await tf.setBackend('cpu');
    const trainer = await Trainer.create(smallConfig({ env: 'household-v0', envSize: 4, hidden: 8, hashBuckets: 64 }));
    const running = trainer.runIteration();
    const during = await trainer.checkpoint();
    await running;
    const after = await trainer.checkpoint();
    expect(during.iteration).toBe(1);
    expect(Array.from(during.weights.outW.data)).toEqual(Array.from(after.weights.outW.data));
    expect(during.optimizer.iterations).toBe(after.optimizer.iterations);
    expect(Array.from(during.optimizer.moments[0].data)).toEqual(Array.from(after.optimizer.moments[0].data));
    trainer.dispose();
  });
});
