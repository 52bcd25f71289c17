import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/core/train/config';
import type { IterationMetrics } from '../../../src/core/train/metrics';
import { exampleGroup } from '../../../src/app/example-group';
import { advantageDifferences, compactGroups, divergenceSummary, metricsFingerprint, quantile, rolloutFingerprint } from '../../../src/core/train/lab-report';

const group = exampleGroup({ seed: 2, taskType: null, estimators: ['grpo', 'planpo'], config: DEFAULT_CONFIG });

describe('worker reports', () => {
  it('compaction drops admissible lists and log-probs but keeps the location', () => {
    const withBulk = group.map((r) => ({
      ...r, turns: r.turns.map((t) => ({ ...t, admissible_actions: ['look'], info: { ...t.info, log_probs: [-1], ref_log_probs: [-2], value: 0.5 } })),
    }));
    const [compact] = compactGroups([withBulk]);
    const turn = compact[0].turns[0];
    expect(turn.admissible_actions).toBeUndefined();
    expect(turn.info).toEqual({ location: group[0].turns[0].info?.location, value: 0.5 });
    expect(compact[0].estimator_advantages).toEqual(group[0].estimator_advantages);
  });

  it('the rollout fingerprint ignores advantages but sees any change in a response', () => {
    const base = rolloutFingerprint([group]);
    expect(base).toMatch(/^[0-9a-f]{8}$/);
    const otherAdvantages = group.map((r) => ({ ...r, estimator_advantages: {} }));
    expect(rolloutFingerprint([otherAdvantages])).toBe(base);
    const changed = group.map((r, i) => (i === 2 ? { ...r, turns: r.turns.map((t, k) => (k === 0 ? { ...t, response: `${t.response} ` } : t)) } : r));
    expect(rolloutFingerprint([changed])).not.toBe(base);
  });

  it('the metrics fingerprint ignores timings', () => {
    const m = { iteration: 1, successRate: 0.25, timing: { totalMs: 5 }, tokensPerSecond: 9, backend: 'wasm' } as unknown as IterationMetrics;
    const slower = { ...m, timing: { totalMs: 50 }, tokensPerSecond: 1, backend: 'webgpu' } as unknown as IterationMetrics;
    expect(metricsFingerprint(slower)).toBe(metricsFingerprint(m));
    expect(metricsFingerprint({ ...m, successRate: 0.5 })).not.toBe(metricsFingerprint(m));
  });

  it('differences are taken per response, PlanPO minus GRPO', () => {
    const diffs = advantageDifferences([group], 'grpo', 'planpo');
    expect(diffs).toHaveLength(group.reduce((n, r) => n + r.turns.length, 0));
    expect(diffs[0]).toBeCloseTo(group[0].estimator_advantages.planpo.per_turn[0] - group[0].estimator_advantages.grpo.per_turn[0]);
    expect(advantageDifferences([group], 'grpo', 'gigpo')).toEqual([]);
  });

  it('the divergence summary holds ordered quantiles, or null without data', () => {
    const s = divergenceSummary(3, [group], 'grpo', 'planpo')!;
    expect(s.iteration).toBe(3);
    expect([...s.quantiles].sort((a, b) => a - b)).toEqual(s.quantiles);
    expect(divergenceSummary(3, [group], 'grpo', 'gigpo')).toBeNull();
    expect(quantile([0, 10], 0.25)).toBe(2.5);
    expect(quantile([], 0.5)).toBe(0);
  });
});
