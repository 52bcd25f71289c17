/**
 * `train`: run the training loop in Node and print one line per iteration (JSON Lines of the
 * iteration metrics with --json; stdout then carries only JSON, progress goes to stderr).
 */
import { appendFile, writeFile } from 'node:fs/promises';
import type { SftSummary } from '../../core/train/sft';
import { checkCheckpointPath, readCheckpointFile, writeCheckpointFile } from '../run-file-io';
import { choiceFlag, CliError, intFlag, numberFlag, parseArgs, rejectUnknownFlags, stringFlag, type ParsedArgs } from '../args';
import { checkOutputPath, checkWritable } from '../errors';
import { checkResumeConflicts } from '../resume-check';
import { withoutFallback } from '../../core/train/read-back';
import { readConfigFile } from '../files';
import type { CliCommand, CliIo } from '../command';
import { NODE_BACKENDS, useNodeBackend } from '../tf-node';
import {
  extendCheckpoint, Trainer, trainLoop, validateConfig, type Checkpoint, type IterationMetrics, type SavedRun,
} from '../../core/train';
import { ENV_IDS, getEnv } from '../../core/env/registry';
import { isEstimatorId } from '../../core/advantage/registry';
import { DEFAULT_CONFIG } from '../../core/train/config';
import { reachedSuccess, type SuccessStop } from '../../core/train/stop-rule';
import { allEstimatorFlags, estimatorFlagHelp, estimatorFlagParams, switchFlags } from '../estimator-flags';
import { allRewardFlags, rewardFlagHelp, rewardFlagParams } from '../reward-flags';
import { runFlagConfig, runFlagHelp, runFlagTargets } from '../run-flags';
import { isSwitch } from '../../core/params/flags';

function usage(): string {
  return `Usage: npm run -s cli -- train --env ID --estimator ID --seed N --iterations K [options]

Trains the policy with the clipped update and prints one line per iteration.

Options:
  --backend cpu|wasm     tfjs backend (default wasm)
  --config FILE          a RunConfig JSON file; the run-setting flags below override it
  --resume FILE          continue from a run file (or a legacy JSON checkpoint); its config is the run's: a run
                         setting that differs from it is refused; --iterations may extend it, never below the
                         iterations done; the resumed run equals the uninterrupted one bit for bit
  --checkpoint FILE      at the end, write a run file (.rlrun: config, metrics, weights + Adam state, iteration;
                         the lab opens it)
  --stop-after N         end after iteration N (with --checkpoint: a run to resume later; the α schedule
                         still spans --iterations, so the resumed run equals an uninterrupted one)
  --stop-at-success X    end once the mean training success of the last --stop-window iterations is ≥ X
  --stop-window N        iterations in that mean (default 10; only with --stop-at-success)
  --rollouts FILE        write the last iteration's rollouts.v1 records (JSON Lines)
  --rollouts-every N     also write every N-th iteration's records to that file
  --json                 JSON Lines of the iteration metrics on stdout

${runFlagHelp()}

Environment sizes (--env-size N, envSize in a config):
${ENV_IDS.map((id) => { const r = getEnv(id).sizeRange; return `  ${id.padEnd(20)} ${r.min}..${r.max} ${r.unit} (default ${r.default})`; }).join('\n')}

${estimatorFlagHelp()}

${rewardFlagHelp()}`;
}

const COMMAND_FLAGS = ['backend', 'config', 'resume', 'checkpoint', 'stop-after', 'stop-at-success', 'stop-window', 'rollouts', 'rollouts-every', 'json'];
const ownFlags = (): string[] => [...runFlagTargets().map((t) => t.flag), ...allRewardFlags(), ...COMMAND_FLAGS];

async function configFrom(args: ParsedArgs): Promise<Record<string, unknown>> {
  const path = stringFlag(args, 'config');
  const raw: Record<string, unknown> = path ? await readConfigFile(path) : {};
  Object.assign(raw, runFlagConfig(args));
  const estimator = typeof raw.estimator === 'string' ? raw.estimator : DEFAULT_CONFIG.estimator;
  if (isEstimatorId(estimator)) {
    const fromFlags = estimatorFlagParams(args, estimator);
    if (Object.keys(fromFlags).length > 0) raw.estimatorParams = { ...(raw.estimatorParams as object | undefined), ...fromFlags };
  }
  const reward = typeof raw.reward === 'string' ? raw.reward : DEFAULT_CONFIG.reward;
  const rewardParams = rewardFlagParams(args, reward);
  if (Object.keys(rewardParams).length > 0) raw.rewardParams = { ...(raw.rewardParams as object | undefined), ...rewardParams };
  return raw;
}

function progressLine(m: IterationMetrics, total: number): string {
  const f = (x: number | null, d = 2) => (x === null ? '-' : x.toFixed(d));
  return `it ${m.iteration}/${total}  success ${f(m.successRate)}  turns ${f(m.meanTurns, 1)} (succ ${f(m.meanSuccessTurns, 1)}, oracle ${f(m.meanOracleTurns, 1)})`
    + `  tokens ${f(m.meanResponseTokens, 1)}  kl ${f(m.kl, 4)}  clip ${f(m.clipFraction, 3)}  H ${f(m.entropy)}`
    + `  R ${f(m.meanReward)}  loops ${f(m.loopsPerEpisode, 1)}  zero-adv ${f(m.zeroStdGroupFraction)}  ${(m.timing.totalMs / 1000).toFixed(2)} s  tensors ${m.numTensors}`
    + (m.formatValidRate < 1 || m.admissibleRate < 1 ? `  format-valid ${f(m.formatValidRate)}  admissible ${f(m.admissibleRate)}` : '');
}

