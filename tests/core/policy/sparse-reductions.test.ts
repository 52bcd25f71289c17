import { afterAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import fc from 'fast-check';
import { columnSums, rowSlice } from '../../../src/core/policy/sparse';

// The backward pass's bias sums and table splits (gradients.ts) avoid two slow wasm kernels (Sum over
// axis 0, Slice). The replacements must give exactly tfjs's own values, bit for bit, on every backend
// (wasm takes the other kernels; cpu keeps tfjs's own), or training would change with them.
afterAll(() => tf.setBackend('cpu'));

const bits = (t: tf.Tensor) => Array.from(new Uint32Array(new Float32Array(t.dataSync()).buffer));

describe.each(['cpu', 'wasm'])('sparse.ts reductions on %s', (backend) => {
  it('columnSums equals tf.sum(x, 0) bit for bit, and rowSlice equals tf.slice', async () => {
    await tf.setBackend(backend);
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 1_000 }), fc.nat(), fc.nat(),
      (n, d, seed, a, b) => {
        tf.tidy(() => {
          const x = tf.randomNormal([n, d], 0, 3, 'float32', seed) as tf.Tensor2D;
          expect(bits(columnSums(x))).toEqual(bits(tf.sum(x, 0)));
          const begin = a % (n + 1);
          const count = b % (n - begin + 1);
          const part = rowSlice(x, begin, count);
          expect(part.shape).toEqual([count, d]);
          expect(bits(part)).toEqual(bits(tf.slice(x, [begin, 0], [count, d])));
        });
      },
    ), { numRuns: 60 });
    const before = tf.memory().numTensors;
    tf.dispose([columnSums(tf.zeros([0, 3]) as tf.Tensor2D), rowSlice(tf.ones([4, 2]) as tf.Tensor2D, 1, 2)]);
    expect(tf.memory().numTensors).toBe(before + 2); // only the two inputs above, which the test made
  });

  it('an empty column sum is zeros of the right width', async () => {
    await tf.setBackend(backend);
    const out = columnSums(tf.zeros([0, 5]) as tf.Tensor2D);
    expect(out.shape).toEqual([5]);
    expect(Array.from(out.dataSync())).toEqual([0, 0, 0, 0, 0]);
  });
});
