/** Option validation shared by the environments: errors name the environment and list valid values. */
import { createRng, deriveSeed } from '../math/rng';
import { sizeRangeProblem } from './size';
import type { EnvOptions, SizeRange, Split } from './types';

export const SPLITS: readonly Split[] = ['seen', 'unseen'];

export function checkChoice<T extends string>(env: string, what: string, value: string | undefined, valid: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(valid as readonly string[]).includes(value)) {
    throw new RangeError(`${env}: unknown ${what} "${value}"; valid: ${valid.join(', ')}`);
  }
  return value as T;
}

export function checkInt(env: string, what: string, value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${env}: ${what} must be an integer in ${min}..${max}, got ${value}`);
  }
  return value;
}

/** The size option, or the default; a size outside the declared range is a RangeError worded by `sizeRangeProblem`. */
function checkSize(env: string, range: SizeRange, value: number | undefined): number {
  if (value === undefined) return range.default;
  const problem = sizeRangeProblem(env, range, value);
  if (problem !== null) throw new RangeError(`size: ${problem}`);
  return value;
}

export interface CommonLimits<T extends string> {
  /** Registry id, named in error messages. */
  env: string;
  /** Seed-stream name of the task-type draw (`deriveSeed(seed, stream, 'task-type')`). */
  stream: string;
  taskTypes: readonly T[];
  /** The registry entry's `sizeRange` (the same object), so a refusal reads as everywhere else. */
  size: SizeRange;
  maxTurns: { limit: number; default: number };
}

/**
 * The options every environment shares, validated with defaults: a task type (drawn from the seed
 * when omitted), the split (`seen` by default), the size and the turn cap.
 */
export function resolveCommonOptions<T extends string>(
  seed: number,
  options: EnvOptions,
  limits: CommonLimits<T>,
): { taskType: T; split: Split; size: number; maxTurns: number } {
  const { env } = limits;
  const drawn = createRng(deriveSeed(seed, limits.stream, 'task-type')).pick(limits.taskTypes);
  return {
    taskType: checkChoice<T>(env, 'task type', options.taskType, limits.taskTypes) ?? drawn,
    split: checkChoice(env, 'split', options.split, SPLITS) ?? 'seen',
    size: checkSize(env, limits.size, options.size),
    maxTurns: checkInt(env, 'maxTurns', options.maxTurns, 1, limits.maxTurns.limit, limits.maxTurns.default),
  };
}

/**
 * The env options of slot `i` of a draw stratified by task type: the given options with task type
 * `i mod |types|`, when they leave the type to the seed and the env has more than one; otherwise
 * the options unchanged. The SFT warm start numbers its demonstrations this way, and a run with
 * `tasksByType` its RL tasks (slot = iteration · B + b).
 */
export function stratifiedOptions(taskTypes: readonly string[], options: EnvOptions, i: number): EnvOptions {
  if (options.taskType !== undefined || taskTypes.length < 2) return options;
  return { ...options, taskType: taskTypes[i % taskTypes.length] };
}
