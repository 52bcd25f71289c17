import { describe, expect, it } from 'vitest';
import { pairedDifference, experimentComparisons } from '../../../src/core/experiments/compare';
import {
  curveSeries, finalWindow, movingAverage, runFinal, runValue, summarizeRuns,
} from '../../../src/core/experiments/summarize';
import { fakeIteration, fakeResults, fakeRun } from './fixtures';

describe('summaries of fabricated runs', () => {
  it('the final value averages the last quarter of the iterations, rounded up', () => {
    expect([1, 4, 5, 8, 40].map(finalWindow)).toEqual([1, 1, 2, 2, 10]);
    const run = fakeRun('grpo', 'household-v0', 1, [0, 0, 0, 0, 0, 0, 0.5, 1]);
    expect(runFinal(run, 'successRate')).toBe(0.75);
  });

  it('a run without any success has no final successful-turns value', () => {
    expect(runFinal(fakeRun('grpo', 'e', 1, [0, 0]), 'meanSuccessTurns')).toBeNull();
  });

  it('timing leaves out the first, warm-up iteration', () => {
    const run = fakeRun('grpo', 'e', 1, [0, 0, 0]);
    run.metrics[0] = fakeIteration(1, 0, { timing: { rolloutMs: 9999, advantageMs: 50, updateMs: 0, totalMs: 10049 } });
    expect(runValue(run, 'timing:rolloutMs')).toBe(100);
    expect(runValue(run, 'advantageShare')).toBeCloseTo(0.1 / 150.1, 12);
  });

  it('evaluation values come from the matching split and are null when absent', () => {
    const ev = { episodes: 4, temperature: 0.4, meanTurns: 5, meanSuccessTurns: 5, meanResponseTokens: 9 };
    const run = fakeRun('planpo', 'e', 1, [1], { evaluation: [{ split: 'seen', successRate: 0.75, ...ev }, { split: 'unseen', successRate: 0.5, ...ev }] });
    expect(runValue(run, 'eval:seen')).toBe(0.75);
    expect(runValue(run, 'eval:unseen')).toBe(0.5);
    expect(runValue(fakeRun('x', 'e', 1, [1]), 'eval:seen')).toBeNull();
  });

  it('runs group by arm and env in the order they first appear, with a CI over seeds', () => {
    const results = fakeResults('main', [
      fakeRun('grpo', 'household-v0', 1, [0.2]), fakeRun('planpo', 'household-v0', 1, [0.6]),
      fakeRun('grpo', 'household-v0', 2, [0.4]), fakeRun('planpo', 'household-v0', 2, [0.8]),
    ]);
    const summaries = summarizeRuns(results);
    expect(summaries.map((s) => [s.arm, s.seeds])).toEqual([['grpo', 2], ['planpo', 2]]);
    expect(summaries[1].final.successRate.mean).toBeCloseTo(0.7, 12);
    expect(summaries[1].final.successRate.halfWidth).toBeCloseTo(12.7062 * 0.1, 3); // s = 0.1·√2, se = s/√2
  });

  it('paired differences subtract the baseline seed by seed, so a constant lead has a zero-width interval', () => {
    const results = fakeResults('main', [
      fakeRun('grpo', 'h', 1, [0.1]), fakeRun('grpo', 'h', 2, [0.5]), fakeRun('grpo', 'h', 3, [0.9]),
      fakeRun('planpo', 'h', 1, [0.2]), fakeRun('planpo', 'h', 2, [0.6]), fakeRun('planpo', 'h', 3, [1.0]),
    ]);
    const d = pairedDifference(results, 'planpo', 'grpo', 'h', 'successRate');
    expect(d.n).toBe(3);
    expect(d.mean).toBeCloseTo(0.1, 12);
    expect(d.halfWidth).toBeCloseTo(0, 12);
  });

  it('comparisons cover every non-baseline arm and value, and a seed missing on one side is left out', () => {
    const results = fakeResults('main', [fakeRun('grpo', 'h', 1, [0.1]), fakeRun('planpo', 'h', 1, [0.2]), fakeRun('planpo', 'h', 2, [0.3])]);
    const comparisons = experimentComparisons(results);
    expect(comparisons.map((c) => c.value)).toEqual(['successRate', 'meanTurns', 'meanSuccessTurns', 'meanResponseTokens', 'meanThinkTokens']);
    expect(comparisons.every((c) => c.arm === 'planpo' && c.baseline === 'grpo')).toBe(true);
    expect(comparisons[0].difference.n).toBe(1);
  });

  it('the trailing moving average skips missing values', () => {
    expect(movingAverage([1, null, 3, 5], 2)).toEqual([1, 1, 3, 4]);
    expect(movingAverage([null], 3)).toEqual([null]);
  });

  it('curves average the smoothed series of each seed per iteration', () => {
    const results = fakeResults('main', [fakeRun('grpo', 'h', 1, [0, 1]), fakeRun('grpo', 'h', 2, [1, 1])]);
    const [series] = curveSeries(results, 'h', 'successRate', 1);
    expect(series.id).toBe('grpo');
    expect(series.points.map((p) => [p.x, p.mean])).toEqual([[1, 0.5], [2, 1]]);
    expect(series.points[1].low).toBe(1);
  });
});
