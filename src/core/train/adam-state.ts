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
import { ownKernelsActive } from '../policy/wasm-kernels';
import { ADAM_STEP_KERNEL } from '../policy/wasm-own-kernels';
export { ADAM, adamProducts } from './adam-products';
export type { AdamState, NamedWeight } from './adam-products';

/** The optimizer with the running products tfjs keeps private. */
interface AdamInternals {
  accBeta1: tf.Variable;
  accBeta2: tf.Variable;
}

export function createAdam(lr: number): tf.AdamOptimizer {
  return new ProjectAdam(lr, ADAM.beta1, ADAM.beta2, ADAM.epsilon);
}

/** What tfjs's AdamOptimizer keeps privately (4.22), read and written by ProjectAdam as its own applyGradients does. */
interface AdamFields {
  accBeta1: tf.Variable;
  accBeta2: tf.Variable;
  accumulatedFirstMoment: Array<{ originalName: string; variable: tf.Variable } | undefined>;
  accumulatedSecondMoment: Array<{ originalName: string; variable: tf.Variable } | undefined>;
}

/**
 * tfjs's AdamOptimizer, whose step runs one fused kernel per weight where the project's wasm kernels
 * are in place (ADAM_STEP_KERNEL, src/core/policy/wasm-adam.ts) instead of tfjs's 14: the same
 * moments, bias corrections, running products and floats, in fewer dispatches. Elsewhere it is
 * tfjs's own step.
 */
class ProjectAdam extends tf.AdamOptimizer {
  override applyGradients(variableGradients: Parameters<tf.AdamOptimizer['applyGradients']>[0]): void {
    if (!ownKernelsActive() || Array.isArray(variableGradients)) {
      super.applyGradients(variableGradients);
      return;
    }
    const fields = this as unknown as AdamFields;
    tf.tidy(() => {
      const oneMinusAccBeta1 = tf.sub(1, fields.accBeta1);
      const oneMinusAccBeta2 = tf.sub(1, fields.accBeta2);
      Object.keys(variableGradients).forEach((name, i) => {
        const value = tf.engine().registeredVariables[name];
        const moment = (slot: AdamFields['accumulatedFirstMoment'], suffix: string) =>
          (slot[i] ??= { originalName: `${name}/${suffix}`, variable: tf.tidy(() => tf.zerosLike(value).variable(false)) }).variable;
        const m = moment(fields.accumulatedFirstMoment, 'm');
        const v = moment(fields.accumulatedSecondMoment, 'v');
        const gradient = variableGradients[name];
        if (gradient == null) return;
        const [newValue, newM, newV] = tf.engine().runKernel(
          ADAM_STEP_KERNEL, { value, m, v, gradient, oneMinusAccBeta1, oneMinusAccBeta2 },
          { beta1: this.beta1, beta2: this.beta2, epsilon: this.epsilon, learningRate: this.learningRate },
        ) as tf.Tensor[];
        m.assign(newM);
        v.assign(newV);
        value.assign(newValue);
      });
      fields.accBeta1.assign(tf.mul(fields.accBeta1, this.beta1));
      fields.accBeta2.assign(tf.mul(fields.accBeta2, this.beta2));
    });
    this.incrementIterations();
  }
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
