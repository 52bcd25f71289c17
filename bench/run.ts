/**
 * `npm run bench`: median time of one default training iteration, split into rollout / advantage
 * / update, tokens per second, and PlanPO's advantage overhead over GRPO as a share of the
 * iteration: in Node (wasm, cpu) and in headless Chromium's trainer worker (webgpu via SwiftShader,
 * wasm, cpu); then the lab's responsiveness while two runs train (long tasks, frame rate).
 * Benchmarks print figures; tests never assert timings.
 *
 * Env: BENCH_ITERATIONS (Node wasm, default 5), BENCH_CPU_ITERATIONS (Node cpu, default 1),
 * BENCH_BACKENDS (Node, default "wasm,cpu"), BENCH_BROWSER=0 to skip Chromium, BENCH_BROWSER_BACKENDS
 * and BENCH_BROWSER_*ITERATIONS (see bench/browser-train.ts), BENCH_RESPONSIVENESS=0 to skip the lab
 * responsiveness part (BENCH_RESPONSIVENESS=only runs nothing else; BENCH_LAB_PROFILE=1, BENCH_LAB_BASE and BENCH_LAB_NICE_WORKERS=1 are
 * described in bench/browser-lab.ts), BENCH_SECONDS (its duration, default 30), BENCH_CLASSROOM=0 to skip classroom mode's time to
 * its recorded curves (bench/browser-classroom.ts; BENCH_CLASSROOM_LOADS, default 5), BENCH_IMPORT=0 to skip the import of a
 * whole-run rollouts.v1 file (bench/browser-import.ts; BENCH_IMPORT_STEPS, default 150), BENCH_JSON=1 for JSON Lines.
 * Last, the soak (bench/soak.ts: 1,000 Node iterations, two Chromium runs for 5 minutes):
 * BENCH_SOAK=0 skips it, BENCH_SOAK=only runs nothing else.
 * The PyTorch peer (bench/pytorch/peer.ts) runs after the Node rows when python3 + torch are installed
 * (BENCH_PEER=0 skips it; BENCH_PEER_ROUNDS, BENCH_PEER_WARM, BENCH_PEER_SAMPLE_WARM, BENCH_PYTHON); otherwise it says how to install them.
 * Long rows, off by default: BENCH_GRID=1 iteration time vs G, B, max turns (bench/grid.ts); BENCH_THREADS=1
 * wasm threads vs one thread in Chromium (bench/browser-threads.ts); BENCH_COMPETENCE=1 time to competence of
 * PlanPO and GRPO (bench/competence.ts, minutes); BENCH_BACKPRESSURE=1 the lab's training throughput with and
 * without waiting for each save (bench/browser-backpressure.ts); BENCH_REPORT_SIZE=1 the lab report's bytes, deserialization and
 * compare time per iteration, every estimator vs the lab's (bench/lab-report-size.ts); BENCH_ALLOCATIONS=1 where a default
 * iteration allocates, per function (bench/iteration-allocations.ts). Each file lists its own knobs and also runs alone with tsx.
 * BENCH_SPEED_BASE=<worktree of an older commit> adds old-vs-new iteration and update times from one
 * interleaved run (bench/speed.ts; BENCH_SPEED_ROUNDS, default 7); BENCH_SPEED=only runs nothing else.
 * BENCH_RUN_FOLDER=1 adds a whole run's folder opened in Chromium (bench/browser-run-folder.ts: 200 steps,
 * 512,000 trajectories written to a temp dir; minutes; BENCH_RUN_PICK=input|directory|drop picks the path it is
 * opened by, BENCH_RUN_DIR=<dir>/run reuses a folder written before), BENCH_RUN_FOLDER=only runs nothing else.
 */
import { benchNode } from './node';
import { benchAllocations, formatAllocations } from './iteration-allocations';
import { benchChromium } from './browser-train';
import { benchBrowserLab, formatFigures, TWO_RUNS_QUERY } from './browser-lab';
import { benchBrowserImport, formatImportFigures } from './browser-import';
import { benchClassroomLoad, formatClassroomLoad } from './browser-classroom';
import { formatRows, type BenchRow } from './report';
import { runSoak } from './soak';
import { benchPytorchPeer } from './pytorch/peer';
import { benchGrid } from './grid';
import { benchBrowserThreads } from './browser-threads';
import { benchBackpressure } from './browser-backpressure';
import { benchCompetence } from './competence';
import { benchSpeed, formatSpeed } from './speed';
import { benchReportSize, formatReportSize } from './lab-report-size';
import { benchBrowserRunFolder, formatRunFolderFigures, runFolderOptions } from './browser-run-folder';
import type { NodeBackend } from '../src/cli/tf-node';

const json = Boolean(process.env.BENCH_JSON);
const print = (line: string) => process.stdout.write(line + '\n');

async function speed(): Promise<void> {
  const base = process.env.BENCH_SPEED_BASE;
  if (!base) return;
  const f = await benchSpeed(base, Number(process.env.BENCH_SPEED_ROUNDS ?? 7), (l) => process.stderr.write(l + '\n'));
  print(json ? JSON.stringify({ speed: f }) : '\n' + formatSpeed(f, base));
}

