import { describe, expect, it } from 'vitest';
import { parseShareLink, shareSearch } from '../../src/app/share-link';
import { BAD_LINKS } from './bad-links';

describe('each bad share link of the sample', () => {
  for (const { query, shown, corrected } of BAD_LINKS) {
    it(`${query.slice(0, 70)}: every bad value named, the corrected link holds what the page writes`, () => {
      const parsed = parseShareLink(query);
      const text = parsed.problems.join('\n');
      for (const pattern of shown) expect(text).toMatch(pattern);
      // the address bar after load: shareSearch of the parsed configuration (src/app/url-sync.ts)
      const search = shareSearch(parsed.config);
      expect(search.length).toBeLessThan(8 * 1024);
      const params = new URLSearchParams(search);
      for (const [key, value] of Object.entries(corrected)) expect(params.get(key), key).toBe(value);
    });
  }
});
