import { describe, expect, it } from 'vitest';
import { DEFAULT_LAB_CONFIG } from '../../src/state/lab-config';
import type { RunsState, RunTelemetry } from '../../src/state/run-store';
import type { ViewState } from '../../src/state/view-store';
import { resolveSelection, selectionOrder } from '../../src/ui/group/selection';
import { exampleGroup } from '../../src/app/example-group';
import { DEFAULT_CONFIG } from '../../src/core/train/config';

const g = exampleGroup({ seed: 1, taskType: null, estimators: ['grpo', 'planpo'], config: DEFAULT_CONFIG });
const view: ViewState = { runId: null, iteration: null, group: 0, trajectory: 0, turn: 0, sortBy: 'member', sortEstimator: null };

function run(id: string, groups: RunTelemetry['groups']): RunTelemetry {
  return {
    id, estimator: 'grpo', status: 'paused', backend: 'wasm', notice: null, error: null, iteration: 3, itersPerSecond: null,
    lastReportAt: null, metrics: [], groups, divergence: [], fingerprint: null, metricsFingerprint: null,
  };
}

const runs: RunsState = { runs: [run('a', { 1: [g], 3: [g, g.slice(0, 2)] })], startedWith: DEFAULT_LAB_CONFIG, training: false, example: null };

describe('group selection', () => {
  it('follows the latest kept iteration by default', () => {
    const s = resolveSelection(runs, view, ['grpo', 'planpo']);
    expect(s.source).toBe('run');
    expect(s.iterations).toEqual([1, 3]);
    expect(s.iteration).toBe(3);
    expect(s.groups).toHaveLength(2);
  });

  it('a picked iteration and task are honoured, and an out-of-range task is clamped', () => {
    expect(resolveSelection(runs, { ...view, iteration: 1 }, []).iteration).toBe(1);
    expect(resolveSelection(runs, { ...view, group: 1 }, []).group).toHaveLength(2);
    expect(resolveSelection(runs, { ...view, iteration: 1, group: 5 }, []).groupIndex).toBe(0);
  });

  it('a dropped iteration falls back to the latest', () => {
    expect(resolveSelection(runs, { ...view, iteration: 2 }, []).iteration).toBe(3);
  });

  it('the worked example shows when chosen or when there are no runs', () => {
    const withExample = { ...runs, example: { group: g, estimators: ['grpo', 'planpo'] } };
    expect(resolveSelection(withExample, { ...view, runId: 'example' }, []).source).toBe('example');
    expect(resolveSelection({ ...withExample, runs: [] }, view, []).source).toBe('example');
    expect(resolveSelection({ ...runs, runs: [] }, view, ['grpo']).source).toBe('none');
  });

  it('the display order follows the chosen sort', () => {
    const s = resolveSelection({ ...runs, example: { group: g, estimators: ['grpo', 'planpo'] } }, { ...view, runId: 'example' }, []);
    expect(selectionOrder(s, { ...view, sortBy: 'advantage', sortEstimator: 'planpo' })[0]).toBe(0);
    expect(selectionOrder(s, view)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
