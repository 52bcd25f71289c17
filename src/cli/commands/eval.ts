/**
 * `eval`: load a checkpoint written by `train --checkpoint` (or by `experiment ood`), play
 * `--episodes` fresh tasks of `--split` without updating, and print success, turns and tokens.
 */
import { choiceFlag, CliError, intFlag, numberFlag, parseArgs, stringFlag } from '../args';
import type { CliCommand, CliIo } from '../command';
import { NODE_BACKENDS, useNodeBackend } from '../tf-node';
import type { Checkpoint } from '../../core/train';
import { readCheckpointFile } from '../run-file-io';
import { evaluateCheckpoint, EVAL_TEMPERATURE, type CheckpointEvaluation } from '../../core/experiments/evaluate';
import type { Split } from '../../core/experiments/types';

const USAGE = `Usage: npm run -s cli -- eval --checkpoint FILE [--split seen|unseen] [--episodes N] [--json]

Plays N fresh tasks of one split with the checkpoint's policy (no update) and reports success.
Tasks come from the 'eval-env' seed stream, never used in training.

Options:
  --checkpoint FILE      a run file or checkpoint JSON (train --checkpoint, experiment ood)
  --split seen|unseen    task split (default unseen)
  --episodes N           episodes, one task each (default 64)
  --temperature T        sampling temperature (default ${EVAL_TEMPERATURE}, the paper's validation setting)
  --backend cpu|wasm     tfjs backend (default wasm)
  --json                 one JSON object on stdout`;

const KNOWN = new Set(['checkpoint', 'split', 'episodes', 'temperature', 'backend', 'json']);

export { evaluateCheckpoint, type CheckpointEvaluation };

/** Reads a run file or a JSON checkpoint; a readable CliError when it is missing or malformed. */
export async function readCheckpoint(path: string): Promise<Checkpoint> {
  return (await readCheckpointFile(path)).checkpoint;
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['json']);
  const unknown = Object.keys(args.flags).find((f) => !KNOWN.has(f));
  if (unknown) throw new CliError(`unknown option --${unknown}; see --help`);
  const path = stringFlag(args, 'checkpoint');
  if (!path) throw new CliError('--checkpoint FILE is required');
  const split = choiceFlag<Split>(args, 'split', ['seen', 'unseen'], 'unseen')!;
  const episodes = intFlag(args, 'episodes', 64)!;
  if (episodes < 1) throw new CliError('--episodes must be at least 1');
  const temperature = numberFlag(args, 'temperature', EVAL_TEMPERATURE)!;
  if (!(temperature > 0)) throw new CliError('--temperature must be > 0');
  const checkpoint = await readCheckpoint(path);
  const backend = await useNodeBackend(choiceFlag(args, 'backend', NODE_BACKENDS, 'wasm')!);
  const result = await evaluateCheckpoint(checkpoint, { split, episodes, temperature, backend });
  if (args.flags.json === true) io.out(JSON.stringify({ checkpoint: path, backend, ...result }));
  else {
    const t = result.meanSuccessTurns === null ? '-' : result.meanSuccessTurns.toFixed(1);
    io.out(`${result.env} ${result.estimator} seed ${result.seed} after ${result.iteration} iterations, ${split} split: success ${(result.successRate * 100).toFixed(1)}% of ${result.episodes} episodes, turns ${result.meanTurns.toFixed(1)} (successes ${t}), tokens/response ${result.meanResponseTokens.toFixed(2)}, temperature ${temperature}`);
  }
  return 0;
}

export const evalCommand: CliCommand = {
  name: 'eval',
  summary: 'evaluate a checkpoint on fresh seen or unseen tasks (no update)',
  usage: USAGE,
  run,
};
