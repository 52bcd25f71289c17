/**
 * Adam's constants and state as plain data, without tfjs (adam-state.ts reads and writes a live
 * optimizer and re-exports all of this): saved labs and run files are checked on the page's main
 * thread, which loads no tfjs.
 */
import type { WeightData } from '../policy/weight-shapes';

/** β₁, β₂ and ε of every run's optimizer (ε explicit: webgl would pick 1e-4). */
export const ADAM = { beta1: 0.9, beta2: 0.999, epsilon: 1e-7 } as const;

export interface NamedWeight extends WeightData {
  name: string;
}

export interface AdamState {
  /** Adam steps taken (t). */
  iterations: number;
  /** β₁ᵗ⁺¹ and β₂ᵗ⁺¹ as the optimizer holds them: float32 running products (what the next step divides by). */
  accBeta1: number;
  accBeta2: number;
  /** First moments of every trained variable, then the second moments, in variable order. */
  moments: NamedWeight[];
}

/** The float32 running products after `iterations` steps, as a live optimizer holds them. */
export function adamProducts(iterations: number, beta1: number = ADAM.beta1, beta2: number = ADAM.beta2): { accBeta1: number; accBeta2: number } {
  const b1 = Math.fround(beta1);
  const b2 = Math.fround(beta2);
  let accBeta1 = b1;
  let accBeta2 = b2;
  for (let t = 0; t < iterations; t++) {
    accBeta1 = Math.fround(accBeta1 * b1);
    accBeta2 = Math.fround(accBeta2 * b2);
  }
  return { accBeta1, accBeta2 };
}
