/**
 * Adam's state as plain data, read from and written back into a tfjs `AdamOptimizer` so that a
 * resumed run is bit-identical to the uninterrupted one at every step t.
 *
 *   m_t = β₁ m_{t−1} + (1 − β₁) g_t          v_t = β₂ v_{t−1} + (1 − β₂) g_t²
 *   θ_t = θ_{t−1} − lr · (m_t / (1 − β₁ᵗ)) / (√(v_t / (1 − β₂ᵗ)) + ε)
 *
 * Details a reader could get wrong:
 * - tfjs keeps β₁ᵗ and β₂ᵗ as float32 running products (`accBeta1`, `accBeta2`: start at β, one
 *   float32 multiply by β per step), but `setWeights` rebuilds them as pow(β, t + 1). The two differ
 *   in the last bit for most t (β₂ = 0.999: t = 2, 5, 18, 19, ...), and every later update moves by
 *   ~1e-9. So the state stores both products as float32 values (exact as JSON numbers) and
 *   `restoreOptimizer` assigns them after `setWeights`.
 * - State written before the products were stored (run file v1, JSON checkpoints) is migrated by
 *   `adamProducts`, which replays the same float32 multiplications (Math.fround after each one,
 *   as an IEEE float32 multiply rounds); it equals the live products of the cpu and wasm backends.
 * - `iterations` counts Adam steps (mini-batch updates), not training iterations.
 */
import * as tf from '@tensorflow/tfjs-core';
import { ADAM, type AdamState } from './adam-products';
export { ADAM, adamProducts } from './adam-products';
export type { AdamState, NamedWeight } from './adam-products';

/** The optimizer with the running products tfjs keeps private. */
interface AdamInternals {
  accBeta1: tf.Variable;
  accBeta2: tf.Variable;
}

export function createAdam(lr: number): tf.AdamOptimizer {
  return tf.train.adam(lr, ADAM.beta1, ADAM.beta2, ADAM.epsilon);
}

export async function optimizerState(optimizer: tf.Optimizer): Promise<AdamState> {
  const named = await optimizer.getWeights();
  const iterTensor = named[0].tensor;
  const iterations = (await iterTensor.data())[0];
  iterTensor.dispose(); // saveIterations() made a fresh scalar; the moments are live variables
  const moments = await Promise.all(named.slice(1).map(async (w) => ({
    name: w.name, shape: w.tensor.shape.slice(), data: Float32Array.from((await w.tensor.data()) as Float32Array),
  })));
  const internals = optimizer as unknown as AdamInternals;
  const [accBeta1] = await internals.accBeta1.data();
  const [accBeta2] = await internals.accBeta2.data();
  return { iterations, accBeta1, accBeta2, moments };
}

/** Writes `state` into a fresh optimizer: step count, moments, then the exact running products. */
export async function restoreOptimizer(optimizer: tf.Optimizer, state: AdamState): Promise<void> {
  if (state.moments.length === 0 && state.iterations === 0) return;
  const tensors = [
    { name: 'iter', tensor: tf.scalar(state.iterations, 'int32') },
    ...state.moments.map((m) => ({ name: m.name, tensor: tf.tensor(m.data, m.shape) })),
  ];
  await optimizer.setWeights(tensors);
  tf.dispose(tensors.map((t) => t.tensor)); // setWeights copied them into its own variables
  const internals = optimizer as unknown as AdamInternals;
  tf.tidy(() => {
    internals.accBeta1.assign(tf.scalar(state.accBeta1));
    internals.accBeta2.assign(tf.scalar(state.accBeta2));
  });
}
