import { describe, expect, it } from 'vitest';
import { metricsToCsv, metricsToJson, METRICS_FORMAT } from '../../../../src/core/io/export/metrics';
import { savedRunFromTelemetry } from '../../../../src/app/export/run-export';
import { DEFAULT_LAB_CONFIG } from '../../../../src/state/lab-config';
import { REPORT_KEEP } from '../../../../src/core/train/run-file';
import type { IterationMetrics } from '../../../../src/core/train/metrics';
import type { RunTelemetry } from '../../../../src/state/run-store';

const metric = (iteration: number): IterationMetrics => ({
  iteration, successRate: iteration / 10, meanTurns: 3, meanSuccessTurns: iteration === 1 ? null : 2, meanOracleTurns: 2,
  meanResponseTokens: 5, meanThinkTokens: 1, formatValidRate: 1, admissibleRate: 1, zeroStdGroupFraction: 0, meanReward: 0, meanEnvReward: 0, loopsPerEpisode: 0, rewardsMeasured: {}, successByType: {}, alpha: null,
  loss: 0.1, pgLoss: 0.1, kl: 0.01, entropy: 1, clipFraction: 0, clipFractionLower: 0, approxKl: 0, valueLoss: 0,
  tokens: 40, decodeSteps: 10, tokensPerSecond: 100, numTensors: 12, backend: 'wasm, "x"',
  timing: { rolloutMs: 1, advantageMs: 2, compareMs: 3, updateMs: 4, totalMs: 10 },
});

describe('metrics export', () => {
  it('writes one CSV row per iteration with flattened timing and empty cells for null', () => {
    const csv = metricsToCsv([metric(1), metric(2)], 'grpo');
    const lines = csv.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const header = lines[0].split(',');
    expect(header.slice(0, 2)).toEqual(['estimator', 'iteration']);
    expect(header).toContain('timing.rolloutMs');
    expect(header).not.toContain('timing');
    const row1 = lines[1].match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, ''));
    expect(row1[header.indexOf('meanSuccessTurns')]).toBe('');
    expect(row1[header.indexOf('backend')]).toBe('"wasm, ""x"""');
    expect(row1[header.indexOf('timing.totalMs')]).toBe('10');
  });

  it('writes JSON with the run, its config and every iteration', () => {
    const parsed = JSON.parse(metricsToJson([metric(1), metric(2), metric(3)], { id: 'run-1-grpo', estimator: 'grpo', config: DEFAULT_LAB_CONFIG.run }));
    expect(parsed.format).toBe(METRICS_FORMAT);
    expect(parsed.metrics).toHaveLength(3);
    expect(parsed.config.seed).toBe(DEFAULT_LAB_CONFIG.run.seed);
  });
});

describe('savedRunFromTelemetry', () => {
  it('keeps the bounded reports, the run config with its estimator, and nothing past the checkpoint', () => {
    const n = REPORT_KEEP.last + 5;
    const groups = Object.fromEntries(Array.from({ length: n }, (_, i) => [i + 1, []]));
    const run = {
      id: 'run-2-planpo', estimator: 'planpo', iteration: n, metrics: Array.from({ length: n }, (_, i) => metric(i + 1)), groups,
      divergence: [{ iteration: n - 1, quantiles: [0, 0, 0, 0, 0], count: 3 }],
    } as unknown as RunTelemetry;
    const lab = { ...DEFAULT_LAB_CONFIG, estimators: ['grpo', 'planpo'] };
    const cp = { iteration: n - 1, config: { ...lab.run, estimator: 'planpo' } } as never;
    const saved = savedRunFromTelemetry(run, lab, cp, { id: 'x', now: new Date(0) });
    expect(saved.config.estimator).toBe('planpo');
    expect(saved.metrics).toHaveLength(n - 1);
    expect(saved.reports.map((r) => r.iteration)).toEqual([1, ...Array.from({ length: REPORT_KEEP.last }, (_, i) => n - REPORT_KEEP.last + i)]);
    expect(saved.reports.at(-1)!.divergence).toMatchObject({ count: 3 });
    expect(saved.lab).toEqual({ estimators: ['grpo', 'planpo'], backend: lab.backend, slack: lab.slack });
  });
});
