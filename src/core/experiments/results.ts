/**
 * results.json (`rollout-lab.experiment-results.v1`): every run's metrics per iteration, its
 * config and seed, evaluation results, and where the numbers came from (command, commit, date,
 * package and tfjs versions, backend). Metrics only: no rollout transcripts, no weights.
 */
import type { IterationMetrics, IterationTiming } from '../train/metrics';
import type { ExperimentId, ExperimentPlan, RunSpec, SizeName, Split } from './types';

export const RESULTS_FORMAT = 'rollout-lab.experiment-results.v1';

type RecordField =
  | 'iteration' | 'successRate' | 'meanTurns' | 'meanSuccessTurns' | 'meanOracleTurns' | 'meanResponseTokens' | 'meanThinkTokens'
  | 'zeroStdGroupFraction' | 'loss' | 'kl' | 'clipFraction' | 'entropy' | 'alpha' | 'numTensors';

/** One training iteration: a subset of the trainer's IterationMetrics, rounded (see toIterationRecord). */
export type IterationRecord = Pick<IterationMetrics, RecordField> & {
  timing: Pick<IterationTiming, 'rolloutMs' | 'advantageMs' | 'updateMs' | 'totalMs'>;
};

/** A trained policy evaluated on fresh tasks of one split (sampling at `temperature`, no update). */
export interface EvalRecord {
  split: Split;
  episodes: number;
  temperature: number;
  successRate: number;
  meanTurns: number;
  meanSuccessTurns: number | null;
  meanResponseTokens: number;
}

export interface RunResult extends RunSpec {
  /** The complete, validated RunConfig the run trained with. */
  resolvedConfig: Record<string, unknown>;
  backend: string;
  metrics: IterationRecord[];
  evaluation: EvalRecord[];
  wallMs: number;
}

export interface Provenance {
  /** The command line that produced the file (or "in-app: ..."). */
  command: string;
  /** git commit (short hash) when the run started, null when unknown; `+dirty` when src/core or src/cli had uncommitted changes. */
  commit: string | null;
  /** ISO 8601 date-time of the end of the experiment. */
  date: string;
  packageVersion: string;
  tfjsVersion: string;
  backend: string;
  /** Free text: machine, Node version, browser. */
  platform: string;
}

/** One part of a merged results file (core/experiments/merge.ts): whose runs, by which command. */
export interface ResultsPart {
  provenance: Provenance;
  envs: string[];
  arms: string[];
  runs: number;
  wallMs: number;
}

export interface ExperimentResults {
  format: typeof RESULTS_FORMAT;
  experiment: ExperimentId;
  title: string;
  size: SizeName;
  sizes: ExperimentPlan['sizes'];
  envs: string[];
  /** Environments the experiment names that this build did not register (not run). */
  skippedEnvs: string[];
  provenance: Provenance;
  wallMs: number;
  runs: RunResult[];
  /** Present when the file was merged from several runs of the experiment (merge.ts): where each part came from. */
  parts?: ResultsPart[];
}

const round = (x: number, digits = 4): number => (Number.isFinite(x) ? Number(x.toPrecision(digits)) : 0);
const roundOrNull = (x: number | null | undefined): number | null => (typeof x === 'number' && Number.isFinite(x) ? round(x) : null);

/** The trainer's per-iteration metrics → an IterationRecord (4 significant digits, ms to 0.01). */
export function toIterationRecord(m: IterationRecord): IterationRecord {
  const ms = (x: number): number => Math.round(x * 100) / 100;
  return {
    iteration: m.iteration,
    successRate: round(m.successRate),
    meanTurns: round(m.meanTurns),
    meanSuccessTurns: roundOrNull(m.meanSuccessTurns),
    meanOracleTurns: round(m.meanOracleTurns),
    meanResponseTokens: round(m.meanResponseTokens),
    meanThinkTokens: round(m.meanThinkTokens ?? 0),
    zeroStdGroupFraction: round(m.zeroStdGroupFraction),
    loss: round(m.loss),
    kl: round(m.kl),
    clipFraction: round(m.clipFraction),
    entropy: round(m.entropy),
    alpha: roundOrNull(m.alpha),
    timing: { rolloutMs: ms(m.timing.rolloutMs), advantageMs: ms(m.timing.advantageMs), updateMs: ms(m.timing.updateMs), totalMs: ms(m.timing.totalMs) },
    numTensors: m.numTensors,
  };
}

/**
 * Checks a parsed results.json (from fetch or a file) and returns it typed; throws an Error that
 * names the first problem. Checks the envelope and each run's shape, not every number.
 */
export function parseResults(raw: unknown): ExperimentResults {
  const fail = (what: string): never => {
    throw new Error(`not a Rollout Lab experiment results file: ${what}`);
  };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail('expected a JSON object');
  const r = raw as Partial<ExperimentResults>;
  if (r.format !== RESULTS_FORMAT) fail(`format is ${JSON.stringify(r.format)}, expected "${RESULTS_FORMAT}"`);
  if (typeof r.experiment !== 'string') fail('experiment is missing');
  if (!r.provenance || typeof r.provenance.command !== 'string' || typeof r.provenance.date !== 'string') fail('provenance (command, date) is missing');
  if (!Array.isArray(r.runs)) fail('runs is not a list');
  r.runs!.forEach((run, i) => {
    if (!run || typeof run.arm !== 'string' || typeof run.env !== 'string' || typeof run.seed !== 'number') fail(`runs[${i}] lacks arm, env or seed`);
    if (!Array.isArray(run.metrics)) fail(`runs[${i}].metrics is not a list`);
    if (!Array.isArray(run.evaluation)) fail(`runs[${i}].evaluation is not a list`);
  });
  return r as ExperimentResults;
}
