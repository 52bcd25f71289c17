/**
 * A run's per-iteration metrics as files: CSV (one row per iteration, nested timing fields as
 * `timing.rolloutMs` columns, null as an empty cell) and JSON (format `rollout-lab.metrics.v1`:
 * the run's id, estimator and config beside the IterationMetrics list). Pure functions.
 */
import type { RunConfig } from '../../train/config';
import type { IterationMetrics } from '../../train/metrics';

export const METRICS_FORMAT = 'rollout-lab.metrics.v1';

type Flat = Record<string, string | number | boolean | null>;

function flatten(value: object, prefix = '', out: Flat = {}): Flat {
  for (const [key, v] of Object.entries(value)) {
    const name = prefix + key;
    if (v !== null && typeof v === 'object') flatten(v as object, `${name}.`, out);
    else out[name] = v as Flat[string];
  }
  return out;
}

function cell(v: Flat[string] | undefined): string {
  if (v === null || v === undefined) return '';
  const text = String(v);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header + one line per iteration; `estimator` first, then every metric (columns in first-seen order). */
export function metricsToCsv(metrics: readonly IterationMetrics[], estimator: string): string {
  const rows = metrics.map((m) => ({ estimator, ...flatten(m) }));
  const columns = rows.length > 0 ? [...new Set(rows.flatMap((row) => Object.keys(row)))] : ['estimator', 'iteration'];
  const lines = [columns.join(','), ...rows.map((row) => columns.map((c) => cell((row as Flat)[c])).join(','))];
  return `${lines.join('\n')}\n`;
}

export interface MetricsFile {
  format: typeof METRICS_FORMAT;
  run: string;
  estimator: string;
  config: RunConfig;
  metrics: IterationMetrics[];
}

export function metricsToJson(metrics: readonly IterationMetrics[], run: { id: string; estimator: string; config: RunConfig }): string {
  const file: MetricsFile = { format: METRICS_FORMAT, run: run.id, estimator: run.estimator, config: run.config, metrics: metrics.slice() };
  return `${JSON.stringify(file, null, 1)}\n`;
}

/** `grpo-household-v0-seed1-metrics.csv` */
export function runFileStem(config: RunConfig, estimator: string): string {
  return `${estimator}-${config.env}-seed${config.seed}`.replace(/[^\w.-]+/g, '_');
}
