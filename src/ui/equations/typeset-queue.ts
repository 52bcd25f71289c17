/**
 * Typesetting spread over tasks: each queued job runs in a main-thread task of its own (a zero-delay
 * timer after the one before), so refreshing several worked equations while runs train is several
 * short tasks instead of one long one (KaTeX takes ~10–30 ms per worked line on the 2-core machine).
 */
export interface TypesetQueue {
  /** Runs `job` in a later task of its own; the returned function takes it back if it has not run. */
  enqueue(job: () => void): () => void;
  /** Jobs waiting. */
  readonly size: number;
}

export function typesetQueue(schedule: (run: () => void) => void = (run) => { setTimeout(run, 0); }): TypesetQueue {
  const jobs: Array<() => void> = [];
  let scheduled = false;
  const next = () => {
    scheduled = false;
    const job = jobs.shift();
    if (!job) return;
    if (jobs.length > 0) {
      scheduled = true;
      schedule(next);
    }
    job();
  };
  return {
    enqueue(job) {
      jobs.push(job);
      if (!scheduled) {
        scheduled = true;
        schedule(next);
      }
      return () => {
        const k = jobs.indexOf(job);
        if (k >= 0) jobs.splice(k, 1);
      };
    },
    get size() {
      return jobs.length;
    },
  };
}
