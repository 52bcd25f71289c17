/**
 * The entropy sampleToken reports with each draw (EMPG's token entropy): H = −Σ π log π of the very
 * distribution it sampled from (allowed tokens, temperature τ), from the softmax it already computes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sampleToken } from '../../../src/core/policy/sampling';
import { stepEntropy } from '../../../src/core/rollout/entropy';
import { createRng } from '../../../src/core/math';

function directEntropy(logits: number[], allowed: number[], tau: number): number {
  const z = allowed.map((v) => logits[v] / tau);
  const m = Math.max(...z);
  const w = z.map((x) => Math.exp(x - m));
  const s = w.reduce((a, b) => a + b, 0);
  return -w.reduce((acc, x) => acc + (x / s) * Math.log(x / s), 0);
}

describe('sampling entropy', () => {
  it('equals −Σ π log π over the allowed tokens at temperature τ', () => {
    fc.assert(fc.property(
      fc.array(fc.double({ min: -8, max: 8, noNaN: true }), { minLength: 6, maxLength: 6 }),
      fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 }),
      fc.double({ min: 0.2, max: 3, noNaN: true }),
      (logits, allowed, tau) => {
        const ids = [...allowed].sort((a, b) => a - b);
        const s = sampleToken(Float32Array.from(logits), 0, 6, ids, createRng(1), tau);
        expect(s.entropy).toBeCloseTo(directEntropy(Array.from(Float32Array.from(logits)), ids, tau), 9);
      },
    ));
  });

  it('is log n for equal logits and 0 for a single allowed token', () => {
    const flat = new Float32Array(5);
    expect(sampleToken(flat, 0, 5, [1, 2, 3, 4], createRng(2)).entropy).toBeCloseTo(Math.log(4), 12);
    expect(sampleToken(flat, 0, 5, [3], createRng(2)).entropy).toBe(0);
  });

  it("a turn's step entropy is the mean over its sampled positions; a turn with none has H = 0", () => {
    const d = (entropy: number) => ({ position: 0, token: 1, allowed: null, features: [], lookahead: [], logProb: -1, entropy });
    expect(stepEntropy({ decisions: [d(0.5), d(1.5)] })).toBe(1);
    expect(stepEntropy({ decisions: [] })).toBe(0);
  });
});
