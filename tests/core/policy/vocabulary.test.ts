import { describe, expect, it } from 'vitest';
import { createVocabulary, probeActionWords, vocabularyForEnv } from '../../../src/core/policy';
import { buttonEnv } from '../rollout/tiny-env';

describe('vocabulary', () => {
  it('lays out specials, thoughts, words and unknown buckets in that order', () => {
    const v = createVocabulary({ thoughts: ['hmm'], words: ['go', 'to'], unknownBuckets: 2 });
    expect(v.size).toBe(5 + 1 + 2 + 2);
    expect(v.text(5)).toBe('hmm');
    expect(v.isThought(5)).toBe(true);
    expect(v.wordId('go')).toBe(6);
    expect(v.encodeAction('go to')).toEqual([6, 7]);
    expect(v.wordId('zebra')).toBeGreaterThanOrEqual(8);
    expect(v.wordId('zebra')).toBe(v.wordId('zebra'));
  });

  it('probes the action words of an environment deterministically', () => {
    const words = probeActionWords(buttonEnv({ walk: true }), { seeds: 8 });
    expect(words).toEqual(probeActionWords(buttonEnv({ walk: true }), { seeds: 8 }));
    expect(words).toEqual(expect.arrayContaining(['walk', 'to', 'panel', 'press', 'red', 'button', 'wait']));
    expect(vocabularyForEnv(buttonEnv()).unknownBuckets).toBe(16);
  });
});
