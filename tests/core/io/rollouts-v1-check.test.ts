import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeRolloutTrajectory } from '../../../src/core/io/rollouts-v1-check';
import { formatPath, rolloutTrajectorySchema, validateRolloutTrajectory } from '../../../src/core/io/rollouts-v1';
import { validRecord } from './fixtures';

/** The schema's own verdict and problems, without the fast check in front. */
function zodOnly(value: unknown) {
  const result = rolloutTrajectorySchema.safeParse(value);
  return result.success ? { ok: true } : { ok: false, problems: result.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })) };
}

/** A record with every optional field the check covers set. */
function fullRecord(): Record<string, unknown> {
  return validRecord({
    source: { framework: 'agentgym-rl', run_id: 'r', algo: 'grpo', model: 'm', file: 'step1/0.json' },
    env: { name: 'alfworld', dialect: 'd', split: 'train', max_turns: 8 },
    task: { task_id: 'alfworld:1', task_type: 'pick', instruction: 'put a mug in the sink' },
    train_step: 3, sample_index: 1,
    turns: [
      { t: 0, observation: 'o', prompt: 'p', admissible_actions: ['look'], response: 'r', action: null, format_valid: true, action_admissible: false,
        feedback: 'f', reward: 0, penalty: -0.1, done: false, prompt_tokens: 5, response_tokens: 2, response_tokens_estimated: true, info: { entropy: 0.5 } },
      { t: 1, observation: 'o2', response: 'r2', action: 'look', reward: 1, done: true },
    ],
    outcome: { success: true, episode_reward: 1, score: 1, num_turns: 2, terminated_by: 'done' },
  });
}

class Boxed { constructor(readonly v = 1) {} }
const ODD_VALUES: unknown[] = [undefined, null, -1, 0, 1.5, 2 ** 60, Number.NaN, Infinity, -Infinity, '', 'x', 'rollouts.v1', true, false, [], ['a'], [1], {}, { t: 0 }, new Boxed()];

/** Every path of an object tree (objects and arrays), leaves included. */
function pathsOf(value: unknown, prefix: PropertyKey[] = []): PropertyKey[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const keys: PropertyKey[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => pathsOf((value as Record<PropertyKey, unknown>)[k], [...prefix, k]))];
}

function withValueAt(root: unknown, path: readonly PropertyKey[], next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = structuredClone(root) as Record<PropertyKey, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<PropertyKey, unknown>;
  const last = path[path.length - 1];
  if (next === undefined && !Array.isArray(at)) delete at[last];
  else at[last] = next;
  return copy;
}

describe('the fast rollouts.v1 check', () => {
  it('accepts the valid records of the fixtures, so they skip zod', () => {
    expect(looksLikeRolloutTrajectory(validRecord())).toBe(true);
    expect(looksLikeRolloutTrajectory(fullRecord())).toBe(true);
    expect(zodOnly(fullRecord()).ok).toBe(true);
  });

  it('leaves records it does not cover to zod: one with advantages, a class instance', () => {
    expect(looksLikeRolloutTrajectory(validRecord({ advantages: { per_turn: [0, 1] } }))).toBe(false);
    expect(validateRolloutTrajectory(validRecord({ advantages: { per_turn: [0, 1] } })).ok).toBe(true);
    expect(looksLikeRolloutTrajectory(validRecord({ turns: [{ ...new Boxed(), t: 0 }] }))).toBe(false);
  });

  it('never accepts what the schema rejects, and validation answers as zod alone does (one or two values changed anywhere)', () => {
    const base = [validRecord(), fullRecord()];
    const edits = fc.tuple(fc.nat(), fc.constantFrom(...ODD_VALUES));
    fc.assert(fc.property(fc.constantFrom(0, 1), fc.array(edits, { minLength: 1, maxLength: 2 }), (which, changes) => {
      let value: unknown = base[which];
      for (const [k, next] of changes) {
        const paths = pathsOf(value);
        value = withValueAt(value, paths[k % paths.length], next);
      }
      const reference = zodOnly(value);
      if (looksLikeRolloutTrajectory(value)) expect(reference.ok).toBe(true);
      const checked = validateRolloutTrajectory(value);
      expect(checked.ok ? { ok: true } : checked).toEqual(reference);
    }), { numRuns: 3000, seed: 22 });
  });

  it('a bad turn still gets zod\'s message, word for word', () => {
    const value = validRecord();
    (value.turns as Array<Record<string, unknown>>)[1].reward = 'ten';
    expect(validateRolloutTrajectory(value)).toEqual({ ok: false, problems: [{ path: 'turns[1].reward', message: 'must be a finite number, got "ten"' }] });
    (value.turns as Array<Record<string, unknown>>)[1].reward = 10;
    (value.turns as Array<Record<string, unknown>>)[1].t = 3;
    expect(validateRolloutTrajectory(value)).toEqual({ ok: false, problems: [{ path: 'turns[1].t', message: 'must be 1 (turns are 0-based and in order), got 3' }] });
  });
});
