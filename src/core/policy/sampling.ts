/**
 * Token sampling in JS with our seeded Rng (never tf.multinomial: on the cpu backend it gives
 * every batch row the same draw). Softmax over the allowed tokens in float64, then inverse CDF.
 *
 *   π(v) = exp(z_v / τ) / Σ_{u ∈ allowed} exp(z_u / τ),   token = min{v : Σ_{u ≤ v} π(u) > U},  U ~ Rng
 *   H = −Σ_v π(v) log π(v) = log Σ w − Σ w·x / Σ w,   w = exp(x), x = z/τ − max   (no extra exp)
 */
import type { Rng } from '../math';

export interface Sample {
  token: number;
  /** log π(token) under the sampling distribution (temperature included). */
  logProb: number;
  /** H(π(· | prefix)) over the allowed tokens, in nats, at the same temperature (EMPG's step entropy). */
  entropy: number;
}

/**
 * Draws one token from `logits[offset .. offset + V)` restricted to `allowed`
 * (`null` = every token but id 0). Exactly one `rng.next()` per call.
 */
export function sampleToken(
  logits: Float32Array, offset: number, V: number, allowed: readonly number[] | null, rng: Rng, temperature = 1,
): Sample {
  const ids = allowed ?? freeDecodingTokens(V);
  let max = -Infinity;
  for (let i = 0; i < ids.length; i++) max = Math.max(max, logits[offset + ids[i]] / temperature);
  let total = 0;
  let weightedLogit = 0; // Σ w·x
  const weights = scratch(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const x = logits[offset + ids[i]] / temperature - max;
    weights[i] = Math.exp(x);
    total += weights[i];
    weightedLogit += weights[i] * x;
  }
  let u = rng.next() * total;
  let pick = ids.length - 1;
  for (let i = 0; i < ids.length; i++) {
    u -= weights[i];
    if (u < 0) {
      pick = i;
      break;
    }
  }
  const entropy = Math.max(0, Math.log(total) - weightedLogit / total);
  return { token: ids[pick], logProb: Math.log(weights[pick] / total), entropy };
}

let WEIGHTS = new Float64Array(128);

/** A reused buffer of at least n weights (sampleToken runs to completion before the next call). */
function scratch(n: number): Float64Array {
  if (WEIGHTS.length < n) WEIGHTS = new Float64Array(n);
  return WEIGHTS;
}

const RANGES = new Map<number, number[]>();

/** 1, …, V − 1: the tokens an allowed set of `null` stands for (free decoding: every token but <pad>). */
export function freeDecodingTokens(V: number): number[] {
  let r = RANGES.get(V);
  if (!r) {
    r = Array.from({ length: V - 1 }, (_, i) => i + 1);
    RANGES.set(V, r);
  }
  return r;
}
