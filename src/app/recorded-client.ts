/**
 * Shows a recorded run at once: fetches `recorded/<id>.runs.gz` (beside the page), decodes it and
 * writes its finished runs into the run store and its configuration into the config store, so the
 * curves and groups appear before anything trains. Train then builds live runs as usual.
 */
import { validateConfig } from '../core/train/config';
import { migrateLabAlpha } from '../state/lab-config';
import { classEvents } from '../state/class-store';
import { configEvents } from '../state/config-store';
import { runEvents, useRunStore, type RunTelemetry } from '../state/run-store';
import { recordingEvents } from '../state/recording-store';
import { decodeRecordedGroups, decodeRecordedRuns, type RecordedRuns } from './recorded-run';

export const RECORDED_ID_PREFIX = 'recorded-';

export function recordedUrl(id: string, part: 'runs' | 'groups' = 'runs'): string {
  return new URL(`recorded/${id}.${part}.gz`, document.baseURI).href;
}

/** The earlier iterations' groups, merged into the recorded runs still on show. */
async function addEarlierGroups(id: string, telemetry: RunTelemetry[]): Promise<void> {
  const response = await fetch(recordedUrl(id, 'groups'));
  if (!response.ok) return;
  const rest = decodeRecordedGroups(new Uint8Array(await response.arrayBuffer()));
  telemetry.forEach((run, i) => runEvents.groupsMerged(run.id, rest.runs[i] ?? {}));
}

/** "… recorded on Node wasm in 13.0 min …" → "Node wasm" (what the description names, or "another machine"). */
export function trainedOn(description: string): string {
  return /recorded on (.+?) in /.exec(description)?.[1] ?? 'another machine';
}

export function telemetryOf(file: RecordedRuns): RunTelemetry[] {
  return file.runs.map((r, i) => ({
    id: `${RECORDED_ID_PREFIX}${i + 1}-${r.estimator}`, estimator: r.estimator, status: 'finished', backend: 'recorded',
    notice: null, error: null, iteration: r.metrics.at(-1)?.iteration ?? 0, itersPerSecond: null, lastReportAt: null,
    metrics: r.metrics, groups: r.groups, divergence: r.divergence, fingerprint: r.fingerprint, metricsFingerprint: r.metricsFingerprint,
  }));
}

/** Fetch and show recording `id`, unless runs were started meanwhile. */
export async function showRecorded(id: string): Promise<boolean> {
  classEvents.recordedLoading();
  try {
    const response = await fetch(recordedUrl(id));
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const file = decodeRecordedRuns(new Uint8Array(await response.arrayBuffer()));
    if (useRunStore.getState().runs.length > 0) {
      classEvents.recordedDropped();
      return false;
    }
    // fields added to RunConfig after the recording get their defaults
    // (α, recorded as run.alphaInit before it was PlanPO's own parameter, moves to estimatorParams)
    const { config: lab } = migrateLabAlpha(file.config);
    const config = { ...lab, run: { ...validateConfig(lab.run).config, estimator: file.config.estimators[0], estimatorParams: {} } };
    configEvents.presetApplied(config);
    const telemetry = telemetryOf(file);
    runEvents.recordedLoaded(config, telemetry);
    recordingEvents.kept({ config, trainedOn: trainedOn(file.description), runs: file.runs.map((r) => ({ estimator: r.estimator, metrics: r.metrics })) });
    classEvents.recordedShown(file.description);
    window.setTimeout(() => void addEarlierGroups(id, telemetry).catch(() => undefined), 0);
    return true;
  } catch (error) {
    classEvents.recordedFailed(`recorded runs "${id}" could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

export function showingRecorded(): boolean {
  return useRunStore.getState().runs.some((r) => r.id.startsWith(RECORDED_ID_PREFIX));
}
