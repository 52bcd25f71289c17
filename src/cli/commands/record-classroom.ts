/**
 * `record-classroom`: train the lab's classroom preset once per compared estimator (GRPO and
 * PlanPO, same seed, tasks and initial weights, exactly what the lab's Train builds) and write
 * the finished runs as one recorded-runs file the lab opens at once (src/app/recorded-run.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError, intFlag, parseArgs, stringFlag } from '../args';
import type { CliCommand, CliIo } from '../command';
import { useNodeBackend } from '../tf-node';
import { encodeRunFile, RUN_FILE_EXTENSION, savedRunOf, Trainer, trainLoop } from '../../core/train';
import { DEFAULT_LAB_CONFIG, PRESETS, runConfigsOf, type LabConfig } from '../../state/lab-config';
import { compactGroups, divergenceSummary, metricsFingerprint, rolloutFingerprint } from '../../core/train/lab-report';
import { encodeRecordedGroups, encodeRecordedRuns, recordedIterations, splitRecording, type RecordedRun } from '../../app/recorded-run';

const USAGE = `Usage: npm run -s cli -- record-classroom [--out DIR] [--iterations K] [--seed N] [--preset ID]

Trains the lab's preset (default "classroom") once per estimator on wasm and writes
DIR/<preset>.runs.gz (default DIR public/recorded): every iteration's metrics and divergence
summary and the last iteration's groups (shown first); DIR/<preset>.groups.gz, the groups of up
to 7 earlier iterations (fetched next); and DIR/<preset>.<estimator>.rlrun, each run as a run
file (its metrics, final weights and Adam state: continuing it equals training on without a stop).

Options:
  --out DIR          output folder (default public/recorded)
  --iterations K     iterations per run (default 40); also the horizon of α(k)
  --seed N           root seed (default 1)
  --preset ID        ${PRESETS.map((p) => p.id).join(' | ')} (default classroom)`;

async function recordRun(config: LabConfig, index: number, io: CliIo, backend: string, out: string, stem: string): Promise<RecordedRun> {
  const runConfig = runConfigsOf(config)[index];
  const [x, y] = config.estimators;
  const keep = new Set(recordedIterations(runConfig.iterations));
  const trainer = await Trainer.create(runConfig, { backend });
  const run: RecordedRun = { estimator: runConfig.estimator, metrics: [], divergence: [], groups: {}, fingerprint: null, metricsFingerprint: null, checkpoint: null };
  try {
    for await (const result of trainLoop(trainer)) {
      const m = result.metrics;
      const groups = compactGroups(result.groups);
      run.metrics.push(m);
      const d = divergenceSummary(m.iteration, groups, x, y);
      if (d) run.divergence.push(d);
      if (keep.has(m.iteration)) run.groups[m.iteration] = groups;
      if (m.iteration === 1) {
        run.fingerprint = rolloutFingerprint(groups);
        run.metricsFingerprint = metricsFingerprint(m);
      }
      io.err(`${runConfig.estimator} it ${m.iteration}/${runConfig.iterations}  success ${m.successRate.toFixed(2)}  turns ${m.meanTurns.toFixed(1)}  tokens ${m.meanResponseTokens.toFixed(1)}  ${(m.timing.totalMs / 1000).toFixed(1)} s`);
    }
    const name = `${stem}.${runConfig.estimator}${RUN_FILE_EXTENSION}`;
    const saved = savedRunOf(await trainer.checkpoint(), run.metrics, { name: `${runConfig.estimator}, recorded (${stem})` });
    const bytes = encodeRunFile({ ...saved, lab: { estimators: config.estimators, backend: config.backend, slack: config.slack } });
    await writeFile(join(out, name), bytes);
    run.checkpoint = name;
    io.err(`${join(out, name)}: ${(bytes.length / 1024).toFixed(0)} KiB`);
  } finally {
    trainer.dispose();
  }
  return run;
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  const unknown = Object.keys(args.flags).find((f) => !['out', 'iterations', 'seed', 'preset'].includes(f));
  if (unknown) throw new CliError(`unknown option --${unknown}; see --help`);
  const presetId = stringFlag(args, 'preset') ?? 'classroom';
  const preset = PRESETS.find((p) => p.id === presetId);
  if (!preset) throw new CliError(`unknown preset "${presetId}" (known: ${PRESETS.map((p) => p.id).join(', ')})`);
  const iterations = intFlag(args, 'iterations', 40)!;
  const seed = intFlag(args, 'seed', 1)!;
  if (iterations < 1 || iterations > 1000) throw new CliError('--iterations must be in 1..1000');
  const base = preset.apply(DEFAULT_LAB_CONFIG);
  const config: LabConfig = { ...base, backend: 'auto', run: { ...base.run, iterations, seed } };
  const backend = await useNodeBackend('wasm');
  const out = stringFlag(args, 'out') ?? 'public/recorded';
  await mkdir(out, { recursive: true });
  const started = Date.now();
  const runs: RecordedRun[] = [];
  for (let i = 0; i < config.estimators.length; i++) runs.push(await recordRun(config, i, io, backend, out, presetId));
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  const description = `${preset.label}: ${config.estimators.join(' vs ')}, seed ${seed}, ${iterations} iterations each, recorded on Node ${backend} in ${minutes} min by \`npm run cli -- record-classroom\`.`;
  const { main, rest } = splitRecording({ format: 'rollout-lab.recorded-runs.v1', description, config, runs });
  const bytes = encodeRecordedRuns(main);
  const path = join(out, `${presetId}.runs.gz`);
  await writeFile(path, bytes);
  const more = encodeRecordedGroups(rest);
  await writeFile(join(out, `${presetId}.groups.gz`), more);
  io.out(`${path}: ${(bytes.length / 1024).toFixed(0)} KiB (+ ${presetId}.groups.gz ${(more.length / 1024).toFixed(0)} KiB); ${description}`);
  return 0;
}

export const recordClassroomCommand: CliCommand = {
  name: 'record-classroom',
  summary: 'train the classroom preset (GRPO and PlanPO) and write the recorded runs the lab opens at once',
  usage: USAGE,
  run,
};
