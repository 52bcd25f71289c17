/**
 * A diagnostic for the lab's responsiveness bench on Linux: lowers the OS priority (nice) of the
 * trainer workers' threads in every running Chromium renderer, so the page's main thread no longer
 * competes with them for a core. It answers one question: how much of the page's long tasks is its
 * own work, and how much is waiting for a core that both trainers keep busy? Web pages cannot do
 * this themselves; the bench does it from outside, through /proc and renice.
 *
 * Chromium names a dedicated worker's thread "DedicatedWorker thread" (the kernel keeps the first
 * 15 characters: "DedicatedWorker").
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process or thread ended while we looked
  }
}

/** Thread ids of dedicated workers in the Chromium renderers that are running now. */
export function workerThreadIds(): number[] {
  const ids: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    const cmd = read(`/proc/${pid}/cmdline`);
    if (!cmd?.includes('chromium') || !cmd.includes('--type=renderer')) continue;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) if (read(`/proc/${pid}/task/${tid}/comm`)?.trim() === 'DedicatedWorker') ids.push(Number(tid));
  }
  return ids;
}

/** Sets the nice value of every dedicated-worker thread found now; returns how many it set. */
export function niceWorkers(nice: number): number {
  const ids = workerThreadIds();
  if (ids.length > 0) execFileSync('renice', ['-n', String(nice), '-p', ...ids.map(String)], { stdio: 'ignore' });
  return ids.length;
}
