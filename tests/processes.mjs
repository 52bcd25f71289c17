// Processes and threads read from /proc (Linux only): their parent, kind and processor seconds. The one
// reader of tests/cpu-time.mjs and the measuring scripts beside the browser tests (tests/browser/process-cpu.ts,
// tests/browser/measure-threads.ts).
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ: clock ticks per second in /proc/<pid>/stat

/** Name, parent and utime + stime in seconds from a /proc stat file; null once the process or thread ended. */
function readStat(path) {
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), parent: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return null; // ended while listed
  }
}

/** pid → { parent, cpu: utime + stime in seconds } of every process now alive. */
export function processes() {
  const table = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(`/proc/${name}/stat`);
    if (stat) table.set(Number(name), { parent: stat.parent, cpu: stat.cpu });
  }
  return table;
}

/**
 * What a process is, from its command line now: "chromium renderer" (or gpu-process, utility…),
 * "chromium browser", "node", else its executable's name; null once it ended (or while its command
 * line is empty, as a zombie's is). Read again each time:
 * a shell that execs Chromium, or a zygote's fork that becomes a renderer, changes its command line.
 */
export function processKind(pid) {
  try {
    // Chromium's forked children rewrite their title into one space-separated string: match, don't split.
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const exe = cmdline.split(' ')[0] ?? '';
    const type = /--type=(\S+)/.exec(cmdline)?.[1];
    if (/chrom/.test(exe)) return type ? `chromium ${type}` : 'chromium browser';
    if (/(^|\/)node$/.test(exe)) return 'node';
    return exe ? exe.split('/').pop() : null;
  } catch {
    return null; // ended while read
  }
}

/** tid → { name, cpu: utime + stime in seconds } of every live thread of process `pid` (empty once it ended). */
export function threadsOf(pid) {
  const table = new Map();
  let tids;
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return table; // ended while listed
  }
  for (const tid of tids) {
    const stat = readStat(`/proc/${pid}/task/${tid}/stat`);
    if (stat) table.set(Number(tid), { name: stat.name, cpu: stat.cpu });
  }
  return table;
}
