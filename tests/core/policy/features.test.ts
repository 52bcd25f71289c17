import { describe, expect, it } from 'vitest';
import { getEnv } from '../../../src/core/env/registry';
import { encoderFeatures, fnv1a, textWords, type PolicyInput } from '../../../src/core/policy';

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
