/**
 * EMPG (src/core/advantage/empg.ts): hand-computed numbers, the batch semantics, and the properties
 * the paper states (mean g = 1; confident steps amplified, uncertain ones attenuated; the clarity
 * bonus rewards a step followed by a confident one).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { empgBatch, EMPG_DEFAULTS, empgEstimator, type EmpgParams } from '../../../src/core/advantage/empg';
import { estimateAdvantages } from '../../../src/core/advantage/registry';
import type { RolloutGroup } from '../../../src/core/advantage/types';
import { groupArb } from './arbitraries';
import { closeNested, group, traj } from './fixtures';

const LN2 = Math.log(2);
const EXAMPLE = group(traj(true, 2, [4, 4], { entropies: [0.2, 0.6] }), traj(false, 2, [4, 4], { entropies: [1.0, 0.6] }));
const HALVING: Partial<EmpgParams> = { k: LN2, kFuture: LN2, zeta: 0.1 };

describe('empg', () => {
  it('reproduces the hand-computed modulation (k = k_f = ln 2, ζ = 0.1, no final normalization)', () => {
    // A^O = ±5/7.0711; Ĥ = (0, .5), (1, .5); 2^−Ĥ mean 0.72855 → g = (1.37258, 0.97056), (0.68629, 0.97056)
    const out = estimateAdvantages('empg', EXAMPLE, { ...HALVING, finalNorm: 'none' });
    expect(closeNested(out.perTurn, [[1.0412733, 0.6862914], [-0.4145706, -0.6862914]], 1e-6)).toBe(true);
    expect(closeNested(out.components.entropyScale as number[][], [[1.3725830, 0.9705627], [0.6862915, 0.9705627]], 1e-6)).toBe(true);
    expect(closeNested(out.components.clarityBonus as number[][], [[0.1 * Math.SQRT1_2, 0], [0.1 * Math.SQRT1_2, 0]], 1e-8)).toBe(true);
    expect((out.components.clarityBonus as number[][]).map((r) => r[1])).toEqual([0, 0]);
  });

  it('standardizes A_mod over the batch by default (μ_B = 0.15668, σ_B = Bessel std + ε = 0.83665)', () => {
    const out = estimateAdvantages('empg', EXAMPLE, HALVING);
    expect(closeNested(out.perTurn, [[1.0573149, 0.6330229], [-0.6827818, -1.0075560]], 1e-6)).toBe(true);
    expect(out.components.modulatedMean as number).toBeCloseTo(0.1566757, 6);
    expect(out.components.modulatedScale as number).toBeCloseTo(0.8366454, 6);
  });

  it("'mean' only centres and 'none' leaves A_mod as it is", () => {
    const mod = estimateAdvantages('empg', EXAMPLE, { ...HALVING, finalNorm: 'none' }).perTurn;
    const centred = estimateAdvantages('empg', EXAMPLE, { ...HALVING, finalNorm: 'mean' }).perTurn;
    const mu = mod.flat().reduce((a, b) => a + b, 0) / 4;
    expect(closeNested(centred, mod.map((r) => r.map((a) => a - mu)), 1e-12)).toBe(true);
  });

  it('k = 0 and ζ = 0 reduce EMPG to GRPO (before the final normalization)', () => {
    fc.assert(fc.property(groupArb({ entropies: true }), (g) => {
      const out = estimateAdvantages('empg', g, { k: 0, zeta: 0, finalNorm: 'none' });
      const grpo = estimateAdvantages('grpo', g);
      expect(closeNested(out.perTurn, grpo.perTurn, 1e-6)).toBe(true);
    }), { numRuns: 50 });
  });

  it('the scale g averages to 1 over the batch, and a lower step entropy never gets a smaller g', () => {
    fc.assert(fc.property(groupArb({ entropies: true }), (g) => {
      const out = estimateAdvantages('empg', g);
      const scale = (out.components.entropyScale as number[][]).flat();
      const H = g.trajectories.flatMap((t) => t.entropies!);
      if (scale.length === 0) return;
      expect(scale.reduce((a, b) => a + b, 0) / scale.length).toBeCloseTo(1, 6);
      for (let a = 0; a < H.length; a++) for (let b = 0; b < H.length; b++) if (H[a] < H[b]) expect(scale[a]).toBeGreaterThanOrEqual(scale[b] - 1e-12);
    }), { numRuns: 60 });
  });

  it('amplifies a confident success step above an uncertain one, and penalizes a confident failure step more', () => {
    const g = group(
      traj(true, 2, [4, 4], { entropies: [0.1, 2.0] }),
      traj(false, 2, [4, 4], { entropies: [0.1, 2.0] }),
    );
    const out = estimateAdvantages('empg', g, { zeta: 0, finalNorm: 'none' });
    expect(out.perTurn[0][0]).toBeGreaterThan(out.perTurn[0][1]);
    expect(out.perTurn[1][0]).toBeLessThan(out.perTurn[1][1]);
  });

  it('gives the clarity bonus to the step before a confident step, and none on the last turn', () => {
    const g = group(traj(true, 3, [4, 4, 4], { entropies: [1, 0, 2] }), traj(false, 3, [4, 4, 4], { entropies: [1, 2, 0] }));
    const bonus = estimateAdvantages('empg', g).components.clarityBonus as number[][];
    expect(bonus[0][0]).toBeCloseTo(0.1, 6); // next step has Ĥ = 0: f = 1
    expect(bonus[1][0]).toBeCloseTo(0.1 * Math.exp(-1), 6); // next step has Ĥ = 1
    expect(bonus.map((row) => row[2])).toEqual([0, 0]);
  });

  it('takes its statistics over the whole batch: estimateBatch differs from scoring each group alone', () => {
    const a = group(traj(true, 1, [3], { entropies: [0.1] }), traj(false, 1, [3], { entropies: [0.3] }));
    const b = group(traj(true, 1, [3], { entropies: [2.0] }), traj(false, 1, [3], { entropies: [1.5] }));
    const batch = empgBatch([a, b], EMPG_DEFAULTS);
    const alone = [a, b].map((g) => empgEstimator.estimate(g, EMPG_DEFAULTS));
    expect(batch[0].components.normalizedEntropy).toEqual([[0], [(0.3 - 0.1) / (2.0 - 0.1 + 1e-8)]]);
    expect(alone[0].components.normalizedEntropy).toEqual([[0], [(0.3 - 0.1) / (0.3 - 0.1 + 1e-8)]]);
    expect(empgBatch([a], EMPG_DEFAULTS)).toEqual([alone[0]]);
    const steps = batch.flatMap((r) => r.perTurn.flat());
    expect(steps.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 9); // one batch mean, not one per group
  });

  it('says plainly that a group without entropies cannot be scored by EMPG', () => {
    const bare: RolloutGroup = group(traj(true, 2), traj(false, 1));
    expect(() => estimateAdvantages('empg', bare)).toThrow(
      "EMPG needs each turn's token entropy (rollouts.v1 turns[].info.entropy); trajectory 0 has none, so this log cannot be scored by EMPG",
    );
  });

  it('rejects entropies of the wrong length or sign', () => {
    expect(() => estimateAdvantages('empg', group(traj(true, 2, undefined, { entropies: [1] })))).toThrow(/entropies has 1 entries for 2 turns/);
    expect(() => estimateAdvantages('empg', group(traj(true, 1, undefined, { entropies: [-1] })))).toThrow(/finite entropy ≥ 0/);
  });

  it('all-equal entropies give g = 1 everywhere (the modulation switches itself off)', () => {
    const g = group(traj(true, 2, undefined, { entropies: [0.7, 0.7] }), traj(false, 3, undefined, { entropies: [0.7, 0.7, 0.7] }));
    const scale = (estimateAdvantages('empg', g).components.entropyScale as number[][]).flat();
    for (const x of scale) expect(x).toBeCloseTo(1, 7);
  });

  it('scores a batch of 300,000 steps (the entropy range is found without spreading the batch into Math.min)', () => {
    const T = 150_000;
    const long = (success: boolean) => traj(success, T, undefined, { entropies: Array.from({ length: T }, (_, t) => (t % 7) / 7) });
    const out = estimateAdvantages('empg', group(long(true), long(false)));
    const norm = out.components.normalizedEntropy as number[][];
    expect(norm[0][0]).toBe(0); // the lowest entropy, 0, maps to 0 and the highest, 6/7, to just under 1
    expect(norm[0][6]).toBeCloseTo(1, 6);
    expect(out.perTurn[1]).toHaveLength(T);
  });
});
