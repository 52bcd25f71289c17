/**
 * `env list|play|solve|stats`: the text environments from the terminal. With --json, stdout
 * carries only JSON (play: JSON Lines, one line per turn).
 */
import { createInterface } from 'node:readline/promises';
import { choiceFlag, CliError, intFlag, parseArgs, rejectUnknownFlags, seedFlag, stringFlag, type ParsedArgs } from '../args';
import { didYouMean, echo, escapeControl, readTextFile } from '../errors';
import type { CliCommand, CliIo } from '../command';
import { createRng, deriveSeed } from '../../core/math/rng';
import { ENVIRONMENTS, ENV_IDS, getEnv } from '../../core/env/registry';
import { sizeRangeProblem } from '../../core/env/size';
import type { BaseEnvState, EnvOptions, TextEnv } from '../../core/env/types';

const USAGE = `Usage: npm run -s cli -- env <list|play|solve|stats> [options]

  env list [--json]
  env play  --env ID --seed N [--actions FILE|-] [--json] [task options]
  env solve --env ID --seed N [--json] [task options]
  env stats --env ID --episodes N [--seed N] [--json] [task options]

Task options: --task-type T, --split seen|unseen, --size N, --max-turns N, --dialect current|legacy
Environments: ${ENV_IDS.join(', ')}
Interactive play (a terminal, no --actions): type an action or its number; :plan shows the
oracle's plan, :quit leaves.`;

type AnyEnv = TextEnv<BaseEnvState>;

const TASK_FLAGS = ['env', 'seed', 'json', 'task-type', 'split', 'size', 'max-turns', 'dialect'];
const SUBCOMMAND_FLAGS = {
  list: ['json'],
  play: [...TASK_FLAGS, 'actions'],
  solve: TASK_FLAGS,
  stats: [...TASK_FLAGS, 'episodes'],
};

function envFrom(args: ParsedArgs): AnyEnv {
  const id = stringFlag(args, 'env');
  if (id === undefined) throw new CliError(`--env is required; valid ids: ${ENV_IDS.join(', ')}`);
  if (!(ENV_IDS as string[]).includes(id)) throw new CliError(`unknown --env ${echo(id)}; valid ids: ${ENV_IDS.join(', ')}`);
  return getEnv(id);
}

function optionsFrom(args: ParsedArgs, env: AnyEnv): EnvOptions {
  const taskType = choiceFlag(args, 'task-type', env.taskTypes);
  const split = choiceFlag(args, 'split', env.splits);
  const size = intFlag(args, 'size');
  // The registry entry's declared range, worded as the lab and `train` word it.
  const sizeProblem = size === undefined ? null : sizeRangeProblem(env.id, env.sizeRange, size);
  if (sizeProblem !== null) throw new CliError(`--size: ${sizeProblem}`);
  return {
    taskType,
    split,
    size,
    maxTurns: intFlag(args, 'max-turns'),
    dialect: stringFlag(args, 'dialect'),
  };
}

/** env.reset, with option errors (size, max turns, dialect) turned into user errors. */
function resetEnv(env: AnyEnv, seed: number, options: EnvOptions) {
  try {
    return env.reset(seed, options);
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(error.message);
    throw error;
  }
}

function seedFrom(args: ParsedArgs, fallback?: number): number {
  const seed = seedFlag(args, 'seed', fallback);
  if (seed === undefined) throw new CliError('--seed is required');
  return seed;
}

function list(args: ParsedArgs, io: CliIo): number {
  const rows = ENV_IDS.map((id) => {
    const env: AnyEnv = ENVIRONMENTS[id] as unknown as AnyEnv;
    return { id, label: env.label, taskTypes: [...env.taskTypes], splits: [...env.splits], maxTurns: env.maxTurns, maxTurnsLimit: env.maxTurnsLimit ?? null };
  });
  if (args.flags.json) {
    io.out(JSON.stringify(rows));
    return 0;
  }
  for (const row of rows) {
    io.out(`${row.id}  ${row.label}  (max turns ${row.maxTurns}; splits ${row.splits.join(', ')})`);
    io.out(`  task types: ${row.taskTypes.join(', ')}`);
  }
  return 0;
}

async function readActions(source: string, io: CliIo): Promise<string[]> {
  const text = source === '-' ? await io.readStdin() : await readTextFile(source, '--actions file');
  return text.split('\n').map((line) => line.trim()).filter((line) => line.length > 0 && !line.startsWith('#'));
}

async function play(args: ParsedArgs, io: CliIo): Promise<number> {
  const env = envFrom(args);
  const options = optionsFrom(args, env);
  const seed = seedFrom(args);
  const source = stringFlag(args, 'actions');
  if (source === undefined) {
    if (!io.isTty) throw new CliError('interactive play needs a terminal; pass --actions FILE (or - for stdin)');
    return interactive(env, seed, options, io);
  }
  const actions = await readActions(source, io);
  const json = Boolean(args.flags.json);
  const reset = resetEnv(env, seed, options);
  let state = reset.state;
  if (json) io.out(JSON.stringify({ t: 0, task: reset.task, observation: reset.observation, admissible: env.admissibleActions(state) }));
  else io.out(reset.observation);
  for (const [i, action] of actions.entries()) {
    if (state.done) {
      io.err(`episode over after ${i} actions; ${actions.length - i} left unplayed`);
      break;
    }
    const result = env.step(state, action);
    state = result.state;
    const { observation, reward, done, success } = result;
    if (json) io.out(JSON.stringify({ t: state.turn, action, observation, reward, done, success, admissible: env.admissibleActions(state) }));
    else io.out(`\n> ${escapeControl(action)}\n${escapeControl(observation, true)}${reward !== 0 ? `  [reward ${reward}]` : ''}${done ? (success ? '  [success]' : '  [done]') : ''}`);
  }
  return 0;
}

