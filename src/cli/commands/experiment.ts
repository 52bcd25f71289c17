/**
 * `experiment NAME`: run a named experiment (every arm × env × seed) in this process, one run
 * after another, with progress and an ETA on stderr; write results.json, report.md and the SVG
 * figures to --out. `ood` writes each trained policy's checkpoint and evaluates the file exactly
 * as `eval --checkpoint` does.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version_core } from '@tensorflow/tfjs-core';
import { choiceFlag, CliError, intFlag, numberFlag, parseArgs, rejectUnknownFlags, stringFlag, type ParsedArgs } from '../args';
import { checkOutputPath, plainLine, readJsonFile } from '../errors';
import type { CliCommand, CliIo } from '../command';
import { NODE_BACKENDS, useNodeBackend } from '../tf-node';
import { readCheckpointFile, writeCheckpointFile } from '../run-file-io';
import { childRunOne, unitListing, type UnitMessage } from '../experiment-jobs';
import type { RunOne } from '../../core/experiments/runner';
import {
  assembleResults, buildReport, EXPERIMENT_IDS, formatDuration, formatProgress, mergeResults, parseResults, planExperiment, planUnits, runPlan,
  runCommits, SIZE_NAMES, type ExperimentPlan, type ExperimentResults, type Provenance, type ReportContext, type SizeName,
} from '../../core/experiments';
import { EVAL_TEMPERATURE } from '../../core/experiments/evaluate';
import { trainerRunOne } from '../../core/experiments/train-run';
import type { EvalRecord } from '../../core/experiments/results';
import { evaluateCheckpoint } from './eval';

const USAGE = `Usage: npm run -s cli -- experiment NAME [options]

Runs a named experiment and writes results.json, report.md and SVG figures.
NAME: ${EXPERIMENT_IDS.join(' | ')}

Options:
  --size full|reduced    size preset (default full; reduced = what the app runs in workers)
  --seeds K              seeds 1..K (default from the preset)
  --iterations N         training iterations per run
  --group-size G         members per task
  --tasks B              tasks per iteration
  --eval-episodes N      evaluation episodes per split (ood)
  --eval-temperature T   evaluation sampling temperature (default ${EVAL_TEMPERATURE})
  --envs A,B             only these of the experiment's environments
  --arms A,B             only these of the experiment's arms (ids as in report.md, e.g. grpo,planpo)
  --out DIR              output folder (default runs/experiments/NAME)
  --backend cpu|wasm     tfjs backend (default wasm)
  --keep-checkpoints     keep ood's checkpoints in DIR/checkpoints (deleted by default)
  --jobs N               train N runs at once, each in its own Node process (default: the machine's
                         ${cpus().length} cores); the results equal --jobs 1's bit for bit
  --dry-run              print the plan (runs and work units) and exit; with --json, the units as
                         JSON, each with the command that runs it alone
  --unit K               run only unit K of the plan (0-based, as --dry-run --json lists them); its
                         results.json is one part for --render (a Slurm --array / GNU parallel task)
  --render FILE          only rebuild report.md and the SVGs from an existing results.json (into --out,
                         default the file's folder); FILE1,FILE2,... merges runs of one experiment made
                         separately (e.g. one env at a time; same sizes) into one results.json and report`;

const KNOWN = new Set([
  'size', 'seeds', 'iterations', 'group-size', 'tasks', 'eval-episodes', 'eval-temperature', 'envs', 'arms', 'out', 'backend', 'keep-checkpoints',
  'dry-run', 'render', 'jobs', 'unit', 'unit-stream', 'json',
]);

function planFrom(name: string, args: ParsedArgs): ExperimentPlan {
  const size = choiceFlag<SizeName>(args, 'size', SIZE_NAMES, 'full')!;
  const list = (key: string) => stringFlag(args, key)?.split(',').map((e) => e.trim()).filter(Boolean);
  const envs = list('envs');
  const arms = list('arms');
  try {
    return planExperiment(name, size, {
      seeds: intFlag(args, 'seeds'), iterations: intFlag(args, 'iterations'), groupSize: intFlag(args, 'group-size'),
      tasksPerIteration: intFlag(args, 'tasks'), evalEpisodes: intFlag(args, 'eval-episodes'), envs, arms,
    });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Short commit, with `+dirty` when the code the CLI runs (src/core, src/cli) had uncommitted changes. */
export function gitCommit(): string | null {
  const head = git(['rev-parse', '--short', 'HEAD']);
  if (!head) return null;
  const dirty = git(['status', '--porcelain', '--untracked-files=no', '--', 'src/core', 'src/cli']);
  return dirty ? `${head}+dirty` : head;
}

/**
 * The report's view of HEAD: the commit checked out now and, per commit the runs ran at, the src/core folders
 * whose files differ between that commit and the working tree (null when git cannot tell, e.g. a `+dirty` run).
 */
