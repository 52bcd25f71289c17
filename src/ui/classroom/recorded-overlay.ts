/**
 * Whether the training curves draw the recording under the live runs: only when every run on
 * screen is live and was started with the recording's recipe (the same run settings and
 * estimators; the iteration count, thread count and backend may differ), so the dashed lines are a
 * fair "what the recording did with these very settings". Pure: plain data in, plain data out.
 */
import type { IterationMetrics } from '../../core/train/metrics';
import type { LabConfig } from '../../state/lab-config';
import type { Recording } from '../../state/recording-store';

/** Run settings that may differ between the recording and a live run without changing the recipe. */
const NOT_RECIPE = new Set(['iterations', 'threads', 'estimator']);

function recipe(config: LabConfig): string {
  const run = Object.entries(config.run).filter(([k]) => !NOT_RECIPE.has(k)).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({ run, estimators: config.estimators, estimatorParams: config.estimatorParams ?? {}, slack: config.slack });
}

export interface Overlay {
  trainedOn: string;
  runs: Array<{ estimator: string; metrics: IterationMetrics[] }>;
}

export function recordedOverlay(
  recording: Recording | null,
  startedWith: LabConfig | null,
  runs: ReadonlyArray<{ backend: string | null }>,
): Overlay | null {
  if (recording === null || startedWith === null || runs.length === 0) return null;
  if (runs.some((r) => r.backend === 'recorded')) return null; // the recording itself is on screen
  if (recipe(startedWith) !== recipe(recording.config)) return null;
  return { trainedOn: recording.trainedOn, runs: recording.runs };
}
