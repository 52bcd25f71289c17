/**
 * Continue the recorded runs: fetch each run's run file (recorded/<id>.<estimator>.rlrun: its final
 * weights and Adam state, validated like any run file), hand the checkpoints to run-client as
 * restored runs, and keep the recorded curves on screen; the next Train or Step builds their
 * workers from those checkpoints and extends the curves past K, as if training had never stopped.
 */
import { decodeRunFile, RUN_FILE_EXTENSION } from '../core/train/run-file';
import { useRunStore } from '../state/run-store';
import { runEvents } from '../state/run-store';
import { runsRestored } from './run-client';

export async function continueRecorded(id: string, more = 60): Promise<void> {
  const { runs, startedWith } = useRunStore.getState();
  if (!startedWith) return;
  const config = { ...startedWith, run: { ...startedWith.run, iterations: startedWith.run.iterations + more } };
  const checkpoints = await Promise.all(runs.map(async (r) => {
    const name = `${id}.${r.estimator}${RUN_FILE_EXTENSION}`;
    const response = await fetch(new URL(`recorded/${name}`, document.baseURI).href);
    if (!response.ok) throw new Error(`run file of ${r.estimator}: ${response.status} ${response.statusText}`);
    const cp = decodeRunFile(new Uint8Array(await response.arrayBuffer())).checkpoint;
    if (!cp) throw new Error(`${name} holds no checkpoint`);
    return { ...cp, config: { ...cp.config, iterations: config.run.iterations } };
  }));
  const kept = useRunStore.getState().runs;
  runsRestored({ config, runs: kept.map((r, i) => ({ id: r.id, estimator: r.estimator, checkpoint: checkpoints[i] })) });
  runEvents.recordedLoaded(config, kept.map((r) => ({ ...r, status: 'paused' })));
}