async function interactive(env: AnyEnv, seed: number, options: EnvOptions, io: CliIo): Promise<number> {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator](); // buffers lines typed (or pasted) before we ask
  try {
    const reset = resetEnv(env, seed, options);
    let state = reset.state;
    io.out(reset.observation);
    while (!state.done) {
      const admissible = env.admissibleActions(state);
      io.out(`\nTurn ${state.turn + 1}/${state.maxTurns}. Admissible actions:`);
      admissible.forEach((a, i) => io.out(`  ${String(i + 1).padStart(2)}. ${a}`));
      process.stdout.write('> ');
      const next = await lines.next();
      if (next.done) return 0;
      const line = String(next.value).trim();
      if (line === ':quit') return 0;
      if (line === ':plan') {
        io.out(env.solve(state).map((a, i) => `  ${i + 1}. ${a}`).join('\n') || '  (nothing left to do)');
        continue;
      }
      const index = /^\d+$/.test(line) ? Number(line) - 1 : -1;
      const result = env.step(state, admissible[index] ?? line);
      state = result.state;
      io.out(escapeControl(result.observation, true) + (result.reward !== 0 ? `  [reward ${result.reward}]` : ''));
    }
    io.out(state.success ? '\nSuccess.' : '\nEpisode over.');
    return 0;
  } finally {
    rl.close();
  }
}

function solve(args: ParsedArgs, io: CliIo): number {
  const env = envFrom(args);
  const { state, task } = resetEnv(env, seedFrom(args), optionsFrom(args, env));
  const plan = env.solve(state);
  if (args.flags.json) io.out(JSON.stringify({ plan, length: plan.length }));
  else io.out([`Task: ${task}`, ...plan.map((a, i) => `  ${i + 1}. ${a}`), `${plan.length} steps`].join('\n'));
  return 0;
}

/** One episode of the uniform random policy over admissible actions. */
function randomEpisode(env: AnyEnv, state: BaseEnvState, seed: number) {
  const rng = createRng(seed);
  while (!state.done) state = env.step(state, rng.pick(env.admissibleActions(state))).state;
  return { success: state.success, turns: state.turn, score: state.score };
}

function summary(values: number[]) {
  const histogram: Record<string, number> = {};
  for (const v of values) histogram[v] = (histogram[v] ?? 0) + 1;
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return { mean: Math.round(mean * 1000) / 1000, min: Math.min(...values), max: Math.max(...values), histogram };
}

function stats(args: ParsedArgs, io: CliIo): number {
  const env = envFrom(args);
  const options = optionsFrom(args, env);
  const episodes = intFlag(args, 'episodes', 100)!;
  if (episodes < 1) throw new CliError('--episodes must be at least 1');
  const root = seedFrom(args, 0);
  const lengths: number[] = [];
  const randomTurns: number[] = [];
  const randomScores: number[] = [];
  let successes = 0;
  let oracleMs = 0;
  for (let i = 0; i < episodes; i++) {
    const { state } = resetEnv(env, deriveSeed(root, 'env-stats', i), options);
    const start = performance.now();
    lengths.push(env.solve(state).length);
    oracleMs += performance.now() - start;
    const random = randomEpisode(env, state, deriveSeed(root, 'env-stats-policy', i));
    if (random.success) successes++;
    randomTurns.push(random.turns);
    if (random.score !== undefined) randomScores.push(random.score);
  }
  const result = {
    env: env.id,
    taskType: options.taskType ?? 'any',
    split: options.split ?? 'seen',
    episodes,
    oracle: { ...summary(lengths), msPerTask: Math.round((oracleMs / episodes) * 1000) / 1000 },
    random: {
      successRate: successes / episodes,
      meanTurns: summary(randomTurns).mean,
      ...(randomScores.length > 0 ? { meanScore: summary(randomScores).mean } : {}),
    },
  };
  if (args.flags.json) io.out(JSON.stringify(result));
  else {
    io.out(`${result.env} (${result.taskType}, ${result.split}), ${episodes} episodes`);
    io.out(`  oracle plan length: mean ${result.oracle.mean}, min ${result.oracle.min}, max ${result.oracle.max}, ${result.oracle.msPerTask} ms/task`);
    io.out(`  histogram: ${Object.entries(result.oracle.histogram).map(([k, v]) => `${k}:${v}`).join(' ')}`);
    const score = 'meanScore' in result.random ? `, mean score ${result.random.meanScore}` : '';
    io.out(`  random policy: success ${(result.random.successRate * 100).toFixed(1)}%, mean turns ${result.random.meanTurns}${score}`);
  }
  return 0;
}

export const envCommand: CliCommand = {
  name: 'env',
  summary: 'list, play, solve and profile the text environments',
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    const args = parseArgs(rest, ['json']);
    const known = SUBCOMMAND_FLAGS[sub as keyof typeof SUBCOMMAND_FLAGS];
    if (known) rejectUnknownFlags(args, known, false);
    switch (sub) {
      case 'list':
        return list(args, io);
      case 'play':
        return play(args, io);
      case 'solve':
        return solve(args, io);
      case 'stats':
        return stats(args, io);
      default:
        throw new CliError(`unknown env subcommand ${echo(sub ?? '')}${didYouMean(sub ?? '', Object.keys(SUBCOMMAND_FLAGS))}; valid: list, play, solve, stats`);
    }
  },
};
