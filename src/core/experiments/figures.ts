/**
 * The figures of an experiment, shaped like the paper's: training curves with 95% CI bands per
 * environment, grouped bars of end-of-training values, seen/unseen bars, and time per phase.
 * Each figure is a chart input (data) with a file name; layout.ts places it, svg.ts draws it.
 */
import type { BarChartInput, BarInput, LineChartInput } from './charts/layout';
import { VALUE_INFO } from './labels';
import { getExperiment } from './registry';
import type { ExperimentResults } from './results';
import type { MeanCi } from './stats';
import { curveSeries, curveSmoothing, finalWindow, summarizeRuns, type ArmEnvSummary } from './summarize';
import type { ChartSpec, CurveMetric } from './types';

export type FigureChart = { kind: 'line'; input: LineChartInput } | { kind: 'bars'; input: BarChartInput };

export interface Figure {
  /** File name next to report.md, e.g. `successRate-household-v0.svg`. */
  file: string;
  title: string;
  caption: string;
  chart: FigureChart;
}

const SHORT: Readonly<Record<CurveMetric, string>> = {
  successRate: 'Success rate',
  meanTurns: 'Turns per episode',
  meanSuccessTurns: 'Turns per successful episode',
  meanResponseTokens: 'Tokens per response',
  meanThinkTokens: 'Thought tokens per response',
  zeroStdGroupFraction: 'Groups with all-zero advantages',
};

const bar = (id: string, label: string, ci: MeanCi | undefined): BarInput =>
  ({ id, label, mean: ci?.mean ?? null, low: ci?.low ?? null, high: ci?.high ?? null });

const domainOf = (metric: CurveMetric): [number, number] | undefined => (VALUE_INFO[metric].percent ? [0, 1] : undefined);

function curveFigures(results: ExperimentResults, metric: CurveMetric): Figure[] {
  const smooth = curveSmoothing(results.sizes.iterations);
  return results.envs.map((env) => ({
    file: `${metric}-${env}.svg`,
    title: `${SHORT[metric]} on ${env}`,
    caption: `${SHORT[metric]} per training iteration, moving average of ${smooth} iteration${smooth > 1 ? 's' : ''} per seed, then mean over seeds with a 95% CI band (Student-t).`,
    chart: { kind: 'line', input: { title: `${SHORT[metric]} on ${env}`, xLabel: 'iteration', yLabel: SHORT[metric], series: curveSeries(results, env, metric, smooth), yDomain: domainOf(metric), yMin: 0, format: VALUE_INFO[metric].percent ? 'percent' : 'number' } },
  }));
}

function finalBars(results: ExperimentResults, summaries: ArmEnvSummary[], metric: CurveMetric): Figure {
  const title = `${SHORT[metric]} at the end of training`;
  return {
    file: `final-${metric}.svg`,
    title,
    caption: `Mean over the last ${finalWindow(results.sizes.iterations)} iterations, mean over seeds with 95% CI whiskers (Student-t).`,
    chart: { kind: 'bars', input: {
      title, xLabel: 'environment', yLabel: SHORT[metric], yDomain: domainOf(metric), yMin: 0, format: VALUE_INFO[metric].percent ? 'percent' : 'number',
      groups: results.envs.map((env) => ({ label: env, bars: summaries.filter((s) => s.env === env).map((s) => bar(s.arm, s.armLabel, s.final[metric])) })),
    } },
  };
}

const groupLabel = (results: ExperimentResults, s: ArmEnvSummary): string => (results.envs.length > 1 ? `${s.armLabel} · ${s.env}` : s.armLabel);

function evalBars(results: ExperimentResults, summaries: ArmEnvSummary[]): Figure {
  return {
    file: 'evaluation.svg',
    title: 'Success on seen vs unseen tasks',
    caption: 'Post-training evaluation on fresh tasks of each split, mean over seeds with 95% CI whiskers.',
    chart: { kind: 'bars', input: {
      title: 'Success on seen vs unseen tasks', xLabel: 'arm', yLabel: 'Success rate', yDomain: [0, 1], format: 'percent',
      groups: summaries.map((s) => ({ label: groupLabel(results, s), bars: [bar('seen', 'seen', s.evaluation.seen), bar('unseen', 'unseen', s.evaluation.unseen)] })),
    } },
  };
}

function timingBars(results: ExperimentResults, summaries: ArmEnvSummary[]): Figure {
  return {
    file: 'timing.svg',
    title: 'Time per iteration by phase',
    caption: 'Milliseconds per iteration spent collecting rollouts, computing advantages and updating, mean over seeds with 95% CI whiskers.',
    chart: { kind: 'bars', input: {
      title: 'Time per iteration by phase', xLabel: 'arm', yLabel: 'ms per iteration', yMin: 0,
      groups: summaries.map((s) => ({ label: groupLabel(results, s), bars: [
        bar('rollout', 'rollout', s.timing.rolloutMs), bar('advantage', 'advantages', s.timing.advantageMs), bar('update', 'update', s.timing.updateMs),
      ] })),
    } },
  };
}

export function experimentFigures(results: ExperimentResults): Figure[] {
  const summaries = summarizeRuns(results);
  const one = (spec: ChartSpec): Figure[] => {
    switch (spec.kind) {
      case 'curve': return curveFigures(results, spec.metric);
      case 'bars': return [finalBars(results, summaries, spec.metric)];
      case 'eval-bars': return [evalBars(results, summaries)];
      case 'timing-bars': return [timingBars(results, summaries)];
    }
  };
  return getExperiment(results.experiment).charts.flatMap(one);
}
