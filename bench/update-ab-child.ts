/**
 * One side of bench/update-ab.ts: loads the tree at argv[2] (its own src/ and bench/), builds the
 * PyTorch peer's update mini-batch with that tree's code (bench/pytorch/peer-batch.ts, BENCH_AB_WARM
 * iterations trained first, default 0), then answers each "go" line with the CPU time (process user +
 * system, ms) of one production Adam step on it.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const root = path.resolve(process.argv[2] ?? '.');
const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
const tfNode = (await load('src/cli/tf-node.ts')) as { useNodeBackend(name: string): Promise<string> };
await tfNode.useNodeBackend('wasm');
const pb = (await load('bench/pytorch/peer-batch.ts')) as {
  makePeerBatch(warm: number): Promise<unknown>;
  updateStep(peer: unknown): Promise<unknown>;
};
const peer = await pb.makePeerBatch(Number(process.env.BENCH_AB_WARM ?? 0));
await pb.updateStep(peer); // warm-up, not timed
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'go') break;
  const cpu0 = process.cpuUsage();
  await pb.updateStep(peer);
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(`${(cpu.user + cpu.system) / 1000}\n`);
}
