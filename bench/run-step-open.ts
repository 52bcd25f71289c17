/**
 * Opening one step of a run folder in Node, as the import worker does (workers/run-folder.ts
 * `readStep`: each rank file read with its token estimates left to the session, the files joined;
 * then an ImportSession, its summary, group list and first group), on a step of the
 * run-folder bench's size (320 groups × 8 = 2,560 AgentGym-RL trajectories in 4 rank files, ~7 MB)
 * written with the project's sample writer. Prints the process's CPU time (user + system, which a
 * loaded machine does not stretch as it does wall time) of each part, per repetition, and the
 * scoring of every group by every estimator (what the worker does afterwards in slices).
 *
 *   npx tsx bench/run-step-open.ts            (BENCH_STEP_REPS=5, BENCH_RUN_GROUPS=320, BENCH_RUN_TURNS=4)
 *   node --cpu-prof --import tsx bench/run-step-open.ts   (a CPU profile of the same)
 */
import { runSampleFiles } from '../src/core/io/samples/write-run';
import { ImportSession } from '../src/core/io/import/session/session';
import { readImportResult } from '../src/core/io/import/session/read-result';
import { joinStepResults } from '../src/core/run/step-import';

async function* chunksOf(blob: Blob): AsyncGenerator<Uint8Array> {
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/** The step's files read one after another and joined, as the worker's readStep. */
async function readStep(files: ReadonlyArray<{ path: string; file: Blob }>) {
  const read = [];
  for (const f of files) read.push({ path: f.path, result: await readImportResult(chunksOf(f.file), { fileName: f.path, totalBytes: f.file.size, deferEstimates: true }) });
  return joinStepResults(read);
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const groups = Number(process.env.BENCH_RUN_GROUPS ?? 320);
const files = [...runSampleFiles({ layout: 'agentgym-rl', steps: 1, groupsPerStep: groups, groupSize: 8, maxTurns: Number(process.env.BENCH_RUN_TURNS ?? 4), ranks: 4, seed: 2 })];
const blobs = files.map((f) => ({ path: `run/${f.path}`, file: new Blob([f.text]) }));
const mb = blobs.reduce((n, b) => n + b.file.size, 0) / 1e6;
process.stdout.write(`one step: ${files.reduce((n, f) => n + f.trajectories, 0)} trajectories, ${mb.toFixed(1)} MB in ${files.length} files (CPU ms)\n`);
for (let rep = 0; rep < Number(process.env.BENCH_STEP_REPS ?? 5); rep++) {
  let t = cpuMs();
  const result = await readStep(blobs);
  const read = cpuMs() - t;
  t = cpuMs();
  const session = new ImportSession('step', result);
  const grouped = cpuMs() - t;
  t = cpuMs();
  session.summary();
  const list = session.groupList({});
  session.groupRecords(list[0].index);
  const first = cpuMs() - t;
  t = cpuMs();
  session.scoreAll();
  const rest = cpuMs() - t;
  process.stdout.write(`  read ${read.toFixed(0)}, group ${grouped.toFixed(0)}, summary + list + first group ${first.toFixed(0)} (open ${(read + grouped + first).toFixed(0)}); every group scored afterwards ${rest.toFixed(0)}\n`);
}
