/**
 * Fabricated metric series for testing the report and statistics code only: nothing here is a
 * measured result, and nothing here is ever shipped as one.
 */
import { RESULTS_FORMAT, type ExperimentResults, type IterationRecord, type RunResult } from '../../../src/core/experiments/results';
import type { ExperimentId } from '../../../src/core/experiments/types';

export function fakeIteration(iteration: number, successRate: number, extra: Partial<IterationRecord> = {}): IterationRecord {
  return {
    iteration, successRate, meanTurns: 20 - 10 * successRate, meanSuccessTurns: successRate > 0 ? 8 : null, meanOracleTurns: 4,
    meanResponseTokens: 10, meanThinkTokens: 2, zeroStdGroupFraction: 0.5, loss: 0, kl: 0, clipFraction: 0, entropy: 1, alpha: null,
    timing: { rolloutMs: 100, advantageMs: 0.1, updateMs: 50, totalMs: 150.1 }, numTensors: 30, ...extra,
  };
}

/** A run whose success rate follows `success` (one value per iteration). */
export function fakeRun(arm: string, env: string, seed: number, success: number[], extra: Partial<RunResult> = {}): RunResult {
  return {
    runId: `${arm}/${env}/seed${seed}`, arm, armLabel: arm.toUpperCase(), env, seed, config: {}, resolvedConfig: {},
    backend: 'cpu', metrics: success.map((s, i) => fakeIteration(i + 1, s)), evaluation: [], wallMs: 1000, ...extra,
  };
}

export function fakeResults(experiment: ExperimentId, runs: RunResult[], envs = [...new Set(runs.map((r) => r.env))]): ExperimentResults {
  return {
    format: RESULTS_FORMAT, experiment, title: `fake ${experiment}`, size: 'reduced',
    sizes: { seeds: 2, iterations: runs[0]?.metrics.length ?? 0, groupSize: 2, tasksPerIteration: 1, evalEpisodes: 4 },
    envs, skippedEnvs: [],
    provenance: { command: 'test', commit: 'abc1234', date: '2025-01-01T00:00:00.000Z', packageVersion: '0.0.0', tfjsVersion: '4.22.0', backend: 'cpu', platform: 'test' },
    wallMs: 2000, runs,
  };
}
