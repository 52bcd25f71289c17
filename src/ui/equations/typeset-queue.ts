/**
 * Typesetting spread over tasks: each queued job runs in a main-thread task of its own (a zero-delay
 * timer after the one before), so refreshing several worked equations while runs train is several
 * short tasks instead of one long one (KaTeX takes ~10–30 ms per worked line on the 2-core machine).
 * What the jobs typeset is shown all at once: once the queue has run dry, every `shown` callback of
 * the jobs that ran is called in one more task of its own, so the page takes the new lines in one
 * render, one layout and one paint instead of one per line (each of those frames lays out and paints
 * the whole page), and a worked equation never shows some lines with the new numbers and some with
 * the old.
 */
export interface TypesetQueue {
  /**
   * Runs `job` in a later task of its own, and `shown` with every other job's once the queue has run
   * dry; the returned function takes both back if they have not run.
   */
  enqueue(job: () => void, shown?: () => void): () => void;
  /** Jobs waiting. */
  readonly size: number;
}

interface Entry {
  job: () => void;
  shown?: () => void;
}

export function typesetQueue(schedule: (run: () => void) => void = (run) => { setTimeout(run, 0); }): TypesetQueue {
  const jobs: Entry[] = [];
  const ran: Entry[] = []; // jobs done, their `shown` waiting for the queue to run dry
  let scheduled = false;
  const later = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(next);
  };
  const next = () => {
    scheduled = false;
    const entry = jobs.shift();
    if (!entry) {
      for (const done of ran.splice(0)) done.shown?.();
      return;
    }
    if (entry.shown) ran.push(entry);
    if (jobs.length > 0 || ran.length > 0) later();
    entry.job();
  };
  return {
    enqueue(job, shown) {
      const entry: Entry = { job, shown };
      jobs.push(entry);
      later();
      return () => {
        for (const list of [jobs, ran]) {
          const k = list.indexOf(entry);
          if (k >= 0) list.splice(k, 1);
        }
      };
    },
    get size() {
      return jobs.length;
    },
  };
}
