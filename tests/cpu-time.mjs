// `node tests/cpu-time.mjs CMD [ARGS...]`: runs a command (output as usual) and prints, when it ends,
// its wall seconds, the processor seconds of its whole process tree and the mean 1-minute load
// while it ran. Linux only (reads /proc).
//
// Why not `/usr/bin/time -v`: it adds up only the descendants that were waited for, and misses part
// of the Chromium that Playwright starts (`/usr/bin/time node tests/cpu-time.mjs npx tsx
// tests/browser/measure-page-load.ts 1`: user + sys 11.9 s there, 16.8 s here). This samples the tree every half second instead, threads included, and keeps each
// process's last reading: a process that ends between two samples loses at most its last half
// second.
//
// The processor seconds are also split by kind of process (node, Chromium's browser, renderer, GPU and
// utility processes, other), read from each process's command line, to show where a suite's time goes.
//
// Processor seconds change less with a shared machine's load than wall seconds, but they do change
// (contention costs processor time too): compare configurations in alternating runs all the same.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { processes, processKind } from './processes.mjs';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node tests/cpu-time.mjs CMD [ARGS...]');
  process.exit(2);
}


const started = Date.now();
const child = spawn(cmd, args, { stdio: 'inherit' });
const lastSeen = new Map();
/** pid → kind of process at its last sample (processKind; a process that ended keeps the kind it had). */
const kinds = new Map();
function kindOf(pid) {
  const kind = processKind(pid) ?? kinds.get(pid) ?? 'other';
  kinds.set(pid, kind);
  return kind;
}
const loads = [];
function sample() {
  const table = processes();
  for (const [pid, { cpu }] of table) {
    let p = pid;
    while (p > 1 && p !== child.pid) p = table.get(p)?.parent ?? 0;
    if (p === child.pid) {
      lastSeen.set(pid, Math.max(lastSeen.get(pid) ?? 0, cpu));
      kindOf(pid);
    }
  }
  loads.push(Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]));
}
const timer = setInterval(sample, 500);
sample();
child.on('close', (code, signal) => {
  clearInterval(timer);
  const wall = (Date.now() - started) / 1000;
  const cpu = [...lastSeen.values()].reduce((a, b) => a + b, 0);
  const load = loads.reduce((a, b) => a + b, 0) / loads.length;
  const byKind = new Map();
  for (const [pid, seconds] of lastSeen) byKind.set(kinds.get(pid) ?? 'other', (byKind.get(kinds.get(pid) ?? 'other') ?? 0) + seconds);
  const split = [...byKind].sort((a, b) => b[1] - a[1]).map(([kind, seconds]) => `${kind} ${seconds.toFixed(1)}`).join(', ');
  console.log(`cpu-time: ${wall.toFixed(0)} s wall, ${cpu.toFixed(1)} processor seconds, mean load ${load.toFixed(1)} (exit ${code ?? signal})`);
  console.log(`cpu-time by process: ${split}`);
  process.exit(code ?? 1);
});