function stopAfterFrom(args: ParsedArgs): number {
  const stopAfter = intFlag(args, 'stop-after');
  if (stopAfter !== undefined && stopAfter < 1) throw new CliError(`--stop-after must be ≥ 1 (the iteration to end after), got ${stopAfter}`);
  return stopAfter ?? Infinity;
}

function successStopFrom(args: ParsedArgs): SuccessStop | null {
  const threshold = numberFlag(args, 'stop-at-success');
  const window = intFlag(args, 'stop-window', 10)!;
  if (threshold === undefined) {
    if (args.flags['stop-window'] !== undefined) throw new CliError('--stop-window sets the window of --stop-at-success; give --stop-at-success X too (or drop --stop-window)');
    return null;
  }
  if (!(threshold >= 0 && threshold <= 1)) throw new CliError(`--stop-at-success must be in [0, 1], got ${threshold}`);
  if (window < 1) throw new CliError(`--stop-window must be ≥ 1, got ${window}`);
  return { threshold, window };
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['json', ...switchFlags(), ...runFlagTargets().filter(isSwitch).map((t) => t.flag)]);
  rejectUnknownFlags(args, [...ownFlags(), ...allEstimatorFlags()], false);
  const json = args.flags.json === true;
  const backend = await useNodeBackend(choiceFlag(args, 'backend', NODE_BACKENDS, 'wasm')!);
  const raw = await configFrom(args);
  const { config, problems, notes } = validateConfig(raw);
  if (problems.length > 0) throw new CliError(problems.map(withoutFallback).join('; '));
  const stopAfter = stopAfterFrom(args);
  const successStop = successStopFrom(args);
  for (const note of notes) io.err(`config: ${note}`);
  let checkpoint: Checkpoint | undefined;
  let resumed: SavedRun | null = null;
  const resume = stringFlag(args, 'resume');
  if (resume) {
    let notes: string[];
    ({ checkpoint, run: resumed, notes } = await readCheckpointFile(resume));
    notes.forEach((n) => io.err(n));
    checkResumeConflicts(args, raw, config, checkpoint, resume);
    if (raw.iterations !== undefined) checkpoint = extendCheckpoint(checkpoint, config.iterations); // K stays the run's
  }
  // Output paths are checked before any training, so a bad one never costs a run.
  const rollouts = stringFlag(args, 'rollouts');
  const every = intFlag(args, 'rollouts-every', 0)!;
  if (every < 0) throw new CliError(`--rollouts-every must be ≥ 0, got ${every}`);
  const cpPath = stringFlag(args, 'checkpoint');
  if (rollouts) await checkOutputPath(rollouts, '--rollouts');
  if (cpPath) {
    checkCheckpointPath(cpPath);
    await checkOutputPath(cpPath, '--checkpoint');
    await checkWritable(cpPath, '--checkpoint');
  }
  if (rollouts) await checkWritable(rollouts, '--rollouts');
  const trainer = await Trainer.create(config, { checkpoint, backend });
  if (rollouts) await writeFile(rollouts, '');
  const metrics: IterationMetrics[] = [];
  io.err(`train ${trainer.config.env} ${trainer.config.taskType ?? 'any'} ${trainer.config.estimator} seed ${trainer.config.seed} on ${backend}: ${trainer.policy.parameterCount} parameters, vocabulary ${trainer.policy.vocab.size}`);
  if (trainer.warmStart) io.err(warmStartLine(trainer.warmStart));
  try {
    for await (const result of trainLoop(trainer)) {
      const m = result.metrics;
      metrics.push(m);
      if (json) io.out(JSON.stringify(m));
      else io.out(progressLine(m, trainer.config.iterations));
      if (json) io.err(progressLine(m, trainer.config.iterations));
      const reached = successStop !== null && reachedSuccess(metrics.map((x) => x.successRate), successStop);
      if (reached) io.err(`stop: mean success of the last ${successStop.window} iterations is ≥ ${successStop.threshold} at iteration ${m.iteration}`);
      const last = m.iteration === trainer.config.iterations || m.iteration >= stopAfter || reached;
      if (rollouts && (last || (every > 0 && m.iteration % every === 0))) {
        await appendFile(rollouts, result.groups.flat().map((r) => JSON.stringify(r)).join('\n') + '\n');
      }
      if (m.iteration >= stopAfter || reached) break;
    }
    if (cpPath) {
      await writeCheckpointFile(cpPath, await trainer.checkpoint(), metrics, resumed);
      io.err(`run file written to ${cpPath}`);
    }
  } finally {
    trainer.dispose();
  }
  return 0;
}

/** "SFT warm start: 64 oracle episodes, 470 responses, 30 steps; loss 1.52 → 0.25 per decision". */
export function warmStartLine(w: SftSummary): string {
  return `SFT warm start: ${w.episodes} oracle episodes, ${w.responses} responses, ${w.steps} steps; loss ${w.lossBefore.toFixed(2)} → ${w.lossAfter.toFixed(2)} per decision`;
}

export const trainCommand: CliCommand = {
  name: 'train',
  summary: 'train the policy (GRPO, PlanPO, ...) on an environment; one line per iteration',
  get usage() {
    return usage();
  },
  run,
};
