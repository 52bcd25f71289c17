/**
 * `reward-hacking` and `loop-penalty`: one command per trained reward concept
 * (core/concepts/reward-concepts.ts); and `value-function` (core/concepts/value-function.ts). Each trains its arms in-process (the same runBranches the
 * lab's worker runs), appends every iteration to points.jsonl as it goes, then writes
 * results.json, one SVG per chart and summary.md into --out (default docs/concepts/<id>/).
 */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { choiceFlag, CliError, intFlag, parseArgs, rejectUnknownFlags, stringFlag } from '../args';
import type { CliCommand, CliIo } from '../command';
import { NODE_BACKENDS, useNodeBackend } from '../tf-node';
import { layoutLineChart } from '../../core/experiments/charts/layout';
import { chartSvg } from '../../core/experiments/charts/svg';
import { runBranches, type BranchEvaluation, type BranchPoint } from '../../core/concepts/branches';
import { CONCEPT_RESULTS_FORMAT, type ConceptRunResults } from '../../core/concepts/results';
import { REWARD_CONCEPTS, REWARD_CONCEPT_IDS, type RewardConcept } from '../../core/concepts/reward-concepts';
import { runValueFunction, valueFunctionSpec } from '../../core/concepts/value-function';
import { creditChart, criticFitChart, defaultMember, trajectoryOf, valueSummary, valueVsReturnChart } from '../../core/concepts/value-figures';

const FLAGS = ['out', 'size', 'warmup', 'iterations', 'backend', 'json'];

function usage(concept: RewardConcept): string {
  const cli = concept.spec('cli');
  return `Usage: npm run -s cli -- ${concept.id} [--out DIR] [--size cli|browser] [--warmup N] [--iterations N] [--backend cpu|wasm]

${concept.title}: trains ${cli.arms.map((a) => `"${a.label}"`).join(' and ')}${cli.warmup > 0 ? ` after ${cli.warmup} shared warm-up iterations` : ''},
${cli.iterations} iterations each (${cli.base.env}, ${cli.base.estimator}, G = ${cli.base.groupSize}, B = ${cli.base.tasksPerIteration}), then writes
points.jsonl (as it goes), results.json, the charts as SVG and summary.md.

Options:
  --out DIR          output folder (default docs/concepts/${concept.id})
  --size cli|browser the documented size (default) or the lab's tiny one
  --warmup N         shared warm-up iterations (default ${cli.warmup})
  --iterations N     iterations per arm (default ${cli.iterations})
  --backend cpu|wasm tfjs backend (default wasm)
  --json             print results.json on stdout`;
}

function progressLine(p: BranchPoint): string {
  const measured = Object.entries(p.rewardsMeasured).map(([id, v]) => `${id} ${v.toFixed(2)}`).join(', ');
  return `${p.arm} it ${p.iteration}  success ${p.successRate.toFixed(2)}  turns ${p.meanTurns.toFixed(1)}  loops ${p.loopsPerEpisode.toFixed(2)}  R ${p.meanReward.toFixed(2)}  (${measured})`;
}

