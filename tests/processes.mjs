// Every live process's parent and processor seconds, read from /proc (Linux only): the one reader of
// tests/cpu-time.mjs and the measuring scripts beside the browser tests (tests/browser/process-cpu.ts).
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ: clock ticks per second in /proc/<pid>/stat

/** pid → { parent, cpu: utime + stime in seconds } of every process now alive. */
export function processes() {
  const table = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), { parent: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS });
    } catch {
      // ended while listed
    }
  }
  return table;
}
