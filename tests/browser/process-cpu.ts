/**
 * Processor seconds of a process tree, read from /proc (Linux only), for the measuring scripts next
 * to the browser tests (measure-page-load.ts, measure-training-page.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // clock ticks per second (USER_HZ on Linux)

/** utime + stime, in seconds, of `root` and every live process below it, by pid. */
export function treeCpu(root: number): Map<number, number> {
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      cpu.set(Number(name), (Number(fields[11]) + Number(fields[12])) / TICK);
    } catch {
      // ended while listed
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return new Map([...cpu].filter(([pid]) => inTree(pid)));
}
