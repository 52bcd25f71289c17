import { describe, expect, it } from 'vitest';
import { estimatorParams, isZeroAdvantageGroup } from '../../../src/core/train/advantages';
import { DEFAULT_CONFIG } from '../../../src/core/train/config';

describe('estimator parameters', () => {
  it('decays α(k) linearly from PlanPO\'s own alphaInit to alphaFinal over the run', () => {
    const cfg = { ...DEFAULT_CONFIG, iterations: 100 };
    expect(estimatorParams(cfg, 'planpo', 0).alpha).toBeCloseTo(0.1, 12);
    expect(estimatorParams(cfg, 'planpo', 50).alpha).toBeCloseTo(0.075, 12);
    expect(estimatorParams(cfg, 'planpo', 100).alpha).toBeCloseTo(0.05, 12);
    expect(estimatorParams(cfg, 'planpo-const-alpha', 50).alpha).toBeCloseTo(0.1, 12);
    expect(estimatorParams(cfg, 'grpo', 50)).not.toHaveProperty('alpha');
  });

  it('applies overrides to the trained estimator only, and an explicit α wins over the schedule', () => {
    const cfg = { ...DEFAULT_CONFIG, estimator: 'planpo', estimatorParams: { stats: 'turn-weighted', alpha: 0.3 } };
    expect(estimatorParams(cfg, 'planpo', 10)).toMatchObject({ stats: 'turn-weighted', alpha: 0.3 });
    expect(estimatorParams(cfg, 'planpo-ae-only', 10)).not.toMatchObject({ stats: 'turn-weighted' });
  });

  it('charges the format penalty under free decoding only', () => {
    expect(estimatorParams({ ...DEFAULT_CONFIG, decoding: 'free' }, 'grpo', 0).invalidActionPenalty).toBe(0.1);
    expect(estimatorParams(DEFAULT_CONFIG, 'grpo', 0).invalidActionPenalty).toBe(0);
  });

  it('calls a group zero-advantage when every |A| is below 1e-9', () => {
    expect(isZeroAdvantageGroup({ perTurn: [[0, 4e-10], [-4e-10]], components: {} })).toBe(true);
    expect(isZeroAdvantageGroup({ perTurn: [[0, 0.5]], components: {} })).toBe(false);
  });
});
