/**
 * A lab run's kept iterations as rollouts.v1 JSON Lines, with every compared estimator's
 * advantages in the same `advantages.estimators` extension an import exports, so a training run
 * opens in the import view like any other file.
 */
import { withEstimatorAdvantages } from '../../core/io/export/estimator-advantages';
import { rolloutLines } from '../../core/io/export/write-rollouts';
import { useRunStore } from '../../state/run-store';
import { downloadBlob } from './download';

export function runRecordsText(runId: string): string[] {
  const run = useRunStore.getState().runs.find((r) => r.id === runId);
  if (!run) return [];
  const iterations = Object.keys(run.groups).map(Number).sort((a, b) => a - b);
  const records = iterations.flatMap((k) => run.groups[k].flat()).map((record) => {
    const { estimator_advantages: byEstimator, ...rest } = record;
    const estimators = Object.fromEntries(Object.entries(byEstimator).map(([id, slice]) => [id, { per_turn: slice.per_turn.slice() }]));
    return withEstimatorAdvantages(rest, estimators);
  });
  return rolloutLines(records);
}

export function exportRun(runId: string): void {
  const run = useRunStore.getState().runs.find((r) => r.id === runId);
  downloadBlob(new Blob(runRecordsText(runId), { type: 'application/x-ndjson' }), `rollout-lab-${run?.estimator ?? 'run'}-${runId}.rollouts.jsonl`);
}
