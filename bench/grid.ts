/**
 * Iteration time vs G, B and max turns (`BENCH_GRID=1 npm run bench`, or `npx tsx bench/grid.ts`):
 * one axis at a time around the default (G = 8, B = 8, 30 turns), Node wasm, from the initial
 * weights (the costliest iterations: episodes run long). Each point is a fresh Trainer; its first
 * `BENCH_GRID_ITERATIONS` (default 2) iterations are timed and the median is printed, split into
 * rollout and update, with the responses the update trained on.
 *
 * Env: BENCH_GRID_G (default "4,8,16"), BENCH_GRID_B (default "4,8,16"), BENCH_GRID_TURNS
 * (default "10,20,30"), BENCH_GRID_ITERATIONS.
 */
import { resolve } from 'node:path';
import { useNodeBackend } from '../src/cli/tf-node';
import { DEFAULT_CONFIG, Trainer, type IterationMetrics, type RunConfig } from '../src/core/train';
import { median } from '../src/bench/timing';

export interface GridPoint {
  groupSize: number;
  tasksPerIteration: number;
  maxTurns: number;
  iterations: number;
  totalMs: number;
  rolloutMs: number;
  updateMs: number;
  /** Responses per iteration (Σ_i T_i = mean turns × G × B), median. */
  responses: number;
}

const list = (v: string | undefined, fallback: number[]) => (v ? v.split(',').map(Number).filter((x) => x > 0) : fallback);

export async function gridPoint(overrides: Partial<RunConfig>, iterations: number): Promise<GridPoint> {
  const trainer = await Trainer.create({ ...DEFAULT_CONFIG, ...overrides }, { backend: 'wasm (node)' });
  const metrics: IterationMetrics[] = [];
  try {
    for (let i = 0; i < iterations; i++) metrics.push((await trainer.runIteration()).metrics);
  } finally {
    trainer.dispose();
  }
  const pick = (f: (m: IterationMetrics) => number) => median(metrics.map(f));
  return {
    groupSize: trainer.config.groupSize, tasksPerIteration: trainer.config.tasksPerIteration, maxTurns: trainer.maxTurns, iterations,
    totalMs: pick((m) => m.timing.totalMs), rolloutMs: pick((m) => m.timing.rolloutMs), updateMs: pick((m) => m.timing.updateMs),
    responses: pick((m) => m.meanTurns * trainer.config.groupSize * trainer.config.tasksPerIteration), // Σ_i T_i
  };
}

export function formatGrid(points: readonly GridPoint[]): string {
  const head = '    G    B turns  responses   total ms  rollout ms  update ms  ms/response';
  const rows = points.map((p) => [
    String(p.groupSize).padStart(5), String(p.tasksPerIteration).padStart(4), String(p.maxTurns).padStart(5),
    p.responses.toFixed(0).padStart(10), p.totalMs.toFixed(0).padStart(10), p.rolloutMs.toFixed(0).padStart(11),
    p.updateMs.toFixed(0).padStart(10), (p.totalMs / Math.max(1, p.responses)).toFixed(2).padStart(12),
  ].join(' '));
  return [head, ...rows].join('\n');
}

export async function benchGrid(print: (line: string) => void): Promise<GridPoint[]> {
  await useNodeBackend('wasm');
  const n = Number(process.env.BENCH_GRID_ITERATIONS ?? 2);
  const d = { G: DEFAULT_CONFIG.groupSize, B: DEFAULT_CONFIG.tasksPerIteration, T: 30 };
  const configs: Array<Partial<RunConfig>> = [];
  const seen = new Set<string>();
  const add = (G: number, B: number, T: number) => {
    const key = `${G}/${B}/${T}`;
    if (!seen.has(key)) configs.push({ groupSize: G, tasksPerIteration: B, maxTurns: T });
    seen.add(key);
  };
  list(process.env.BENCH_GRID_G, [4, 8, 16]).forEach((G) => add(G, d.B, d.T));
  list(process.env.BENCH_GRID_B, [4, 8, 16]).forEach((B) => add(d.G, B, d.T));
  list(process.env.BENCH_GRID_TURNS, [10, 20, 30]).forEach((T) => add(d.G, d.B, T));
  print(`Iteration time vs G, B, max turns (Node wasm, from the initial weights, median of ${n} iteration(s) per point):`);
  const points: GridPoint[] = [];
  for (const c of configs) {
    process.stderr.write(`bench: grid G=${c.groupSize} B=${c.tasksPerIteration} turns=${c.maxTurns}...\n`);
    points.push(await gridPoint(c, n));
  }
  print(formatGrid(points));
  return points;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/grid.ts')) {
  benchGrid((l) => process.stdout.write(`${l}\n`)).catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  });
}
