/**
 * The update step, old code vs this code, in one interleaved run: two child processes
 * (bench/update-ab-child.ts), one per tree, each build the same update mini-batch (the PyTorch
 * peer's, same seed) and take turns timing one Adam step on it (old first on odd rounds, new first
 * on even ones). Times are CPU time (process user + system), which the load of a shared machine
 * inflates far less than wall time. Prints medians, the new/old ratio and each round's ratio (paired:
 * both sides of a round saw about the same load) with their median.
 *
 *   npx tsx bench/update-ab.ts <old tree> [new tree, default .]
 *
 * The old tree: e.g. `git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/`.
 * Env: BENCH_AB_ROUNDS (default 11), BENCH_AB_WARM (iterations trained before the batch, default 0).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { median } from '../src/bench/timing';

function side(root: string) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'update-ab-child.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, root], { stdio: ['pipe', 'pipe', 'ignore'] });
  const queue: string[] = [];
  let waiting: ((line: string) => void) | null = null;
  createInterface({ input: child.stdout }).on('line', (l) => (waiting ? (waiting(l), (waiting = null)) : queue.push(l)));
  child.on('exit', () => waiting?.('exit'));
  const next = (): Promise<string> => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise((r) => (waiting = r)));
  return {
    ready: async () => {
      if ((await next()) !== 'ready') throw new Error(`${root}: the child did not start`);
    },
    step: async () => {
      child.stdin.write('go\n');
      const ms = Number(await next());
      if (!Number.isFinite(ms)) throw new Error(`${root}: the child failed`);
      return ms;
    },
    close: () => child.stdin.end(),
  };
}

const [oldRoot, newRoot = '.'] = process.argv.slice(2);
if (!oldRoot) throw new Error('usage: npx tsx bench/update-ab.ts <old tree> [new tree]');
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 11);
const sides = [side(path.resolve(oldRoot)), side(path.resolve(newRoot))];
try {
  await Promise.all(sides.map((s) => s.ready()));
  const ms: number[][] = [[], []];
  for (let r = 0; r < rounds; r++) {
    for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) ms[i].push(await sides[i].step());
  }
  const [o, n] = ms.map(median);
  console.log(`Update step, old (${oldRoot}) vs new (${newRoot}), CPU ms, ${rounds} interleaved rounds:`);
  console.log(`  old median ${o.toFixed(1)} ms, new median ${n.toFixed(1)} ms, new/old ${(n / o).toFixed(2)}×`);
  const ratios = ms[0].map((x, r) => ms[1][r] / x);
  console.log(`  per-round new/old: ${ratios.map((x) => x.toFixed(2)).join(' ')} (median ${median(ratios).toFixed(2)}×)`);
} finally {
  sides.forEach((s) => s.close());
}
