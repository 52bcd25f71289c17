/**
 * Seeded pseudo-random numbers for everything in src/core (Math.random is banned there).
 *
 * Generator: sfc32 (Small Fast Counting, 128-bit state), seeded through splitmix32 so that
 * neighbouring seeds give unrelated streams. Streams are named, never shared:
 * `deriveSeed(root, 'sample', iteration, task, member)` hashes the path, so adding a new consumer
 * never shifts the numbers another consumer sees (house style §4).
 */

export interface Rng {
  /** Uniform float in [0, 1) with 32 bits of randomness. */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Standard normal N(0, 1) (Box–Muller, one value per call). */
  normal(): number;
  /** Index drawn from unnormalized non-negative weights (inverse CDF). */
  categorical(weights: ArrayLike<number>): number;
  /** A uniformly chosen element. */
  pick<T>(items: readonly T[]): T;
  /** A new shuffled copy (Fisher–Yates). */
  shuffled<T>(items: readonly T[]): T[];
}

/** splitmix32 step: a bijective 32-bit mixer. */
function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** FNV-1a over a string, 32 bits. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A child seed for the stream named by `path` under `root`.
 * Each path element is hashed with its type and position, so ('a', 1) ≠ ('a1') ≠ (1, 'a').
 */
export function deriveSeed(root: number, ...path: Array<string | number>): number {
  let h = mix32(root >>> 0);
  for (const part of path) {
    const tagged = typeof part === 'number' ? `n:${part}` : `s:${part}`;
    h = mix32(h ^ hashString(tagged));
  }
  return h;
}

/** A seeded generator; the same seed always yields the same sequence on every platform. */
export function createRng(seed: number): Rng {
  let a = mix32(seed >>> 0);
  let b = mix32(a ^ 0x6a09e667);
  let c = mix32(b ^ 0xbb67ae85);
  let d = 1;
  const nextU32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextU32(); // warm up the state

  const next = (): number => nextU32() / 4294967296;
  const int = (n: number): number => {
    if (!Number.isInteger(n) || n <= 0) throw new RangeError(`int(n) needs a positive integer, got ${n}`);
    return Math.floor(next() * n);
  };
  return {
    next,
    int,
    normal() {
      const u1 = 1 - next(); // (0, 1]
      const u2 = next();
      return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    },
    categorical(weights) {
      let total = 0;
      for (let i = 0; i < weights.length; i++) total += weights[i];
      if (!(total > 0)) throw new RangeError('categorical() needs a positive total weight');
      let u = next() * total;
      let last = -1;
      for (let i = 0; i < weights.length; i++) {
        if (weights[i] <= 0) continue;
        last = i;
        u -= weights[i];
        if (u < 0) return i;
      }
      return last; // float round-off: the last index with weight
    },
    pick(items) {
      if (items.length === 0) throw new RangeError('pick() from an empty list');
      return items[int(items.length)];
    },
    shuffled(items) {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}
