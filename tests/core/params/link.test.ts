import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeQuery, readLinkParams, safeDecode, safeSearch, textValue, writeLinkParams } from '../../../src/core/params/link';
import { choiceParam, integerParam, numberParam } from '../../../src/core/params/spec';

/** Escapes that do not decode: a bad hex pair, a lone %, UTF-8 cut after its lead or continuation bytes, a stray continuation byte. */
const BAD_ESCAPE = fc.constantFrom('%ZZ', '%', '%4', '%E0%A4%A', '%E0%A4', '%C3', '%F0%9F%98', '%80', '%G1', '%%');
const PLAIN = fc.string({ maxLength: 8 }).map((s) => encodeURIComponent(s));
/** Raw query text: plain encoded pieces, bad escapes, `+` and spaces, `=` and `&`, `?` and `#`. */
const PIECE = fc.oneof(PLAIN, BAD_ESCAPE, fc.constantFrom('+', ' ', '=', '&', '?', '#', 'seed', 'x', '%20', '%2B'));
const RAW_QUERY = fc.array(PIECE, { maxLength: 20 }).map((parts) => `?${parts.join('')}`);

describe('the link codec', () => {
  it('names a pair with a bad escape and leaves it out, keeping the others', () => {
    expect(decodeQuery('?x=%ZZ&seed=2')).toEqual({ pairs: [['seed', '2']], problems: ['"x": not a valid URL escape, ignored'] });
    expect(decodeQuery('?seed=%E0%A4%A').problems).toEqual(['"seed": not a valid URL escape, ignored']);
    expect(decodeQuery('?%E0%A4=1').problems).toEqual(['"%E0%A4": not a valid URL escape, ignored']);
  });

  it('reads + as a space, %2B as a plus, and stops at the hash', () => {
    expect(decodeQuery('?task=put+a%20mug&sign=%2B1#lab?x=%ZZ')).toEqual({ pairs: [['task', 'put a mug'], ['sign', '+1']], problems: [] });
    expect(decodeQuery('seed=3').pairs).toEqual([['seed', '3']]);
    expect(decodeQuery('?flag&=v&&').pairs).toEqual([['flag', ''], ['', 'v']]);
  });

  it('safeDecode answers null where decodeURIComponent throws', () => {
    expect(safeDecode('%ZZ')).toBeNull();
    expect(safeDecode('%E2%82%AC')).toBe('€');
  });

  it('never throws on any query text, and names exactly the pairs it leaves out', () => {
    fc.assert(fc.property(RAW_QUERY, (search) => {
      const { pairs, problems } = decodeQuery(search);
      const body = search.slice(1).split('#')[0];
      const parts = body.split('&').filter((p) => p !== '');
      expect(pairs.length + problems.length).toBe(parts.length);
      for (const p of problems) expect(p).toMatch(/: not a valid URL escape, ignored$/);
    }), { numRuns: 2000 });
  });

  it('safeSearch leaves only escapes that decode, keeps good pairs byte for byte and the hash as it was', () => {
    fc.assert(fc.property(RAW_QUERY, (search) => {
      const safe = safeSearch(search);
      const hash = search.indexOf('#');
      const tail = hash >= 0 ? search.slice(hash) : '';
      expect(safe.endsWith(tail)).toBe(true);
      const query = safe.slice(0, safe.length - tail.length);
      expect(query.includes('#')).toBe(false);
      // What tfjs-core does with the page's query at import: decode every key and value.
      for (const m of query.matchAll(/[?&]([^=?&]+)(?:=([^&]*))?/g)) {
        expect(() => decodeURIComponent(m[1])).not.toThrow();
        expect(() => decodeURIComponent(m[2] ?? '')).not.toThrow();
      }
      expect(decodeQuery(safe).problems).toEqual([]);
      const before = (hash >= 0 ? search.slice(0, hash) : search).match(/[^?&]+/g) ?? [];
      const after = query.match(/[^?&]+/g) ?? [];
      expect(after.length).toBe(before.length);
      before.forEach((part, i) => { if (decodeQuery(`?${part}`).problems.length === 0) expect(after[i]).toBe(part); });
    }), { numRuns: 2000 });
    expect(safeSearch('?seed=2&x=%ZZ#lab')).toBe('?seed=2&x=%25ZZ#lab');
  });

  it('reads and writes declared parameters under a prefix, naming unknown keys and bad values', () => {
    const specs = [numberParam('gamma', 0.95, 0, 1, 'γ', 'discount'), choiceParam('stats', 'trajectory', ['trajectory', 'turn-weighted'], 'stats', 'which')];
    const query = new Map([['gigpo.gamma', '0.5'], ['gigpo.stats', 'nope'], ['gigpo.beta', '1'], ['seed', '2']]);
    expect(readLinkParams(query, 'gigpo.', specs, 'gigpo')).toEqual({
      params: { gamma: 0.5 },
      problems: [
        'gigpo.stats: expected one of trajectory, turn-weighted, got "nope"; using "trajectory"',
        'gigpo.beta: not a parameter of gigpo (its parameters: gamma, stats); ignored',
      ],
    });
    const out = new Map<string, string>();
    writeLinkParams(out, 'gigpo.', specs, { gamma: 0.5 });
    expect([...out]).toEqual([['gigpo.gamma', '0.5']]);
  });

  it('turns link text into typed values, nulls by their word, and leaves what is not a number as text', () => {
    const size = integerParam('envSize', null, 1, 100, 'size', 'size', { nullable: 'env default' });
    expect([textValue(size, '12'), textValue(size, 'default'), textValue(size, 'any'), textValue(size, '1e999'), textValue(size, 'abc')])
      .toEqual([12, null, null, '1e999', 'abc']);
  });
});
