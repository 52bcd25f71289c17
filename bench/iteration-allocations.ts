/**
 * Where a default iteration allocates: V8's sampling heap profiler over `--iterations` default
 * iterations from the initial weights (a fresh Trainer each, after one untimed warm-up), every
 * allocation counted whether or not it was collected since, summed per allocating function. A
 * built-in (`split`, `Set`, `sort`, …) is charged to the project or library function that called
 * it (`caller <- split`). Garbage collection was 10–18 % of an iteration's CPU profile: this says
 * whose garbage it is.
 *
 *   npx tsx bench/iteration-allocations.ts [--iterations 2] [--top 25]      (Node, wasm, one thread)
 *
 * `BENCH_ALLOCATIONS=1 npm run bench` runs it as a row of the bench.
 */
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { DEFAULT_CONFIG, Trainer } from '../src/core/train';
import { useNodeBackend } from '../src/cli/tf-node';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** Bytes per allocating site: a frame with a source file, or its nearest such caller for a built-in. */
function bySite(root: ProfileNode): Map<string, number> {
  const sites = new Map<string, number>();
  const walk = (node: ProfileNode, owner: string): void => {
    const { functionName, url } = node.callFrame;
    const name = functionName || '(anonymous)';
    const file = url.replace(/^.*\/(src|workers|node_modules)\//, '$1/');
    const here = url ? `${name} ${file}` : null;
    const site = here ?? `${owner} <- ${name}`;
    sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, here ?? owner);
  };
  walk(root, '(root)');
  return sites;
}

async function iteration(): Promise<void> {
  const trainer = await Trainer.create({ ...DEFAULT_CONFIG }, { backend: 'wasm (node)' });
  await trainer.runIteration();
  trainer.dispose();
}

export interface AllocationFigures {
  iterations: number;
  /** Bytes allocated per default iteration, Trainer.create included, in MB. */
  totalMb: number;
  /** The largest sites, MB per iteration. */
  sites: Array<{ site: string; mb: number }>;
}

export async function benchAllocations(iterations = 2, top = 25): Promise<AllocationFigures> {
  await useNodeBackend('wasm');
  await iteration(); // warm-up: module-level tables and memos filled, code compiled
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < iterations; i++) await iteration();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  const sites = bySite(profile.head as unknown as ProfileNode);
  const total = [...sites.values()].reduce((a, b) => a + b, 0);
  return {
    iterations,
    totalMb: total / iterations / 1e6,
    sites: [...sites].sort((a, b) => b[1] - a[1]).slice(0, top).map(([site, bytes]) => ({ site, mb: bytes / iterations / 1e6 })),
  };
}

export function formatAllocations(f: AllocationFigures): string {
  return [`  ${f.totalMb.toFixed(1)} MB allocated per default iteration (Trainer.create included; ${f.iterations} iterations sampled)`,
    ...f.sites.map((s) => `  ${s.mb.toFixed(1).padStart(7)} MB  ${s.site}`)].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string, fallback: number) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  const figures = await benchAllocations(arg('iterations', 2), arg('top', 25));
  process.stdout.write(`Where a default iteration allocates (Node wasm, V8's sampling heap profiler):\n${formatAllocations(figures)}\n`);
}
