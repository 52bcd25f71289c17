/**
 * One side of the interleaved old/new comparison (bench/speed.ts): loads the training code of the
 * tree at argv[2] (its own src/ and node_modules, so two trees never share a tfjs instance), then
 * answers each "round" line on stdin with one JSON line: the timing of a default iteration from the
 * initial weights (a fresh Trainer each round, so every round does the same work) and its CPU time.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

interface TrainModule {
  DEFAULT_CONFIG: Record<string, unknown>;
  Trainer: {
    create(config: unknown, options: unknown): Promise<{
      runIteration(): Promise<{ metrics: { timing: Record<string, number>; numTensors: number } }>;
      dispose(): void;
    }>;
  };
}

async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? '.');
  const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
  const tfNode = (await load('src/cli/tf-node.ts')) as { useNodeBackend(name: string): Promise<string> };
  await tfNode.useNodeBackend('wasm');
  const train = (await load('src/core/train/index.ts')) as TrainModule;
  const round = async () => {
    const trainer = await train.Trainer.create({ ...train.DEFAULT_CONFIG }, { backend: 'wasm (node)' });
    const cpu0 = process.cpuUsage();
    const { metrics } = await trainer.runIteration();
    const cpu = process.cpuUsage(cpu0);
    trainer.dispose();
    return { ...metrics.timing, numTensors: metrics.numTensors, cpuMs: (cpu.user + cpu.system) / 1000 };
  };
  process.stdout.write(JSON.stringify({ ready: true }) + '\n');
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() !== 'round') break;
    process.stdout.write(JSON.stringify(await round()) + '\n');
  }
}

main().catch((error) => {
  process.stderr.write(`speed-child failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
