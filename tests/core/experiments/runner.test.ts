import { describe, expect, it } from 'vitest';
import { planExperiment } from '../../../src/core/experiments/plan';
import { assembleResults, formatDuration, formatProgress, runPlan, type Progress, type RunOne } from '../../../src/core/experiments/runner';
import { parseResults } from '../../../src/core/experiments/results';
import { fakeIteration } from './fixtures';

/** A fake runOne: reports `iterations` made-up records, one clock tick each (no training). */
function fakeRunOne(clock: { t: number }, delays: Record<string, number> = {}): RunOne {
  return async (spec, hooks) => {
    const metrics = [];
    for (let i = 1; i <= (spec.config.iterations ?? 0); i++) {
      await new Promise((r) => setTimeout(r, delays[spec.runId] ?? 0));
      clock.t += 1000;
      const m = fakeIteration(i, spec.seed / 10);
      metrics.push(m);
      hooks.onIteration(m);
    }
    const evaluation = (spec.evaluate?.splits ?? []).map((split) => ({ split, episodes: spec.evaluate!.episodes, temperature: 0.4, successRate: 0.5, meanTurns: 3, meanSuccessTurns: 3, meanResponseTokens: 8 }));
    evaluation.forEach((e) => hooks.onEvaluation?.(e));
    return { resolvedConfig: { ...spec.config }, backend: 'fake', metrics, evaluation };
  };
}

describe('experiment runner with an injected runOne', () => {
  it('runs every planned run once, in plan order, and reports progress up to 100%', async () => {
    const plan = planExperiment('overhead', 'reduced', { seeds: 2, iterations: 3 });
    const clock = { t: 0 };
    const seen: Progress[] = [];
    const runs = await runPlan(plan, fakeRunOne(clock), { now: () => clock.t, onProgress: (p) => seen.push(p) });
    expect(runs.map((r) => r.runId)).toEqual(plan.runs.map((r) => r.runId));
    expect(runs.every((r) => r.metrics.length === 3 && r.backend === 'fake')).toBe(true);
    expect(runs[0].wallMs).toBe(3000);
    const fractions = seen.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ fraction: 1, runsDone: 4, runsTotal: 4, etaMs: 0 });
  });

  it('the ETA extrapolates elapsed time per work unit to the units left', async () => {
    const plan = planExperiment('overhead', 'reduced', { seeds: 1, iterations: 2 });
    const clock = { t: 0 };
    const etas: Array<number | null> = [];
    await runPlan(plan, fakeRunOne(clock), { now: () => clock.t, onProgress: (p) => etas.push(p.etaMs) });
    expect(etas[0]).toBeNull(); // the first run's start: nothing done yet
    expect(etas[1]).toBe(3000); // 1 of 4 units took 1 s
  });

  it('parallel lanes keep results in plan order even when later runs finish first', async () => {
    const plan = planExperiment('overhead', 'reduced', { seeds: 2, iterations: 2 });
    const delays = { [plan.runs[0].runId]: 20 };
    const runs = await runPlan(plan, fakeRunOne({ t: 0 }, delays), { concurrency: 3 });
    expect(runs.map((r) => r.runId)).toEqual(plan.runs.map((r) => r.runId));
  });

  it('evaluation episodes count as work and land in the run result', async () => {
    const plan = planExperiment('ood', 'reduced', { seeds: 1, iterations: 1, evalEpisodes: 8 });
    const seen: Progress[] = [];
    const runs = await runPlan(plan, fakeRunOne({ t: 0 }), { onProgress: (p) => seen.push(p) });
    expect(runs[0].evaluation.map((e) => e.split)).toEqual(['seen', 'unseen']);
    expect(seen.some((p) => p.event.kind === 'evaluation')).toBe(true);
    expect(seen.at(-1)!.doneUnits).toBe(seen.at(-1)!.totalUnits);
  });

  it('assembled results carry the plan, provenance and every run, and pass the schema check', async () => {
    const plan = planExperiment('overhead', 'reduced', { seeds: 1, iterations: 1 });
    const runs = await runPlan(plan, fakeRunOne({ t: 0 }));
    const provenance = { command: 'c', commit: null, date: 'd', packageVersion: '0', tfjsVersion: '4', backend: 'fake', platform: 'p' };
    const results = parseResults(JSON.parse(JSON.stringify(assembleResults(plan, runs, provenance, 1234.4))));
    expect(results).toMatchObject({ experiment: 'overhead', size: 'reduced', wallMs: 1234, envs: ['household-v0'], provenance });
    expect(results.runs).toHaveLength(2);
  });

  it('durations and progress lines read naturally', () => {
    expect([formatDuration(null), formatDuration(4_400), formatDuration(125_000), formatDuration(3_725_000)]).toEqual(['?', '4s', '2m 05s', '1h 02m']);
    const line = formatProgress({ doneUnits: 3, totalUnits: 8, fraction: 0.375, runsDone: 1, runsTotal: 4, active: ['a'], elapsedMs: 190_000, etaMs: 320_000, event: { runId: 'planpo/household-v0/seed2', kind: 'iteration', iteration: 14, successRate: 0.625 } });
    expect(line).toBe('[ 38%] 1/4 runs · planpo/household-v0/seed2 it 14 success 0.63 · 3m 10s elapsed, ETA 5m 20s');
  });
});

describe('stopping and failures', () => {
  it('a failing run rejects the experiment and the other lanes start no new runs', async () => {
    const plan = planExperiment('overhead', 'reduced', { seeds: 3, iterations: 1 });
    const started: string[] = [];
    const runOne: RunOne = async (spec) => {
      started.push(spec.runId);
      await new Promise((r) => setTimeout(r, 5));
      if (spec.runId === plan.runs[0].runId) throw new Error('boom');
      return { resolvedConfig: {}, backend: 'fake', metrics: [], evaluation: [] };
    };
    await expect(runPlan(plan, runOne, { concurrency: 2 })).rejects.toThrow('boom');
    expect(started).toHaveLength(2);
  });

  it('shouldStop prevents further runs and the experiment reports that it stopped early', async () => {
    const plan = planExperiment('overhead', 'reduced', { seeds: 2, iterations: 1 });
    let stop = false;
    const runOne: RunOne = async () => {
      stop = true;
      return { resolvedConfig: {}, backend: 'fake', metrics: [], evaluation: [] };
    };
    await expect(runPlan(plan, runOne, { shouldStop: () => stop })).rejects.toThrow(/stopped before every run finished/);
  });
});
