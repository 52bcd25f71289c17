import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RolloutGroup, TrajectorySummary } from '../../../src/core/advantage/types';
import { defaultParams } from '../../../src/core/io/import/session/params';
import { importBytesAsync } from '../../../src/core/io';
import { runSampleFiles } from '../../../src/core/io/samples/write-run';
import { indexRun } from '../../../src/core/run/run-index';
import {
  addStepFiles, emptySummary, finishSummary, mergeSummaries, scoreGroup, summaryStateFromJson, summaryStateToJson, type RunSummaryState,
} from '../../../src/core/run/run-summary';
import { addGroup, emptyStep } from '../../../src/core/run/step-summary';
import { summaryCsv } from '../../../src/core/run/summary-csv';

const trajectory = fc.record({
  success: fc.boolean(),
  reward: fc.double({ min: -5, max: 10, noNaN: true }),
  numTokens: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 5 }),
}).map((t): TrajectorySummary => ({ ...t, numTurns: t.numTokens.length }));
const stepGroup = fc.record({ step: fc.constantFrom(1, 2, 3, null), group: fc.array(trajectory, { minLength: 1, maxLength: 5 }) });

const params = defaultParams();
function stateOf(groups: ReadonlyArray<{ step: number | null; group: TrajectorySummary[] }>): RunSummaryState {
  const state: RunSummaryState = new Map();
  for (const { step, group } of groups) {
    let acc = state.get(step);
    if (!acc) state.set(step, (acc = emptyStep(step)));
    const g: RolloutGroup = { trajectories: group };
    addGroup(acc, g, scoreGroup(g, params));
  }
  return state;
}

describe('run summary', () => {
  it('a worked step: two groups, one all-equal; spreads and GRPO\'s mean |A| by hand', () => {
    const state = stateOf([
      { step: 5, group: [{ success: true, reward: 1, numTurns: 1, numTokens: [100] }, { success: true, reward: 1, numTurns: 3, numTokens: [100, 200, 300] }] },
      { step: 5, group: [{ success: true, reward: 1, numTurns: 1, numTokens: [50] }, { success: false, reward: 0, numTurns: 1, numTokens: [100] }] },
    ]);
    const row = finishSummary(state).steps[0];
    expect(row).toMatchObject({ step: 5, groups: 2, trajectories: 4, successRate: 0.75, zeroGrpoGroups: 1, zeroGrpoFraction: 0.5 });
    // T among successes of group 1: {1, 3}, Bessel std √2; group 2 has one success
    expect(row.successTurnsSpread).toBeCloseTo(Math.SQRT2, 12);
    // max/min L: group 1 300/100 = 3, group 2 100/50 = 2 → mean 2.5
    expect(row.lengthRatio).toBe(2.5);
    // GRPO: group 1 all 0 (4 responses); group 2 ±(0.5/(0.7071+ε)) on 1 response each → mean |A| over 6 responses
    const a = 0.5 / (Math.SQRT1_2 + 1e-6);
    expect(row.estimators.grpo.meanAbsAdvantage).toBeCloseTo((2 * a) / 6, 5);
  });

  it('any split of the groups into parts, merged in any order, gives the identical JSON', () => {
    fc.assert(fc.property(fc.array(stepGroup, { maxLength: 24 }), fc.array(fc.nat(3), { maxLength: 24 }), (groups, parts) => {
      const whole = JSON.stringify(finishSummary(stateOf(groups)));
      const split: Array<typeof groups> = [[], [], [], []];
      groups.forEach((g, i) => split[parts[i] ?? 0].push(g));
      const merged = [3, 1, 0, 2].reduce((into, k) => mergeSummaries(into, summaryStateFromJson(JSON.parse(JSON.stringify(summaryStateToJson(stateOf(split[k])))))), emptySummary());
      expect(JSON.stringify(finishSummary(merged))).toBe(whole);
    }), { numRuns: 60 });
  });

  it('a sample run folder (AgentGym-RL step{N}/{rank}.json): every step a row, notes named by file, CSV one line per step plus total', async () => {
    const files = [...runSampleFiles({ layout: 'agentgym-rl', steps: 3, groupsPerStep: 4, groupSize: 4, maxTurns: 6, ranks: 2 })];
    const index = indexRun(files.map((f) => ({ path: f.path })));
    const state = emptySummary();
    for (const s of index.steps) {
      const read = await Promise.all(s.files.map(async (f) => ({ path: f.path, result: await importBytesAsync(new TextEncoder().encode(files.find((x) => x.path === f.path)!.text), { fileName: f.path }) })));
      addStepFiles(state, s.step, read);
    }
    const summary = finishSummary(state);
    expect(summary.steps.map((r) => [r.step, r.files, r.groups, r.trajectories])).toEqual([[1, 2, 4, 16], [2, 2, 4, 16], [3, 2, 4, 16]]);
    expect(summary.total.trajectories).toBe(48);
    expect(summary.steps[0].notes.some((n) => n.startsWith('step1/1.json: '))).toBe(true);
    const csv = summaryCsv(summary).trimEnd().split('\n');
    expect(csv).toHaveLength(5);
    expect(csv[0]).toContain('grpo_mean_advantage');
    expect(csv[4].startsWith('total,6,12,48,')).toBe(true);
  });

  it('a file that is not a part\'s state is refused with the kind it expected', () => {
    expect(() => summaryStateFromJson({ steps: [] })).toThrow(/rollout-lab\.run-summary-state/);
  });
});
