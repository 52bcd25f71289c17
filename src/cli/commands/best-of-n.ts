/**
 * `best-of-n`: test-time search vs training-time RL. Trains one run and, at each checkpoint,
 * draws n samples per fresh task on the seen and unseen splits; writes results.json, summary.md
 * and three SVG figures to --out (the docs page's figures), and events.jsonl as it goes, so a
 * killed run still tells what it saw.
 */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { choiceFlag, CliError, intFlag, numberFlag, parseArgs, rejectUnknownFlags, seedFlag, stringFlag } from '../args';
import { readJsonFile } from '../errors';
import type { CliCommand, CliIo } from '../command';
import { NODE_BACKENDS, useNodeBackend } from '../tf-node';
import { chartSvg } from '../../core/experiments/charts/svg';
import {
  costChart, headlineSentence, parseSearchResults, runSearchStudy, searchHeadlines, searchReport, splitBars, successVsNChart,
  type SearchResults, type StudyOptions,
} from '../../core/search';
import type { Split } from '../../core/env/types';
import { gitCommit } from './experiment';

const DEFAULTS = { checkpoints: '0,10,20,40', tasks: 16, samples: 64, temperature: 1, envSize: 5, maxTurns: 20, groupSize: 8, trainTasks: 4 };

const USAGE = `Usage: npm run -s cli -- best-of-n [options]

Test-time search vs training: best-of-N with the environment's verifier (N = 1, 2, 4, … n) on the
initial policy and on trained checkpoints of one run, pass@k from the same samples (unbiased), on
seen and unseen tasks. Writes results.json, summary.md, success-vs-n-<split>.svg, cost-<split>.svg
and splits.svg to --out; events.jsonl grows as the run goes.

Options:
  --checkpoints A,B,…    iterations to search at, 0 = the initial policy (default ${DEFAULTS.checkpoints})
  --tasks M              fresh tasks per split (default ${DEFAULTS.tasks})
  --samples n            samples per task, the largest N (default ${DEFAULTS.samples})
  --temperature T        sampling temperature for search (default ${DEFAULTS.temperature}, as training samples)
  --splits seen,unseen   splits to search (default both)
  --estimator ID         training estimator (default grpo)
  --env-size N           household receptacles (default ${DEFAULTS.envSize}: has an unseen split)
  --max-turns N          episode cap (default ${DEFAULTS.maxTurns})
  --group-size G         training members per task (default ${DEFAULTS.groupSize})
  --train-tasks B        training tasks per iteration (default ${DEFAULTS.trainTasks})
  --seed N               root seed (default 1)
  --backend cpu|wasm     tfjs backend (default wasm)
  --out DIR              output folder (default docs/concepts/best-of-n)
  --render FILE          only rebuild summary.md and the SVGs from an existing results.json`;

const KNOWN = new Set(['checkpoints', 'tasks', 'samples', 'temperature', 'splits', 'estimator', 'env-size', 'max-turns', 'group-size', 'train-tasks', 'seed', 'backend', 'out', 'render']);

function studyOptions(args: ReturnType<typeof parseArgs>): StudyOptions {
  const checkpoints = (stringFlag(args, 'checkpoints') ?? DEFAULTS.checkpoints).split(',').map((s) => Number(s.trim()));
  if (checkpoints.some((k) => !Number.isInteger(k) || k < 0)) throw new CliError('--checkpoints must be integers ≥ 0, e.g. 0,20,40');
  const splits = (stringFlag(args, 'splits') ?? 'seen,unseen').split(',').map((s) => s.trim());
  if (splits.length === 0 || splits.some((s) => s !== 'seen' && s !== 'unseen')) throw new CliError('--splits takes seen, unseen or seen,unseen');
  const tasks = intFlag(args, 'tasks', DEFAULTS.tasks)!;
  const samplesPerTask = intFlag(args, 'samples', DEFAULTS.samples)!;
  if (tasks < 1 || samplesPerTask < 1) throw new CliError('--tasks and --samples must be at least 1');
  const temperature = numberFlag(args, 'temperature', DEFAULTS.temperature)!;
  if (!(temperature > 0)) throw new CliError('--temperature must be > 0');
  return { checkpoints, splits: splits as Split[], tasks, samplesPerTask, temperature };
}

/** summary.md and the SVG figures from results (also used by --render). */
export async function writeSearchFigures(results: SearchResults, out: string): Promise<void> {
  await writeFile(join(out, 'summary.md'), searchReport(results));
  for (const split of results.options.splits) {
    await writeFile(join(out, `success-vs-n-${split}.svg`), chartSvg(successVsNChart(results, split)) + '\n');
    await writeFile(join(out, `cost-${split}.svg`), chartSvg(costChart(results, split)) + '\n');
  }
  await writeFile(join(out, 'splits.svg'), chartSvg(splitBars(results)) + '\n');
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  rejectUnknownFlags(args, KNOWN, false);
  const out = stringFlag(args, 'out') ?? 'docs/concepts/best-of-n';
  await mkdir(out, { recursive: true });
  const render = stringFlag(args, 'render');
  if (render) {
    await writeSearchFigures(parseSearchResults(await readJsonFile(render, '--render file')), out);
    io.err(`wrote summary.md and figures to ${out}`);
    return 0;
  }
  const options = studyOptions(args);
  const backend = await useNodeBackend(choiceFlag(args, 'backend', NODE_BACKENDS, 'wasm')!);
  const config = {
    env: 'household-v0', estimator: stringFlag(args, 'estimator') ?? 'grpo', seed: seedFlag(args, 'seed', 1)!,
    envSize: intFlag(args, 'env-size', DEFAULTS.envSize)!, maxTurns: intFlag(args, 'max-turns', DEFAULTS.maxTurns)!,
    groupSize: intFlag(args, 'group-size', DEFAULTS.groupSize)!, tasksPerIteration: intFlag(args, 'train-tasks', DEFAULTS.trainTasks)!,
  };
  const provenance = { command: `npm run -s cli -- best-of-n ${argv.join(' ')}`.trim(), commit: gitCommit(), date: new Date().toISOString(), backend };
  const events = join(out, 'events.jsonl');
  await writeFile(events, '');
  const t0 = Date.now();
  let results: SearchResults;
  try {
    results = await runSearchStudy(config, options, {
      provenance,
      onEvent: async (event, sofar) => {
        await appendFile(events, JSON.stringify(event) + '\n');
        const secs = ((Date.now() - t0) / 1000).toFixed(0);
        if (event.kind === 'iteration') io.err(`it ${event.iteration.iteration}: training success ${event.iteration.successRate.toFixed(2)} (${secs} s)`);
        else {
          const s = event.samples;
          io.err(`searched iteration ${s.iteration}, ${s.split}: ${s.tasks.length} tasks × ${s.samplesPerTask} samples (${secs} s)`);
          await writeFile(join(out, 'results.json'), JSON.stringify(sofar) + '\n');
        }
      },
    });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  await writeFile(join(out, 'results.json'), JSON.stringify(results) + '\n');
  await writeSearchFigures(results, out);
  for (const h of searchHeadlines(results)) io.out(headlineSentence(h));
  return 0;
}

export const bestOfNCommand: CliCommand = {
  name: 'best-of-n',
  summary: 'test-time search vs training: best-of-N and pass@k on the initial and trained policies',
  usage: USAGE,
  run,
};
