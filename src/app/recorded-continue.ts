/**
 * Continue the recorded runs: fetch each run's final weights (recorded/<id>.<estimator>.checkpoint.gz),
 * hand them to run-client as restored runs, and keep the recorded curves on screen; the next Train
 * or Step builds their workers from those weights (Adam restarts) and extends the curves past K.
 */
import { checkpointFromJson } from '../core/train/checkpoint';
import { useRunStore } from '../state/run-store';
import { runEvents } from '../state/run-store';
import { unpackCheckpoint } from './recorded-run';
import { runsRestored } from './run-client';

export async function continueRecorded(id: string, more = 60): Promise<void> {
  const { runs, startedWith } = useRunStore.getState();
  if (!startedWith) return;
  const config = { ...startedWith, run: { ...startedWith.run, iterations: startedWith.run.iterations + more } };
  const checkpoints = await Promise.all(runs.map(async (r) => {
    const response = await fetch(new URL(`recorded/${id}.${r.estimator}.checkpoint.gz`, document.baseURI).href);
    if (!response.ok) throw new Error(`checkpoint of ${r.estimator}: ${response.status} ${response.statusText}`);
    const cp = checkpointFromJson(unpackCheckpoint(new Uint8Array(await response.arrayBuffer())));
    return { ...cp, config: { ...cp.config, iterations: config.run.iterations } };
  }));
  const kept = useRunStore.getState().runs;
  runsRestored({ config, runs: kept.map((r, i) => ({ id: r.id, estimator: r.estimator, checkpoint: checkpoints[i] })) });
  runEvents.recordedLoaded(config, kept.map((r) => ({ ...r, status: 'paused' })));
}
