import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LAB_CONFIG } from '../../src/state/lab-config';
import type { IterationMetrics } from '../../src/core/train/metrics';
import { KEEP_GROUP_ITERATIONS, keptGroups, nextRate, runEvents, useRunStore, type IterationReport } from '../../src/state/run-store';

function report(iteration: number): IterationReport {
  return {
    metrics: { iteration, successRate: 0.5 } as IterationMetrics,
    groups: [[]],
    divergence: { iteration, quantiles: [-1, -0.5, 0, 0.5, 1], count: 4 },
    fingerprint: iteration === 1 ? 'abcd1234' : null,
    metricsFingerprint: iteration === 1 ? '0000ffff' : null,
  };
}

describe('run telemetry store', () => {
  beforeEach(() => {
    runEvents.runsReset();
    runEvents.runsCreated(DEFAULT_LAB_CONFIG, [{ id: 'a', estimator: 'grpo' }, { id: 'b', estimator: 'planpo' }]);
  });

  it('runs start as starting and become ready with their backend', () => {
    expect(useRunStore.getState().runs.map((r) => r.status)).toEqual(['starting', 'starting']);
    runEvents.runReady('a', 'wasm', null);
    expect(useRunStore.getState().runs[0]).toMatchObject({ status: 'ready', backend: 'wasm' });
    expect(useRunStore.getState().startedWith).toBe(DEFAULT_LAB_CONFIG);
  });

  it('an iteration report appends metrics and divergence and keeps the first fingerprint', () => {
    runEvents.iterationCompleted('a', report(1), 1000);
    runEvents.iterationCompleted('a', report(2), 2000);
    const run = useRunStore.getState().runs[0];
    expect(run.iteration).toBe(2);
    expect(run.metrics.map((m) => m.iteration)).toEqual([1, 2]);
    expect(run.divergence).toHaveLength(2);
    expect(run.fingerprint).toBe('abcd1234');
    expect(run.metricsFingerprint).toBe('0000ffff');
    expect(useRunStore.getState().runs[1].iteration).toBe(0);
  });

  it('reports delivered together in one frame leave the store as the same reports delivered one by one', () => {
    const arrivals = [{ id: 'a', k: 1, now: 1000 }, { id: 'b', k: 1, now: 1100 }, { id: 'a', k: 2, now: 1600 }, { id: 'b', k: 2, now: 1900 }];
    runEvents.runStarted('a');
    runEvents.runStarted('b');
    for (const x of arrivals) runEvents.iterationCompleted(x.id, report(x.k), x.now);
    const oneByOne = useRunStore.getState().runs;
    runEvents.runsCreated(DEFAULT_LAB_CONFIG, [{ id: 'a', estimator: 'grpo' }, { id: 'b', estimator: 'planpo' }]);
    runEvents.runStarted('a');
    runEvents.runStarted('b');
    let updates = 0;
    const stop = useRunStore.subscribe(() => updates++);
    runEvents.iterationsCompleted(arrivals.map((x) => ({ id: x.id, report: report(x.k), now: x.now })));
    stop();
    expect(updates).toBe(1);
    expect(useRunStore.getState().runs).toEqual(oneByOne);
    const after = useRunStore.getState().runs;
    runEvents.iterationsCompleted([]); // an empty batch is no update at all
    expect(useRunStore.getState().runs).toBe(after);
  });

  it('a batch that names one run leaves the other run the same object (its memoised views skip the update)', () => {
    const b = useRunStore.getState().runs[1];
    runEvents.iterationsCompleted([{ id: 'a', report: report(1), now: 1000 }]);
    expect(useRunStore.getState().runs[1]).toBe(b);
    expect(useRunStore.getState().runs[0].iteration).toBe(1);
  });

  it('iterations per second are measured only while running', () => {
    runEvents.runStarted('a');
    runEvents.iterationCompleted('a', report(1), 1000);
    runEvents.iterationCompleted('a', report(2), 1500);
    expect(useRunStore.getState().runs[0].itersPerSecond).toBeCloseTo(2);
    runEvents.runPaused('a');
    expect(useRunStore.getState().runs[0].itersPerSecond).toBeNull();
  });

  it('a failed run stays failed when later events arrive', () => {
    runEvents.runFailed('b', 'boom');
    runEvents.runStarted('b');
    runEvents.runPaused('b');
    expect(useRunStore.getState().runs[1]).toMatchObject({ status: 'failed', error: 'boom' });
  });

  it('reset clears the runs but keeps a loaded worked example', () => {
    runEvents.exampleLoaded([], ['grpo', 'planpo']);
    runEvents.trainRequested();
    runEvents.runsReset();
    expect(useRunStore.getState()).toMatchObject({ runs: [], startedWith: null, training: false });
    expect(useRunStore.getState().example).not.toBeNull();
  });
});

describe('bounded group memory and the rate', () => {
  it('keeps iteration 1 and the latest iterations only', () => {
    let groups = {};
    for (let k = 1; k <= KEEP_GROUP_ITERATIONS + 10; k++) groups = keptGroups(groups, k, [[]]);
    const kept = Object.keys(groups).map(Number).sort((a, b) => a - b);
    expect(kept[0]).toBe(1);
    expect(kept).toHaveLength(KEEP_GROUP_ITERATIONS + 1);
    expect(kept.at(-1)).toBe(KEEP_GROUP_ITERATIONS + 10);
  });

  it('the rate is an exponential average of report intervals', () => {
    expect(nextRate(null, null, 100)).toBeNull();
    expect(nextRate(null, 0, 500)).toBe(2);
    expect(nextRate(2, 0, 1000)).toBeCloseTo(0.7 * 2 + 0.3 * 1);
    expect(nextRate(2, 1000, 1000)).toBe(2);
  });
});
