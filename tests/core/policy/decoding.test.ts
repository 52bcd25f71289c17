import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng } from '../../../src/core/math';
import {
  ACTION_CLOSE, ACTION_OPEN, createVocabulary, parseFreeResponse, renderResponse, ResponseDecoder, THINK_CLOSE, THINK_OPEN,
} from '../../../src/core/policy';

const vocab = createVocabulary({
  thoughts: ['hmm', 'so'],
  words: ['1', '2', 'apple', 'countertop', 'from', 'go', 'look', 'take', 'to'],
  unknownBuckets: 4,
});
const limits = { maxThinkTokens: 3, maxResponseTokens: 12 };
const COMMANDS = ['go to countertop 1', 'go to countertop 2', 'look', 'take apple 1 from countertop 1'];

/** Decode with uniformly random choices among the allowed tokens. */
function decodeRandom(commands: readonly string[], seed: number): ResponseDecoder {
  const rng = createRng(seed);
  const d = new ResponseDecoder(vocab, commands, 'constrained', limits);
  while (!d.done) d.push(rng.pick(d.allowed()!));
  return d;
}

describe('constrained decoding', () => {
  it('only ever yields admissible actions, whatever the choices', () => {
    fc.assert(fc.property(fc.integer(), fc.subarray(COMMANDS, { minLength: 1 }), (seed, commands) => {
      const d = decodeRandom(commands, seed);
      expect(commands).toContain(d.constrainedCommand());
    }));
  });

  it('writes the paper format with at most maxThinkTokens thoughts', () => {
    for (let seed = 0; seed < 50; seed++) {
      const d = decodeRandom(COMMANDS, seed);
      const text = renderResponse(vocab, d.tokens);
      expect(text).toMatch(/^<think>((hmm|so)( (hmm|so))*)?<\/think><action>[a-z0-9 ]+<\/action>$/);
      expect(d.tokens.filter((t) => vocab.isThought(t)).length).toBeLessThanOrEqual(limits.maxThinkTokens);
      expect(text).toContain(`<action>${d.constrainedCommand()}</action>`);
    }
  });

  it('forces the tags and offers </action> only once a whole command is spelled', () => {
    const d = new ResponseDecoder(vocab, COMMANDS, 'constrained', limits);
    expect(d.allowed()).toEqual([THINK_OPEN]);
    d.push(THINK_OPEN);
    expect(d.allowed()).toContain(THINK_CLOSE);
    d.push(THINK_CLOSE);
    expect(d.allowed()).toEqual([ACTION_OPEN]);
    d.push(ACTION_OPEN);
    expect(d.allowed()!.map((t) => vocab.text(t)).sort()).toEqual(['go', 'look', 'take']);
    d.push(vocab.wordId('look'));
    expect(d.allowed()).toEqual([ACTION_CLOSE]);
  });

  it('resolves words outside the vocabulary through the unknown buckets', () => {
    const d = decodeRandom(['examine zebra 7'], 3);
    expect(d.constrainedCommand()).toBe('examine zebra 7');
    expect(renderResponse(vocab, d.tokens)).toMatch(/<action><w\d> <w\d> <w\d><\/action>$/);
  });
});

describe('free decoding', () => {
  it('allows every token but padding and stops at </action>', () => {
    const d = new ResponseDecoder(vocab, COMMANDS, 'free', limits);
    expect(d.allowed()).toBeNull();
    d.push(vocab.wordId('look'));
    d.push(ACTION_CLOSE);
    expect(d.done).toBe(true);
  });

  it('parses like verl-agent: action between the tags, format valid only with both pairs in order', () => {
    const ids = (s: string[]) => s.map((w) => (w.startsWith('<') ? ['<pad>', '<think>', '</think>', '<action>', '</action>'].indexOf(w) : vocab.wordId(w)));
    expect(parseFreeResponse(vocab, ids(['<think>', '</think>', '<action>', 'look', '</action>']))).toEqual({ action: 'look', formatValid: true });
    expect(parseFreeResponse(vocab, ids(['<action>', 'look', '</action>']))).toEqual({ action: 'look', formatValid: false });
    const noTags = parseFreeResponse(vocab, ids(['go', 'to', 'countertop', '1']));
    expect(noTags.formatValid).toBe(false);
    expect(noTags.action).toBe('go to countertop 1');
  });

  it('stops at maxResponseTokens', () => {
    const d = new ResponseDecoder(vocab, COMMANDS, 'free', limits);
    for (let i = 0; i < limits.maxResponseTokens; i++) d.push(vocab.wordId('go'));
    expect(d.done).toBe(true);
  });
});

describe('lookahead features', () => {
  it('mark the action tokens whose reachable commands name task words, by count and by task-word position', () => {
    const d = new ResponseDecoder(vocab, COMMANDS, 'constrained', limits, ['take', 'apple', 'countertop']);
    expect(d.lookahead()).toEqual([]); // not in the action span yet
    d.push(THINK_OPEN);
    d.push(THINK_CLOSE);
    d.push(ACTION_OPEN);
    const V = vocab.size;
    const [go, take] = [vocab.wordId('go'), vocab.wordId('take')];
    // go → "go to countertop 1 | 2": 1 task word (slot 2); take → "take apple 1 from countertop 1": slots 0, 1, 2; look: none
    expect(d.lookahead()).toEqual([go, take, V + take, 2 * V + take, 3 * V + take, 4 * V + go, 4 * V + take].sort((a, b) => a - b));
  });
});
