import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandFragment, SHORT_PREFIX, shortFragment } from '../../src/app/short-link';
import { shareSearch } from '../../src/app/share-link';
import { DEFAULT_LAB_CONFIG } from '../../src/state/lab-config';

describe('short class links', () => {
  it('a link made with version 1 decodes forever: this one was made when the format was introduced', () => {
    // If this fails, DICTIONARY_V1 changed: every short link already shared would stop opening.
    expect(expandFragment('#c1.w5Zk0VMe1kQFTgvmuO3HtAoA')).toEqual({
      search: '?view=lab&hide=config&presentation=1&v=1&env=household-v0&seed=7&estimators=grpo%2Cplanpo&recorded=classroom',
      hash: '#lab',
    });
  });

  it('any query survives the round trip, and the view it names becomes the fragment', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.constantFrom('lab', 'play', 'concepts', null), (text, view) => {
      const query = `${view === null ? '' : `view=${view}&`}x=${encodeURIComponent(text)}`;
      expect(expandFragment(shortFragment(`?${query}`))).toEqual({ search: `?${query}`, hash: `#${view ?? 'lab'}` });
    }));
  });

  it('the class link the dialog makes by default is a few dozen characters instead of hundreds', () => {
    const long = shareSearch(DEFAULT_LAB_CONFIG, { view: 'lab', hide: 'config', presentation: '1', recorded: 'classroom' });
    const short = shortFragment(long);
    expect(long.length).toBeGreaterThan(500);
    expect(short.length).toBeLessThan(80);
    expect(short).toMatch(/^#c1\.[A-Za-z0-9_-]+$/); // nothing a chat app or QR reader escapes
  });

  it('other fragments are not short links; a cut or altered one is named, not guessed', () => {
    expect(expandFragment('#lab')).toBeNull();
    expect(expandFragment('#concepts/best-of-n')).toBeNull();
    const whole = shortFragment('?view=play&seed=3');
    expect(expandFragment(whole.slice(0, SHORT_PREFIX.length + 3))).toHaveProperty('problem', expect.stringContaining('does not decode'));
    expect(expandFragment(`${SHORT_PREFIX}not*base64`)).toHaveProperty('problem');
  });
});
