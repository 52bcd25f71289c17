import { beforeEach, describe, expect, it } from 'vitest';
import { runEvents, useRunStore } from '../../src/state/run-folder-store';
import type { StepSummaryRow } from '../../src/core/run/step-summary';

const row = (step: number, groups: number): StepSummaryRow => ({
  step, files: 1, groups, trajectories: groups * 8, successRate: 0.5, singletonGroups: 0, zeroGrpoGroups: 0, zeroGrpoFraction: 0, problems: 0,
  successTurnsSpread: null, responseTokensSpread: null, lengthRatio: null, lengthCv: null, estimators: {}, notes: [],
});

describe('the run folder store', () => {
  beforeEach(() => runEvents.runListed('run', [1, 2, 3].map((step) => ({ step, files: 1, ranks: 1, bytes: null })), 3, null));

  it('the overview\'s final rows keep each streamed row that did not change, so only changed table rows re-render', () => {
    const streamed = [row(1, 4), row(2, 4), row(3, 4)];
    streamed.forEach((r) => runEvents.stepRowPosted(r));
    runEvents.overviewFinished([row(1, 4), row(2, 5), row(3, 4)]); // a group of step 2 was read in step 3's files
    const { rows, overview } = useRunStore.getState();
    expect(overview).toBe('done');
    expect(rows.map((r) => r.groups)).toEqual([4, 5, 4]);
    expect(rows[0]).toBe(streamed[0]);
    expect(rows[1]).not.toBe(streamed[1]);
    expect(rows[2]).toBe(streamed[2]);
  });

  it('sizes are unknown (null) until measured, then every step has its bytes', () => {
    expect(useRunStore.getState().steps.every((s) => s.bytes === null)).toBe(true);
    runEvents.sizesMeasured([1, 2, 3].map((step) => ({ step, files: 1, ranks: 1, bytes: 10 * step })), 60);
    expect(useRunStore.getState().steps.map((s) => s.bytes)).toEqual([10, 20, 30]);
    expect(useRunStore.getState().bytes).toBe(60);
  });
});
