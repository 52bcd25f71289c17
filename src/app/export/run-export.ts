/**
 * "Export run": one lab run as a `.rlrun` file (src/core/train/run-file.ts): its RunConfig and the
 * lab's link configuration, every iteration's metrics, the worker's checkpoint (weights, Adam
 * state, iteration), and the iteration reports the store still holds that `keepReport` keeps.
 */
import { randomId } from '../random-id';
import type { Checkpoint } from '../../core/train/checkpoint';
import { encodeRunFile, keepReport, RUN_FILE_EXTENSION, RUN_FILE_FORMAT, RUN_FILE_MIME, type SavedReport, type SavedRun } from '../../core/train/run-file';
import type { RunTelemetry } from '../../state/run-store';
import { runConfigsOf, type LabConfig } from '../../state/lab-config';
import { downloadBlob, downloadText } from './download';
import { metricsToCsv, metricsToJson, runFileStem } from '../../core/io/export/metrics';

/** The run's own RunConfig: the lab's shared one with this run's estimator. */
export function runConfigOf(run: Pick<RunTelemetry, 'estimator'>, lab: LabConfig) {
  const index = lab.estimators.indexOf(run.estimator);
  return runConfigsOf(lab)[index >= 0 ? index : 0] ?? { ...lab.run, estimator: run.estimator, estimatorParams: {} };
}

/** Telemetry + checkpoint → SavedRun. Metrics and reports past the checkpoint's iteration are left out, so the file is one consistent moment. */
export function savedRunFromTelemetry(run: RunTelemetry, lab: LabConfig, checkpoint: Checkpoint | null, meta: { id: string; now: Date }): SavedRun {
  const latest = checkpoint ? checkpoint.iteration : run.iteration;
  const reports: SavedReport[] = Object.entries(run.groups)
    .map(([k, groups]) => ({ iteration: Number(k), groups }))
    .filter((r) => keepReport(r.iteration, latest))
    .sort((a, b) => a.iteration - b.iteration)
    .map((r) => ({ ...r, divergence: run.divergence.find((d) => d.iteration === r.iteration) ?? null }));
  const config = checkpoint?.config ?? runConfigOf(run, lab);
  const at = meta.now.toISOString();
  return {
    format: RUN_FILE_FORMAT,
    id: meta.id,
    name: `${run.estimator} on ${config.env}, seed ${config.seed}, iteration ${latest}`,
    createdAt: at,
    updatedAt: at,
    config,
    lab: { estimators: lab.estimators.slice(), backend: lab.backend, slack: lab.slack },
    metrics: run.metrics.filter((m) => m.iteration <= latest),
    checkpoint,
    reports,
  };
}

export function downloadMetricsCsv(run: RunTelemetry, lab: LabConfig): void {
  downloadText(metricsToCsv(run.metrics, run.estimator), `${runFileStem(lab.run, run.estimator)}-metrics.csv`, 'text/csv');
}

export function downloadMetricsJson(run: RunTelemetry, lab: LabConfig): void {
  const config = runConfigOf(run, lab);
  downloadText(metricsToJson(run.metrics, { id: run.id, estimator: run.estimator, config }), `${runFileStem(lab.run, run.estimator)}-metrics.json`, 'application/json');
}

/** Save the run as a .rlrun file; `checkpoint` comes from the run's worker (run-client's runCheckpoint). */
export function downloadRunFile(run: RunTelemetry, lab: LabConfig, checkpoint: Checkpoint | null): SavedRun {
  const saved = savedRunFromTelemetry(run, lab, checkpoint, { id: randomId(), now: new Date() });
  const bytes = encodeRunFile(saved);
  downloadBlob(new Blob([bytes as BlobPart], { type: RUN_FILE_MIME }), `${runFileStem(saved.config, run.estimator)}-it${saved.checkpoint?.iteration ?? run.iteration}${RUN_FILE_EXTENSION}`);
  return saved;
}