export function reportContext(results: ExperimentResults): ReportContext {
  const head = gitCommit();
  const coreChanges: Record<string, string[] | null> = {};
  for (const commit of runCommits(results)) {
    if (commit === head) continue;
    const names = /^[0-9a-f]{4,40}$/.test(commit) ? git(['diff', '--name-only', commit, '--', 'src/core']) : null;
    coreChanges[commit] = names === null ? null
      : [...new Set(names.split('\n').filter(Boolean).map((name) => name.split('/').slice(0, 3).join('/')))].sort();
  }
  return { head, coreChanges };
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The command as shipped files record it: absolute paths never name the machine that ran it. A path
 * inside the repository becomes relative to it; one outside keeps its last two segments
 * (`/work/exp/main-household` → `exp/main-household`). Comma lists (`--render a,b`) are read piece by piece.
 */
export function portableArgs(argv: readonly string[], repoRoot = REPO_ROOT): string[] {
  const portable = (piece: string): string => {
    if (!isAbsolute(piece)) return piece;
    const inside = relative(repoRoot, piece);
    if (inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)) return inside;
    return piece.split(sep).filter(Boolean).slice(-2).join('/');
  };
  return argv.map((arg) => arg.split(',').map(portable).join(','));
}

/** Provenance; `commit` must be read when the run starts (the code in memory is the code of that moment). */
async function provenance(argv: string[], backend: string, commit: string | null): Promise<Provenance> {
  const pkg = JSON.parse(await readFile(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  const cpu = cpus();
  return {
    command: `npm run -s cli -- experiment ${portableArgs(argv).join(' ')}`.trim(),
    commit,
    date: new Date().toISOString(),
    packageVersion: pkg.version,
    tfjsVersion: version_core,
    backend,
    platform: `Node ${process.version} ${process.platform}-${process.arch}, ${cpu.length} CPU${cpu.length === 1 ? '' : 's'}${cpu[0] ? ` (${cpu[0].model.trim()})` : ''}`,
  };
}

function describePlan(plan: ExperimentPlan): string[] {
  const s = plan.sizes;
  return [
    `experiment ${plan.experiment} (${plan.size}): ${plan.runs.length} runs = arms × [${plan.envs.join(', ')}] × ${s.seeds} seeds; ` +
      `${s.iterations} iterations of ${s.tasksPerIteration} tasks × ${s.groupSize} members; ${planUnits(plan)} work units`,
    ...(plan.skippedEnvs.length > 0 ? [`not registered in this build, skipped: ${plan.skippedEnvs.join(', ')}`] : []),
  ];
}

/** Writes results.json, report.md and the SVGs; returns the file names. */
export async function writeExperimentOutput(out: string, results: ExperimentResults, withResults = true): Promise<string[]> {
  await mkdir(out, { recursive: true });
  const report = buildReport(results, reportContext(results));
  if (withResults) await writeFile(join(out, 'results.json'), JSON.stringify(results) + '\n');
  await writeFile(join(out, 'report.md'), report.markdown);
  for (const f of report.files) await writeFile(join(out, f.name), f.content + '\n');
  return [...(withResults ? ['results.json'] : []), 'report.md', ...report.files.map((f) => f.name)];
}

async function readResults(file: string): Promise<ExperimentResults> {
  const raw = await readJsonFile(file, '--render file');
  try {
    return parseResults(raw);
  } catch (error) {
    throw new CliError(`${file}: ${plainLine(error instanceof Error ? error.message : String(error), 300)}`);
  }
}

async function render(list: string, out: string | undefined, io: CliIo, experiment?: string): Promise<number> {
  const names = list.split(',').map((f) => f.trim()).filter(Boolean);
  const parts: ExperimentResults[] = [];
  for (const name of names) parts.push(await readResults(name));
  const other = experiment === undefined ? -1 : parts.findIndex((p) => p.experiment !== experiment);
  if (other >= 0) throw new CliError(`--render ${plainLine(names[other], 200)} holds the results of experiment ${parts[other].experiment}, not ${experiment}; drop the name or render that experiment's results`);
  let results: ExperimentResults;
  try {
    results = mergeResults(parts);
  } catch (error) {
    throw new CliError(`--render: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (names.length > 1 && out === undefined) throw new CliError('--render with several files needs --out DIR');
  if (out !== undefined) await checkOutputPath(out, '--out', true);
  const file = names[0];
  const dir = out ?? dirname(file);
  const files = await writeExperimentOutput(dir, results, names.length > 1 || join(dir, 'results.json') !== file);
  io.err(`rendered ${files.join(', ')} in ${dir}`);
  io.out(join(dir, 'report.md'));
  return 0;
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['keep-checkpoints', 'dry-run', 'unit-stream', 'json']);
  rejectUnknownFlags(args, KNOWN);
  const renderFile = stringFlag(args, 'render');
  if (renderFile) return render(renderFile, stringFlag(args, 'out'), io, args.positionals[0]);
  const name = args.positionals[0];
  if (!name) throw new CliError(`experiment NAME is required; one of ${EXPERIMENT_IDS.join(', ')}`);
  const whole = planFrom(name, args);
  const backendName = choiceFlag(args, 'backend', NODE_BACKENDS, 'wasm')!; // named before anything, a dry run too
  const out = stringFlag(args, 'out') ?? join('runs', 'experiments', whole.experiment);
  await checkOutputPath(out, '--out', true);
  const unit = intFlag(args, 'unit');
  if (unit !== undefined && (unit < 0 || unit >= whole.runs.length)) throw new CliError(`--unit must be in 0..${whole.runs.length - 1}, got ${unit}`);
  const plan = unit === undefined ? whole : { ...whole, runs: [whole.runs[unit]] };
  const stream = args.flags['unit-stream'] === true;
  if (stream && unit === undefined) throw new CliError('--unit-stream needs --unit K');
  if (!stream) describePlan(plan).forEach((line) => io.err(line));
  if (args.flags['dry-run'] === true && args.flags.json === true) {
    io.out(JSON.stringify(unitListing(whole, argv, out)));
    return 0;
  }
  if (args.flags['dry-run'] === true) {
    plan.runs.forEach((r) => io.out(`${r.runId}  ${JSON.stringify(r.config)}${r.evaluate ? `  eval ${r.evaluate.splits.join('+')} × ${r.evaluate.episodes}` : ''}`));
    return 0;
  }
  const jobs = intFlag(args, 'jobs', cpus().length)!;
  if (jobs < 1) throw new CliError(`--jobs must be ≥ 1, got ${jobs}`);
  const temperature = numberFlag(args, 'eval-temperature', EVAL_TEMPERATURE)!;
  const backend = await useNodeBackend(backendName);
  const checkpoints = join(out, 'checkpoints');
  const runOne = trainerRunOne({
    backend,
    evaluate: async (trainer, spec): Promise<EvalRecord[]> => {
      // Round-trip through a run file, exactly what `eval --checkpoint` reads.
      const file = join(checkpoints, `${spec.runId.replace(/[^a-zA-Z0-9.-]+/g, '_')}.rlrun`);
      await mkdir(checkpoints, { recursive: true });
      await writeCheckpointFile(file, await trainer.checkpoint(), [], null);
      const cp = (await readCheckpointFile(file)).checkpoint;
      const records: EvalRecord[] = [];
      for (const split of spec.evaluate!.splits) {
        const { split: s, episodes, temperature: t, successRate, meanTurns, meanSuccessTurns, meanResponseTokens } =
          await evaluateCheckpoint(cp, { split, episodes: spec.evaluate!.episodes, temperature, backend });
        records.push({ split: s, episodes, temperature: t, successRate, meanTurns, meanSuccessTurns, meanResponseTokens });
      }
      return records;
    },
  });
  if (stream) return streamUnit(plan, runOne, io);
  const commit = gitCommit();
  const start = Date.now();
  const parallel = jobs > 1 && plan.runs.length > 1;
  const runs = await runPlan(plan, parallel ? childRunOne(argv, out, (id) => plan.runs.findIndex((r) => r.runId === id)) : runOne, {
    now: () => Date.now(),
    concurrency: parallel ? jobs : 1,
    onProgress: (p) => {
      if (p.event.kind !== 'start') io.err(formatProgress(p));
    },
  });
  const wallMs = Date.now() - start;
  const results = assembleResults(plan, runs, await provenance(argv, backend, commit), wallMs);
  const files = await writeExperimentOutput(out, results);
  if (args.flags['keep-checkpoints'] !== true) await rm(checkpoints, { recursive: true, force: true });
  io.err(`done in ${formatDuration(wallMs)}; wrote ${files.length} files to ${out}`);
  io.out(join(out, 'report.md'));
  return 0;
}

/** `--unit K --unit-stream`: train the one unit here and print its records as JSON lines (what --jobs reads). */
async function streamUnit(plan: ExperimentPlan, runOne: RunOne, io: CliIo): Promise<number> {
  const say = (msg: UnitMessage) => io.out(JSON.stringify(msg));
  const outcome = await runOne(plan.runs[0], {
    onIteration: (record) => say({ kind: 'iteration', record }),
    onEvaluation: (record) => say({ kind: 'evaluation', record }),
  });
  say({ kind: 'outcome', outcome });
  return 0;
}

export const experimentCommand: CliCommand = {
  name: 'experiment',
  summary: 'run a named experiment (main, alpha-ablation, ...) over seeds; write results.json + report.md',
  usage: USAGE,
  run,
};
