/**
 * An iteration as the lab shows and saves it (`labReport`, built in the trainer worker): rollout
 * records without the bulky fields the UI never shows (admissible lists, per-token log-probs), a
 * fingerprint of iteration 1's groups and metrics, and the advantage-divergence summary of the
 * iteration. Pure functions.
 */
import type { TrainedTrajectoryV1 } from '../rollout/records';
import type { IterationMetrics, IterationResult } from './metrics';
import type { SavedDivergence } from './run-file';

/** One group's records, compacted. */
export type GroupRecords = TrainedTrajectoryV1[];
/** Quantiles of A_y − A_x over the iteration's responses (x, y: the lab's two estimators). */
export type DivergenceSummary = SavedDivergence;

/** One iteration as the lab shows it (and saves it: metrics, groups, divergence, fingerprints). */
export interface IterationReport {
  metrics: IterationMetrics;
  groups: GroupRecords[];
  divergence: DivergenceSummary | null;
  /** Iteration 1 only: rolloutFingerprint of its groups. */
  fingerprint: string | null;
  /** Iteration 1 only: metricsFingerprint of its metrics. */
  metricsFingerprint: string | null;
}

/**
 * One iteration's result as the lab's report (`estimators`: the lab's compared estimators; the
 * divergence needs two). The records keep those estimators' advantages only: the lab shows no
 * others, and with two compared the other 11 registered estimators' advantages were about 45 % of a
 * default report's bytes and objects, cloned to the page and kept there for every iteration.
 */
export function labReport(result: IterationResult, estimators: readonly string[]): IterationReport {
  const groups = compactGroups(result.groups, estimators);
  const [x, y] = estimators;
  const iteration = result.metrics.iteration;
  return {
    metrics: result.metrics,
    groups,
    divergence: y ? divergenceSummary(iteration, groups, x, y) : null,
    fingerprint: iteration === 1 ? rolloutFingerprint(groups) : null,
    metricsFingerprint: iteration === 1 ? metricsFingerprint(result.metrics) : null,
  };
}

type RecordTurn = TrainedTrajectoryV1['turns'][number];
/** A turn as the report crosses to the page: `observation` undefined where it is the previous turn's feedback. */
export type WireTurn = Omit<RecordTurn, 'observation'> & { observation: string | undefined };
export type WireRecord = Omit<TrainedTrajectoryV1, 'turns'> & { turns: WireTurn[] };
/** An IterationReport as the trainer worker posts it to the page (`toWire`; the page reads it with `fromWire`). */
export interface WireReport extends Omit<IterationReport, 'groups'> {
  groups: WireRecord[][];
}

/**
 * The report to post: a turn's observation is left out (undefined, so every turn keeps one shape)
 * where it is the previous turn's feedback, as it is after nearly every action of the text
 * environments (1,844 of 1,908 turns of a default report; about 100 kB of its text). The clone
 * then carries that text once, and the page shares one string between the two fields.
 */
export function toWire(report: IterationReport): WireReport {
  return {
    ...report,
    groups: report.groups.map((group) => group.map((record) => ({
      ...record,
      turns: record.turns.map((turn, t) => {
        const previous = t > 0 ? record.turns[t - 1].feedback : undefined;
        return typeof previous === 'string' && turn.observation === previous ? { ...turn, observation: undefined } : turn;
      }),
    }))),
  };
}

/** The report `toWire` posted, whole again (in place: the page owns the clone it received). */
export function fromWire(wire: WireReport): IterationReport {
  for (const group of wire.groups) {
    for (const record of group) {
      const turns = record.turns;
      for (let t = 1; t < turns.length; t++) {
        if (turns[t].observation === undefined) turns[t].observation = turns[t - 1].feedback as string;
      }
    }
  }
  return wire as unknown as IterationReport;
}

/**
 * A copy of the records without admissible_actions and info.log_probs / ref_log_probs; with
 * `estimators`, without the advantages of any other estimator.
 */
export function compactGroups(groups: readonly TrainedTrajectoryV1[][], estimators?: readonly string[]): GroupRecords[] {
  return groups.map((group) => group.map((record) => ({
    ...record,
    estimator_advantages: estimators ? onlyEstimators(record.estimator_advantages, estimators) : record.estimator_advantages,
    turns: record.turns.map((turn) => {
      const { admissible_actions: _a, info, ...rest } = turn;
      if (!info) return rest;
      const { log_probs: _l, ref_log_probs: _r, ...kept } = info;
      return { ...rest, info: kept };
    }),
  })));
}

/** The advantages of the estimators in `ids` only, in the record's order. */
export function onlyEstimators<T>(byEstimator: Record<string, T>, ids: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(byEstimator).filter(([id]) => ids.includes(id)));
}

function fnv1a(text: string, h = 0x811c9dc5): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * 8 hex digits over the groups' tasks, responses, feedback and outcomes (not advantages, which
 * depend on the run's estimator): equal for the same seed and configuration on the same backend.
 */
export function rolloutFingerprint(groups: readonly GroupRecords[]): string {
  let h = 0x811c9dc5;
  for (const group of groups) {
    for (const r of group) {
      h = fnv1a(`${r.task.task_id}|${r.outcome.success}|${r.turns.length}`, h);
      for (const turn of r.turns) h = fnv1a(`${turn.response}\u0001${turn.feedback ?? ''}`, h);
    }
  }
  return h.toString(16).padStart(8, '0');
}

const VOLATILE_METRICS = new Set(['timing', 'tokensPerSecond', 'numTensors', 'backend']);

/** 8 hex digits over an iteration's metrics, without the timing-dependent ones. */
export function metricsFingerprint(metrics: IterationMetrics): string {
  const stable = Object.entries(metrics).filter(([k]) => !VOLATILE_METRICS.has(k));
  return fnv1a(JSON.stringify(stable)).toString(16).padStart(8, '0');
}

/** Linear-interpolated quantile of sorted values. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Per response: A_y − A_x, for every trajectory of every group that carries both estimators. */
export function advantageDifferences(groups: readonly GroupRecords[], x: string, y: string): number[] {
  const out: number[] = [];
  for (const group of groups) {
    for (const r of group) {
      const ax = r.estimator_advantages?.[x]?.per_turn;
      const ay = r.estimator_advantages?.[y]?.per_turn;
      if (!ax || !ay) continue;
      for (let t = 0; t < Math.min(ax.length, ay.length); t++) out.push(ay[t] - ax[t]);
    }
  }
  return out;
}

export function divergenceSummary(iteration: number, groups: readonly GroupRecords[], x: string, y: string): DivergenceSummary | null {
  const diffs = advantageDifferences(groups, x, y).sort((a, b) => a - b);
  if (diffs.length === 0) return null;
  const q = (p: number) => quantile(diffs, p);
  return { iteration, quantiles: [q(0.1), q(0.25), q(0.5), q(0.75), q(0.9)], count: diffs.length };
}