async function responsiveness(): Promise<void> {
  process.stderr.write('bench: lab responsiveness while two runs train...\n');
  const figures = await benchBrowserLab({
    seconds: Number(process.env.BENCH_SECONDS ?? 30),
    backend: 'wasm',
    query: TWO_RUNS_QUERY,
  });
  if (!json) print('\nLab responsiveness (main thread):');
  figures.forEach((f) => print(json ? JSON.stringify(f) : formatFigures(f)));
}

async function runFolder(): Promise<void> {
  process.stderr.write('bench: a whole run\'s folder in Chromium...\n');
  const f = await benchBrowserRunFolder(runFolderOptions());
  print(json ? JSON.stringify({ where: 'chromium-run-folder', ...f }) : `\nRun folder (headless Chromium):\n${formatRunFolderFigures(f)}`);
}

async function main(): Promise<void> {
  if (process.env.BENCH_RESPONSIVENESS === 'only') return responsiveness();
  if (process.env.BENCH_SOAK === 'only') return runSoak(print);
  if (process.env.BENCH_RUN_FOLDER === 'only') return runFolder();
  if (process.env.BENCH_SPEED === 'only') return speed();
  const backends = (process.env.BENCH_BACKENDS ?? 'wasm,cpu').split(',').filter(Boolean) as NodeBackend[];
  const rows: BenchRow[] = [];
  for (const backend of backends) {
    const n = Number(backend === 'cpu' ? process.env.BENCH_CPU_ITERATIONS ?? 1 : process.env.BENCH_ITERATIONS ?? 5);
    process.stderr.write(`bench: node ${backend}, ${n} default iteration(s)...\n`);
    rows.push(await benchNode(backend, n));
  }
  if (process.env.BENCH_BROWSER !== '0') rows.push(...(await benchChromium()));
  if (json) rows.forEach((r) => print(JSON.stringify(r)));
  else print(formatRows(rows));

  if (process.env.BENCH_PEER !== '0') {
    process.stderr.write('bench: PyTorch peer (one update mini-batch and a sampling step, interleaved)...\n');
    if (!json) print('');
    const peer = await benchPytorchPeer(json ? (l) => process.stderr.write(`${l}\n`) : print);
    if (json && peer) print(JSON.stringify({ where: 'pytorch-peer', ...peer }));
  }
  const log = json ? (l: string) => process.stderr.write(`${l}\n`) : print;
  const section = () => (json ? undefined : print(''));
  if (process.env.BENCH_GRID === '1') {
    section();
    const points = await benchGrid(log);
    if (json) points.forEach((p) => print(JSON.stringify({ where: 'grid', ...p })));
  }
  if (process.env.BENCH_THREADS === '1') {
    section();
    const figures = await benchBrowserThreads(log);
    if (json) figures.forEach((f) => print(JSON.stringify({ where: 'chromium-threads', ...f })));
  }
  if (process.env.BENCH_BACKPRESSURE === '1') {
    section();
    const figures = await benchBackpressure(log);
    if (json) figures.forEach((f) => print(JSON.stringify({ where: 'chromium-backpressure', ...f })));
  }
  if (process.env.BENCH_COMPETENCE === '1') {
    section();
    const figures = await benchCompetence(log);
    if (json) figures.forEach((f) => print(JSON.stringify({ where: 'competence', ...f })));
  }

  if (process.env.BENCH_REPORT_SIZE === '1') {
    process.stderr.write('bench: the lab report per iteration, every estimator vs the lab\'s...\n');
    const figures = await benchReportSize();
    if (json) figures.forEach((f) => print(JSON.stringify({ where: 'lab-report-size', ...f })));
    else print(`\nLab report per iteration (DEFAULT_CONFIG, seed 1, Node wasm; iterations 1..3):\n${formatReportSize(figures)}`);
  }

  if (process.env.BENCH_ALLOCATIONS === '1') {
    process.stderr.write('bench: where a default iteration allocates...\n');
    const figures = await benchAllocations();
    print(json ? JSON.stringify({ where: 'iteration-allocations', ...figures }) : `\nWhere a default iteration allocates (Node wasm, V8's sampling heap profiler):\n${formatAllocations(figures)}`);
  }

  if (process.env.BENCH_RESPONSIVENESS !== '0') await responsiveness();

  if (process.env.BENCH_CLASSROOM !== '0') {
    process.stderr.write('bench: classroom mode, time to the recorded curves...\n');
    const f = await benchClassroomLoad(Number(process.env.BENCH_CLASSROOM_LOADS ?? 5));
    print(json ? JSON.stringify({ where: 'classroom-load', ...f }) : `\nClassroom load (headless Chromium):\n${formatClassroomLoad(f)}`);
  }

  if (process.env.BENCH_IMPORT !== '0') {
    process.stderr.write('bench: import of a whole-run rollouts.v1 file and a verl-agent step file...\n');
    const figures = await benchBrowserImport({ steps: Number(process.env.BENCH_IMPORT_STEPS ?? 150) });
    if (!json) print('\nImport (headless Chromium, "Open rollouts…"):');
    figures.forEach((f) => print(json ? JSON.stringify(f) : formatImportFigures(f)));
  }
  await speed();
  if (process.env.BENCH_RUN_FOLDER === '1') await runFolder();
  if (process.env.BENCH_SOAK !== '0') await runSoak(print);
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
