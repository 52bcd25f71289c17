/**
 * `npm run bench`: median time of one default training iteration, split into rollout / advantage
 * / update, tokens per second, and PlanPO's advantage overhead over GRPO as a share of the
 * iteration. Benchmarks print figures; tests never assert timings.
 *
 * Env: BENCH_ITERATIONS (wasm, default 5), BENCH_CPU_ITERATIONS (default 1), BENCH_BACKENDS
 * (default "wasm,cpu"), BENCH_JSON=1 to print the rows as JSON Lines instead of a table.
 * Parts that add more rows (e.g. headless Chromium) push onto `rows` and reuse `formatRows`.
 */
import { benchNode } from './node';
import { formatRows, type BenchRow } from './report';
import type { NodeBackend } from '../src/cli/tf-node';

async function main(): Promise<void> {
  const backends = (process.env.BENCH_BACKENDS ?? 'wasm,cpu').split(',') as NodeBackend[];
  const rows: BenchRow[] = [];
  for (const backend of backends) {
    const n = Number(backend === 'cpu' ? process.env.BENCH_CPU_ITERATIONS ?? 1 : process.env.BENCH_ITERATIONS ?? 5);
    process.stderr.write(`bench: node ${backend}, ${n} default iteration(s)...\n`);
    rows.push(await benchNode(backend, n));
  }
  if (process.env.BENCH_JSON) rows.forEach((r) => process.stdout.write(JSON.stringify(r) + '\n'));
  else process.stdout.write(formatRows(rows) + '\n');
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
