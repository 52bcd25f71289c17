import { describe, expect, it } from 'vitest';
import { getEnv } from '../../../src/core/env/registry';
import { encoderFeatures, fnv1a, textWords, type PolicyInput } from '../../../src/core/policy';
import { sentences } from '../../../src/core/policy/features';

/** The plain definition: every salted unigram and bigram hashed, bucketed, deduplicated, sorted. */
function plainEncoderFeatures(input: PolicyInput, buckets: number): number[] {
  const out = new Set<number>();
  const hash = (salt: string, text: string) => fnv1a(`${salt}\u0001${text}`) % buckets;
  const ngrams = (salt: string, text: string) => {
    const w = textWords(text);
    w.forEach((word, i) => {
      out.add(hash(salt, word));
      if (i + 1 < w.length) out.add(hash(salt, `${word} ${w[i + 1]}`));
    });
  };
  out.add(hash('bias', `h${input.history.length}`));
  ngrams('task', input.task);
  ngrams('obs', input.observation);
  input.history.forEach((h, i) => {
    ngrams(`h${input.history.length - i}o`, h.observation);
    ngrams(`h${input.history.length - i}a`, h.action);
  });
  input.admissible.forEach((c) => ngrams('adm', c));
  return [...out].sort((a, b) => a - b);
}

describe('encoder features', () => {
  it('equal the plain definition along household plans, at several bucket counts, memo hits included', () => {
    const env = getEnv('household-v0');
    for (let seed = 0; seed < 4; seed++) {
      const reset = env.reset(seed, {});
      const task = reset.task;
      let { state, observation } = reset;
      const history: Array<PolicyInput['history'][number]> = [];
      for (const action of env.solve(state).slice(0, 6)) {
        const input: PolicyInput = { task, observation, history: history.slice(-2), admissible: env.admissibleActions(state) };
        for (const buckets of [64, 1024, 4099]) {
          const expected = plainEncoderFeatures(input, buckets);
          expect(Array.from(encoderFeatures(input, buckets))).toEqual(expected);
          expect(Array.from(encoderFeatures(input, buckets))).toEqual(expected); // second call: from the memo
        }
        const res = env.step(state, action);
        history.push({ observation, action });
        ({ state, observation } = res);
      }
    }
  });
});

/** A science-v0 test-conductivity task, and the same task with the two box colours swapped. */
function conductivityPair(): [string, string] {
  const env = getEnv('science-v0');
  for (let seed = 0; seed < 50; seed++) {
    const { task } = env.reset(seed, { taskType: 'test-conductivity' });
    const m = /conductive, place it in the (\w+) box\. If it is electrically nonconductive, place it in the (\w+) box/.exec(task);
    if (!m) continue;
    const swapped = task.replace(`the ${m[1]} box`, 'the @ box').replace(`the ${m[2]} box`, `the ${m[1]} box`).replace('the @ box', `the ${m[2]} box`);
    return [task, swapped];
  }
  throw new Error('no test-conductivity task found');
}

const onlyTask = (task: string): PolicyInput => ({ task, observation: '', history: [], admissible: [] });

describe('task features', () => {
  it("'bag' reads a test-conductivity task and its colour swap the same (the word order it loses)", () => {
    const [task, swapped] = conductivityPair();
    expect(swapped).not.toBe(task);
    expect(Array.from(encoderFeatures(onlyTask(swapped), 1024, 'bag'))).toEqual(Array.from(encoderFeatures(onlyTask(task), 1024, 'bag')));
  });

  it("'sentences' tells a test-conductivity task from its colour swap", () => {
    const [task, swapped] = conductivityPair();
    for (const buckets of [1024, 4099]) {
      expect(Array.from(encoderFeatures(onlyTask(swapped), buckets, 'sentences'))).not.toEqual(Array.from(encoderFeatures(onlyTask(task), buckets, 'sentences')));
    }
  });

  it("'sentences' adds each task word tagged with its sentence's number to the bag, and nothing else", () => {
    const task = 'Your task is to boil water. First, focus on the substance! Then act?';
    const buckets = 4099;
    expect(sentences(task)).toEqual(['Your task is to boil water', 'First, focus on the substance', 'Then act']);
    const tagged = sentences(task).flatMap((s, k) => textWords(s).map((w) => fnv1a(`task.s${k}\u0001${w}`) % buckets));
    const input = { ...onlyTask(task), observation: 'You see a pot.', admissible: ['look around'] };
    const expected = [...new Set([...plainEncoderFeatures(input, buckets), ...tagged])].sort((a, b) => a - b);
    expect(Array.from(encoderFeatures(input, buckets, 'sentences'))).toEqual(expected);
    expect(Array.from(encoderFeatures(input, buckets, 'bag'))).toEqual(plainEncoderFeatures(input, buckets));
    expect(Array.from(encoderFeatures(input, buckets))).toEqual(plainEncoderFeatures(input, buckets)); // the default is 'bag'
  });
});
