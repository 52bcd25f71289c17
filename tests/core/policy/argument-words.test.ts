import { describe, expect, it } from 'vitest';
import { householdEnv } from '../../../src/core/env/household/index';
import { copyFeatures, tokenArgumentWords } from '../../../src/core/policy/features';
import { ACTION_OPEN, createVocabulary, probeActionWords, ResponseDecoder, THINK_CLOSE, THINK_OPEN } from '../../../src/core/policy';

const vocab = createVocabulary({
  thoughts: ['hmm'],
  words: ['click[b01]', 'click[b02]', 'click[buy', 'click[original]', 'click[vanilla]', 'now]'],
  unknownBuckets: 4,
});
const V = vocab.size;
const limits = { maxThinkTokens: 2, maxResponseTokens: 12 };

/** A constrained decoder advanced to its first action decision. */
function atAction(commands: string[], taskWords: string[], labels: string[] = []): ResponseDecoder {
  const d = new ResponseDecoder(vocab, commands, 'constrained', limits, taskWords, labels);
  for (const t of [THINK_OPEN, THINK_CLOSE, ACTION_OPEN]) d.push(t);
  return d;
}

describe('argument words of bracketed action tokens', () => {
  it('reads the words inside the brackets, and nothing for plain words', () => {
    expect(tokenArgumentWords('click[original]')).toEqual(['original']);
    expect(tokenArgumentWords('search[gluten')).toEqual(['gluten']);
    expect(tokenArgumentWords('coffee]')).toEqual(['coffee']);
    expect(tokenArgumentWords('click[<')).toEqual([]);
    expect(tokenArgumentWords('apple')).toEqual([]);
    expect(tokenArgumentWords('in/on')).toEqual([]);
  });

  it('copy features mark click[original] where the task names original, and only there', () => {
    const id = vocab.wordId('click[original]');
    const input = (task: string) => ({ task, observation: 'flavor [SEP] original [SEP] vanilla', history: [], admissible: [] });
    const withWord = Array.from(copyFeatures(input('find me granola with flavor: original'), vocab));
    const without = Array.from(copyFeatures(input('find me granola with flavor: mint'), vocab));
    expect(withWord).toContain(0 * V + id);
    expect(without).not.toContain(0 * V + id);
    expect(without).toContain(1 * V + id); // the item page shows it
    expect(without).not.toContain(0 * V + vocab.wordId('click[vanilla]'));
  });

  it('household has no bracketed tokens, so its copy features are the plain-word rule', () => {
    expect(probeActionWords(householdEnv, { seeds: 4 }).filter((w) => tokenArgumentWords(w).length > 0)).toEqual([]);
  });
});

describe('lookahead over command labels', () => {
  const commands = ['click[b01]', 'click[b02]'];
  const task = ['find', 'me', 'gluten', 'free', 'granola'];
  const labels = ['Acorn Gluten Free Vegan Granola [SEP] $7.10', 'Harbor Vegan Green Tea [SEP] $9.00'];

  it('a label naming task words lights the ≥1, ≥2 and slot kinds of that command only', () => {
    const look = atAction(commands, task, labels).lookahead();
    const b01 = vocab.wordId('click[b01]');
    const b02 = vocab.wordId('click[b02]');
    expect(look).toEqual([b01, V + b01, 4 * V + b01, 5 * V + b01, 6 * V + b01]); // slots 2–4: gluten, free, granola
    expect(look.some((f) => f % V === b02)).toBe(false);
  });

  it('without labels an ASIN names no task word', () => {
    expect(atAction(commands, task).lookahead()).toEqual([]);
  });

  it('an option click names its value: click[original] matches the task word original', () => {
    const look = atAction(['click[buy now]', 'click[original]', 'click[vanilla]'], ['flavor', 'original']).lookahead();
    expect(look).toEqual([vocab.wordId('click[original]'), 3 * V + vocab.wordId('click[original]')]);
  });
});
