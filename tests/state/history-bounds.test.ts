import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LAB_CONFIG } from '../../src/state/lab-config';
import type { IterationMetrics } from '../../src/core/train/metrics';
import { GROUP_BOUNDS, keepIteration, METRIC_BOUNDS, sparseStride } from '../../src/state/history-bounds';
import { runEvents, useRunStore } from '../../src/state/run-store';

const report = (iteration: number) => ({
  metrics: { iteration, successRate: 0.5 } as IterationMetrics,
  groups: [[]],
  divergence: { iteration, quantiles: [0, 0, 0, 0, 0] as [number, number, number, number, number], count: 1 },
  fingerprint: null,
  metricsFingerprint: null,
});

describe('bounded run history', () => {
  beforeEach(() => {
    runEvents.runsReset();
    runEvents.runsCreated(DEFAULT_LAB_CONFIG, [{ id: 'a', estimator: 'grpo' }]);
  });

  it('holds at most 1 + recent + sparse entries per list over 1,000 iterations, with the latest ones dense', () => {
    const sizes: number[] = [];
    for (let k = 1; k <= 1000; k++) {
      runEvents.iterationCompleted('a', report(k), k);
      const run = useRunStore.getState().runs[0];
      sizes.push(run.metrics.length + Object.keys(run.groups).length + run.divergence.length);
      expect(run.metrics.length).toBeLessThanOrEqual(1 + METRIC_BOUNDS.recent + METRIC_BOUNDS.sparse);
      expect(Object.keys(run.groups).length).toBeLessThanOrEqual(1 + GROUP_BOUNDS.recent + GROUP_BOUNDS.sparse);
    }
    const run = useRunStore.getState().runs[0];
    expect(run.metrics.slice(-METRIC_BOUNDS.recent).map((m) => m.iteration)).toEqual(Array.from({ length: 500 }, (_, i) => 501 + i));
    expect(run.metrics[0].iteration).toBe(1);
    expect(Object.keys(run.groups).map(Number)).toContain(1);
    // flat: the last 300 iterations change the total by no more than the sparse parts can hold
    expect(Math.max(...sizes.slice(700)) - Math.min(...sizes.slice(700))).toBeLessThanOrEqual(METRIC_BOUNDS.sparse);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * (1 + METRIC_BOUNDS.recent + METRIC_BOUNDS.sparse) + 1 + GROUP_BOUNDS.recent + GROUP_BOUNDS.sparse);
  });

  it('the older part is thinned by a stride that doubles, so kept iterations stay kept until the stride passes them', () => {
    const b = { recent: 10, every: 5, sparse: 4 };
    expect(sparseStride(20, b)).toBe(5);
    expect(sparseStride(40, b)).toBe(10);
    expect(sparseStride(100, b)).toBe(40);
    expect(keepIteration(1, 100, b)).toBe(true);
    expect(keepIteration(91, 100, b)).toBe(true);
    expect(keepIteration(80, 100, b)).toBe(true);
    expect(keepIteration(70, 100, b)).toBe(false);
  });
});
