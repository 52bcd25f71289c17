/**
 * Matrix products whose gradients use explicit transposes.
 *
 * Measured here (tfjs 4.22, wasm backend, Node): `tf.matMul(a, b, transposeA = true)` is 10–25×
 * slower than `tf.matMul(tf.transpose(a), b)` (e.g. [5280, 272]ᵀ×[5280, 128]: 280 ms vs 27 ms), and
 * tfjs's own MatMul gradient uses the transposed flags. These custom gradients transpose first.
 */
import * as tf from '@tensorflow/tfjs-core';

type Arg = tf.Tensor | tf.GradSaveFunc;

/** a·b for a [N, K], b [K, M], with gradients (dy·bᵀ, aᵀ·dy) built from explicit transposes. */
const matMulGrad = tf.customGrad<tf.Tensor2D>((...args: Arg[]) => {
  const [a, b, save] = args as [tf.Tensor2D, tf.Tensor2D, tf.GradSaveFunc];
  save([a, b]);
  return {
    value: tf.matMul(a, b) as tf.Tensor2D, // [N, M]
    gradFunc: (dy: tf.Tensor2D, saved: tf.Tensor[]) => {
      const [sa, sb] = saved as tf.Tensor2D[];
      return [
        tf.matMul(dy, tf.transpose(sb)), // ∂/∂a = dy·bᵀ [N, K]
        tf.matMul(tf.transpose(sa), dy), // ∂/∂b = aᵀ·dy [K, M]
      ];
    },
  };
});

/**
 * x·w where x is model input (a constant): the gradient reaches w only (xᵀ·dy); x gets zeros,
 * which saves the dy·wᵀ product the input never needs.
 */
const inputMatMulGrad = tf.customGrad<tf.Tensor2D>((...args: Arg[]) => {
  const [x, w, save] = args as [tf.Tensor2D, tf.Tensor2D, tf.GradSaveFunc];
  save([x]);
  return {
    value: tf.matMul(x, w) as tf.Tensor2D, // [N, M]
    gradFunc: (dy: tf.Tensor2D, saved: tf.Tensor[]) => [
      tf.zerosLike(saved[0]), // no gradient to the input [N, K]
      tf.matMul(tf.transpose(saved[0] as tf.Tensor2D), dy), // ∂/∂w = xᵀ·dy [K, M]
    ],
  };
});

export function matMul(a: tf.Tensor, b: tf.Tensor): tf.Tensor2D {
  return matMulGrad(a, b) as tf.Tensor2D;
}

export function inputMatMul(x: tf.Tensor, w: tf.Tensor): tf.Tensor2D {
  return inputMatMulGrad(x, w) as tf.Tensor2D;
}
