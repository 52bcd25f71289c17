/**
 * Time to competence (`BENCH_COMPETENCE=1 npm run bench`, or `npx tsx bench/competence.ts`): seconds
 * and iterations until an estimator's 10-iteration mean training success first reaches 0.8 on
 * household-v0 pick-and-place, seed 1, RunConfig defaults, Node wasm (one run at a time, as the CLI's
 * `train` runs it: every estimator compared, records built).
 *
 * "Training seconds" is the sum of the iterations' own totalMs (what the trainer spends); "wall" adds
 * start-up and the metrics loop. Env: BENCH_COMPETENCE_ESTIMATORS (default "planpo,grpo"),
 * BENCH_COMPETENCE_MAX (iteration cap, default 150), BENCH_COMPETENCE_SEED (default 1),
 * BENCH_COMPETENCE_OUT (a folder: one JSON line of metrics per iteration per estimator, so a killed
 * run still tells something).
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { useNodeBackend } from '../src/cli/tf-node';
import { DEFAULT_CONFIG, Trainer } from '../src/core/train';

export interface CompetenceFigure {
  estimator: string;
  seed: number;
  /** First iteration whose 10-iteration mean success is ≥ 0.8; null if not reached by `maxIterations`. */
  iterations: number | null;
  trainingSeconds: number;
  wallSeconds: number;
  maxIterations: number;
  /** The 10-iteration mean at the end. */
  finalMean: number;
}

export const COMPETENCE_THRESHOLD = 0.8;
export const COMPETENCE_WINDOW = 10;

export async function timeToCompetence(estimator: string, seed: number, maxIterations: number, out?: string): Promise<CompetenceFigure> {
  await useNodeBackend('wasm');
  const t0 = performance.now();
  const trainer = await Trainer.create({ ...DEFAULT_CONFIG, estimator, seed, iterations: maxIterations }, { backend: 'wasm (node)' });
  const success: number[] = [];
  let trainingMs = 0;
  let reached: number | null = null;
  if (out) writeFileSync(out, '');
  try {
    while (trainer.iteration < maxIterations && reached === null) {
      const { metrics } = await trainer.runIteration();
      trainingMs += metrics.timing.totalMs;
      success.push(metrics.successRate);
      if (out) appendFileSync(out, JSON.stringify(metrics) + '\n');
      const window = success.slice(-COMPETENCE_WINDOW);
      if (window.length === COMPETENCE_WINDOW && window.reduce((a, b) => a + b, 0) / COMPETENCE_WINDOW >= COMPETENCE_THRESHOLD) {
        reached = trainer.iteration;
      }
    }
  } finally {
    trainer.dispose();
  }
  const last = success.slice(-COMPETENCE_WINDOW);
  return {
    estimator, seed, iterations: reached, maxIterations, trainingSeconds: trainingMs / 1000,
    wallSeconds: (performance.now() - t0) / 1000, finalMean: last.reduce((a, b) => a + b, 0) / Math.max(1, last.length),
  };
}

export function formatCompetence(f: CompetenceFigure): string {
  const reached = f.iterations === null ? `not reached in ${f.maxIterations} iterations (10-it mean ${f.finalMean.toFixed(2)})` : `${f.iterations} iterations`;
  return `  ${f.estimator.padEnd(7)} seed ${f.seed}: ${reached}, ${f.trainingSeconds.toFixed(1)} s training (${f.wallSeconds.toFixed(1)} s wall)`;
}

export async function benchCompetence(print: (line: string) => void): Promise<CompetenceFigure[]> {
  const estimators = (process.env.BENCH_COMPETENCE_ESTIMATORS ?? 'planpo,grpo').split(',').filter(Boolean);
  const max = Number(process.env.BENCH_COMPETENCE_MAX ?? 150);
  const seed = Number(process.env.BENCH_COMPETENCE_SEED ?? 1);
  const dir = process.env.BENCH_COMPETENCE_OUT;
  if (dir) mkdirSync(dir, { recursive: true });
  print(`Time to competence (10-iteration mean success ≥ ${COMPETENCE_THRESHOLD}, household-v0 pick-and-place, defaults, Node wasm):`);
  const figures: CompetenceFigure[] = [];
  for (const id of estimators) {
    process.stderr.write(`bench: time to competence, ${id} seed ${seed} (up to ${max} iterations)...\n`);
    const f = await timeToCompetence(id, seed, max, dir ? join(dir, `${id}-seed${seed}.jsonl`) : undefined);
    print(formatCompetence(f));
    figures.push(f);
  }
  return figures;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/competence.ts')) {
  benchCompetence((l) => process.stdout.write(`${l}\n`)).catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  });
}
