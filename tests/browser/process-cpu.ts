/**
 * Processor seconds of a process tree, from /proc (Linux only), for the measuring scripts next to
 * the browser tests (measure-page-load.ts, measure-training-page.ts).
 */
import { processes } from '../processes.mjs';

/** utime + stime, in seconds, of `root` and every live process below it, by pid. */
export function treeCpu(root: number): Map<number, number> {
  const table = processes();
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = table.get(p)?.parent) if (p === root) return true;
    return false;
  };
  return new Map([...table].filter(([pid]) => inTree(pid)).map(([pid, { cpu }]) => [pid, cpu]));
}
