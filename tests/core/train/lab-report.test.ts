import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/core/train/config';
import type { IterationMetrics } from '../../../src/core/train/metrics';
import { exampleGroup } from '../../../src/app/example-group';
import fc from 'fast-check';
import { advantageDifferences, compactGroups, divergenceSummary, fromWire, labReport, metricsFingerprint, quantile, rolloutFingerprint, toWire } from '../../../src/core/train/lab-report';
import { savedRecord, saveTargetOf } from '../../../workers/lab-save';

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

  it("the lab report keeps the lab's estimators' advantages only, in the record's order", () => {
    const rloo = group[0].estimator_advantages.grpo;
    const wider = group.map((r) => ({ ...r, estimator_advantages: { rloo, ...r.estimator_advantages } }));
    const report = labReport({ metrics: { iteration: 2 }, groups: [wider] } as never, ['planpo', 'grpo']);
    expect(Object.keys(report.groups[0][0].estimator_advantages)).toEqual(Object.keys(group[0].estimator_advantages));
    expect(report.groups[0][0].estimator_advantages).toEqual(group[0].estimator_advantages);
    expect(Object.keys(compactGroups([wider])[0][0].estimator_advantages)).toEqual(['rloo', ...Object.keys(group[0].estimator_advantages)]);
  });

  it("the wire form leaves out an observation that repeats the previous turn's feedback, and reads back whole after a structured clone", () => {
    const report = labReport({ metrics: { iteration: 2 }, groups: [group] } as never, ['grpo', 'planpo']);
    const repeated = group.flatMap((r) => r.turns.filter((t, k) => k > 0 && t.observation === r.turns[k - 1].feedback)).length;
    expect(repeated).toBeGreaterThan(0);
    const wire = toWire(report);
    expect(wire.groups.flat().flatMap((r) => r.turns).filter((t) => t.observation === undefined)).toHaveLength(repeated);
    expect(report.groups[0][0].turns.every((t) => typeof t.observation === 'string')).toBe(true); // the report itself untouched
    const back = fromWire(structuredClone(wire));
    expect(back).toEqual(report);
    expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(report).length);
  });

  it('the wire form reads back whole for any observations and feedback (equal, different, missing)', () => {
    const text = fc.constantFrom('a', 'b', '');
    const turn = fc.record({ observation: text, feedback: fc.option(text, { nil: undefined }) });
    fc.assert(fc.property(fc.array(fc.array(turn, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }), (trajectories) => {
      const records = trajectories.map((turns, i) => ({ ...group[0], traj_id: `t${i}`, turns: turns.map((t, k) => ({ ...group[0].turns[0], t: k, ...t })) }));
      const report = labReport({ metrics: { iteration: 2 }, groups: [records] } as never, ['grpo']);
      expect(fromWire(structuredClone(toWire(report)))).toEqual(report);
    }));
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

  it('the lab report carries fingerprints and the saved record its rows on iteration 1 only, and the divergence only for a pair', () => {
    const metrics = (iteration: number) => ({ iteration, successRate: 0.25, timing: { totalMs: 5 } }) as unknown as IterationMetrics;
    const first = labReport({ metrics: metrics(1), groups: [group] } as never, ['grpo', 'planpo']);
    expect(first.groups).toEqual(compactGroups([group]));
    expect(first.fingerprint).toBe(rolloutFingerprint(compactGroups([group])));
    expect(first.metricsFingerprint).toBe(metricsFingerprint(metrics(1)));
    expect(first.divergence).toEqual(divergenceSummary(1, compactGroups([group]), 'grpo', 'planpo'));
    expect(savedRecord(first)).toEqual({
      metrics: metrics(1), report: { iteration: 1, groups: first.groups, divergence: first.divergence },
      fingerprints: { rollouts: first.fingerprint, metrics: first.metricsFingerprint },
    });
    const later = labReport({ metrics: metrics(4), groups: [group] } as never, ['grpo']);
    expect([later.fingerprint, later.metricsFingerprint, later.divergence]).toEqual([null, null, null]);
    expect(savedRecord(later).fingerprints).toBeUndefined();
  });

  it('a page answer names where the worker saves next: a lab, none (null), or nothing at all (undefined: not the lab)', () => {
    expect(saveTargetOf({ saveTo: { labId: 'a', runId: 'run-1-grpo' } })).toEqual({ labId: 'a', runId: 'run-1-grpo' });
    expect(saveTargetOf({ saveTo: null })).toBeNull();
    expect(saveTargetOf({ saveTo: { labId: 3 } })).toBeNull();
    expect(saveTargetOf(undefined)).toBeUndefined();
    expect(saveTargetOf(true)).toBeUndefined();
  });
});
