/**
 * Back-pressure between a trainer worker and IndexedDB. run-client answers each iteration report
 * with `paced(saved)` (`saved`: the page's write, or the worker's own write acknowledged:
 * workers/lab-save.ts), and the worker reports its next iteration only once that answer has come
 * (workers/trainer.worker.ts), training that next iteration meanwhile. So the page shows iteration
 * k + 1 only after iteration k (its metrics, report and checkpoint) is committed: a reload, a
 * closed tab or a crash loses at most one shown iteration per run, whatever the machine's load.
 * Training and saving overlap, so a run trains at the pace of the slower of the two.
 *
 * Saving that cannot go on for now (the database closed under the page: recorder's
 * `connectionLost`) lets every waiting run go on (`releaseWaiting`): a broken database is
 * announced and never stalls training. `?debug=unpaced` in the address turns back-pressure off,
 * for the throughput comparison in `npm run bench` only.
 */

const unpaced = typeof location === 'object' && new URLSearchParams(location.search).getAll('debug').includes('unpaced');

let release: () => void = () => undefined;
let released = new Promise<void>((resolve) => (release = resolve));

/** What a report's answer waits for: `saved`, unless saving was stopped meanwhile; nothing with `?debug=unpaced`. */
export function paced(saved: Promise<void>): Promise<void> | undefined {
  return unpaced ? undefined : Promise.race([saved, released]);
}

/** Saving stopped: every report waiting for its save is answered now. */
export function releaseWaiting(): void {
  release();
  released = new Promise<void>((resolve) => (release = resolve));
}