async function run(concept: RewardConcept, argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['json']);
  rejectUnknownFlags(args, FLAGS, false);
  const size = choiceFlag(args, 'size', ['cli', 'browser'] as const, 'cli')!;
  const warmup = intFlag(args, 'warmup');
  const iterations = intFlag(args, 'iterations');
  if ((warmup ?? 0) < 0 || (iterations ?? 1) < 1) throw new CliError('--warmup must be ≥ 0 and --iterations ≥ 1');
  const spec = concept.spec(size, { warmup, iterations });
  const out = stringFlag(args, 'out') ?? join('docs', 'concepts', concept.id);
  const backend = await useNodeBackend(choiceFlag(args, 'backend', NODE_BACKENDS, 'wasm')!);
  await mkdir(out, { recursive: true });
  const pointsFile = join(out, 'points.jsonl');
  await writeFile(pointsFile, '');
  const points: BranchPoint[] = [];
  const evaluations: BranchEvaluation[] = [];
  const t0 = Date.now();
  io.err(`${concept.id}: ${spec.warmup} warm-up + ${spec.arms.length} × ${spec.iterations} iterations on ${backend}`);
  await runBranches(spec, {
    backend,
    onPoint: (p) => {
      points.push(p);
      io.err(progressLine(p));
      void appendFile(pointsFile, JSON.stringify(p) + '\n');
    },
    onEvaluation: (e) => {
      evaluations.push(e);
      io.err(`${e.arm} eval ${e.split}: success ${e.successRate}`);
    },
  });
  const command = ['npm run -s cli --', concept.id, ...argv.filter((a) => a !== '--json')].join(' ');
  const results: ConceptRunResults = {
    format: CONCEPT_RESULTS_FORMAT, concept: concept.id, command, spec, points, evaluations, backend, wallMs: Date.now() - t0,
  };
  await writeFile(join(out, 'results.json'), JSON.stringify(results, null, 1) + '\n');
  for (const [stem, input] of Object.entries(concept.charts(spec, points))) {
    await writeFile(join(out, `${stem}.svg`), chartSvg(layoutLineChart(input)));
  }
  const summary = concept.summary(results);
  await writeFile(join(out, 'summary.md'), summary);
  if (args.flags.json === true) io.out(JSON.stringify(results));
  else io.out(summary);
  return 0;
}

/** One command per registered reward concept. */
export const rewardConceptCommands: CliCommand[] = REWARD_CONCEPT_IDS.map((id) => {
  const concept: RewardConcept = REWARD_CONCEPTS[id];
  return {
    name: id,
    summary: `${concept.title}: train its arms and write its figure (docs/concepts/${id}/)`,
    get usage() {
      return usage(concept);
    },
    run: (argv, io) => run(concept, argv, io),
  };
});

const VALUE_FLAGS = ['out', 'size', 'iterations', 'backend', 'json'];

async function runValue(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['json']);
  rejectUnknownFlags(args, VALUE_FLAGS, false);
  const size = choiceFlag(args, 'size', ['cli', 'browser'] as const, 'cli')!;
  const iterations = intFlag(args, 'iterations');
  if ((iterations ?? 1) < 1) throw new CliError('--iterations must be ≥ 1');
  const spec = valueFunctionSpec(size, iterations);
  const out = stringFlag(args, 'out') ?? join('docs', 'concepts', 'value-function');
  const backend = await useNodeBackend(choiceFlag(args, 'backend', NODE_BACKENDS, 'wasm')!);
  await mkdir(out, { recursive: true });
  const result = await runValueFunction(spec, { backend, onIteration: (k, s) => io.err(`ppo it ${k}  success ${s.toFixed(2)}`) });
  const command = ['npm run -s cli -- value-function', ...argv.filter((a) => a !== '--json')].join(' ');
  await writeFile(join(out, 'results.json'), JSON.stringify({ format: 'rollout-lab.value-function.v1', command, backend, ...result }, null, 1) + '\n');
  const traj = trajectoryOf(result, defaultMember(result));
  if (traj) {
    await writeFile(join(out, 'value-vs-return.svg'), chartSvg(layoutLineChart(valueVsReturnChart(traj))));
    await writeFile(join(out, 'credit.svg'), chartSvg(layoutLineChart(creditChart(traj))));
  }
  await writeFile(join(out, 'critic-fit.svg'), chartSvg(layoutLineChart(criticFitChart(result))));
  const summary = valueSummary(result, command, backend);
  await writeFile(join(out, 'summary.md'), summary);
  io.out(args.flags.json === true ? JSON.stringify(result) : summary);
  return 0;
}

export const valueFunctionCommand: CliCommand = {
  name: 'value-function',
  summary: "The value function: a PPO run's V(s_t) beside the actual return, GAE credit vs GRPO's (docs/concepts/value-function/)",
  usage: `Usage: npm run -s cli -- value-function [--out DIR] [--size cli|browser] [--iterations N] [--backend cpu|wasm] [--json]

Trains PPO with the critic (household-v0, 40 iterations at the cli size), then writes one group of the last
iteration (V(s_t), the return G_t, GAE's Â_t, the whitened A_t and GRPO's A on the same group) as results.json,
value-vs-return.svg, credit.svg, critic-fit.svg and summary.md into --out (default docs/concepts/value-function).`,
  run: runValue,
};
