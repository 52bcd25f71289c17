/**
 * A fast structural check of rollouts.v1 (`rollouts-v1.ts`'s zod schema, written out by hand): the
 * importers build hundreds of thousands of records, and zod (jitless, as the page's CSP requires)
 * spent more time checking them than the readers spent building them.
 *
 * The check is one-sided: `looksLikeRolloutTrajectory(x) === true` only where the schema accepts
 * `x`; anything it is unsure of answers false, and `validateRolloutTrajectory` then asks zod,
 * which gives the verdict and the message. So a bad record's message is zod's, word for word, and
 * a record the check does not cover (one carrying `advantages`, an object with another prototype)
 * still goes through the schema. tests/core/io/rollouts-v1-check.test.ts checks the one-sidedness
 * on mutated records.
 *
 * Details a reader could get wrong:
 * - Optional fields may be absent or undefined (as zod's `.optional()`), never null; `action` is
 *   required and may be null.
 * - Counts are safe non-negative integers; numbers must be finite.
 * - `turns[k].t` must equal k.
 */

const isString = (x: unknown): x is string => typeof x === 'string';
const isFiniteNumber = (x: unknown): boolean => typeof x === 'number' && Number.isFinite(x);
const isCount = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const isBoolean = (x: unknown): boolean => typeof x === 'boolean';

/** A plain object (JSON's objects and object literals; not arrays, not class instances). */
function isPlain(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x) as unknown;
  return proto === Object.prototype || proto === null;
}

const optional = (x: unknown, check: (v: unknown) => boolean): boolean => x === undefined || check(x);
const nonEmpty = (x: unknown): boolean => isString(x) && x.length > 0;
const stringArray = (x: unknown): boolean => Array.isArray(x) && x.every(isString);

function turnLooksValid(turn: unknown, k: number): boolean {
  if (!isPlain(turn)) return false;
  return turn.t === k
    && isString(turn.observation)
    && isString(turn.response)
    && (turn.action === null || isString(turn.action))
    && isFiniteNumber(turn.reward)
    && isBoolean(turn.done)
    && optional(turn.prompt, isString)
    && optional(turn.admissible_actions, stringArray)
    && optional(turn.format_valid, isBoolean)
    && optional(turn.action_admissible, isBoolean)
    && optional(turn.feedback, isString)
    && optional(turn.penalty, isFiniteNumber)
    && optional(turn.prompt_tokens, isCount)
    && optional(turn.response_tokens, isCount)
    && optional(turn.response_tokens_estimated, isBoolean)
    && optional(turn.info, isPlain);
}

/** True only where rollouts.v1's schema accepts `value`; false means "ask the schema". */
export function looksLikeRolloutTrajectory(value: unknown): boolean {
  if (!isPlain(value) || value.schema !== 'rollouts.v1' || value.advantages !== undefined) return false;
  const { source, env, task, outcome, turns } = value;
  if (!isPlain(source) || !isString(source.framework) || !optional(source.run_id, isString) || !optional(source.algo, isString)
    || !optional(source.model, isString) || !optional(source.file, isString)) return false;
  if (!isPlain(env) || !isString(env.name) || !optional(env.dialect, isString) || !optional(env.split, isString) || !optional(env.max_turns, isCount)) return false;
  if (!isPlain(task) || !isString(task.task_id) || !optional(task.task_type, isString) || !optional(task.instruction, isString)) return false;
  if (!optional(value.train_step, isCount) || !nonEmpty(value.group_id) || !nonEmpty(value.traj_id) || !optional(value.sample_index, isCount)) return false;
  if (!isPlain(outcome) || !isBoolean(outcome.success) || !isFiniteNumber(outcome.episode_reward) || !optional(outcome.score, isFiniteNumber)
    || !isCount(outcome.num_turns) || !optional(outcome.terminated_by, isString)) return false;
  if (!Array.isArray(turns)) return false;
  for (let k = 0; k < turns.length; k++) if (!turnLooksValid(turns[k], k)) return false;
  return true;
}
