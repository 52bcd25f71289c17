import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { safeStart } from '../../../src/app/persist/safe-start';

describe('?safe=1 starts the lab with nothing restored', () => {
  it('is read wherever it stands in the address, and the rest of the link is kept as it was', () => {
    expect(safeStart('?safe=1')).toEqual({ safe: true, search: '' });
    expect(safeStart('?safe=1&env=shop-v0')).toEqual({ safe: true, search: '?env=shop-v0' });
    expect(safeStart('?env=shop-v0&safe=1')).toEqual({ safe: true, search: '?env=shop-v0' });
    expect(safeStart('?a=1&safe=1&b=2')).toEqual({ safe: true, search: '?a=1&b=2' });
  });

  it('other values and look-alike keys are not a safe start', () => {
    for (const search of ['', '?safe=0', '?unsafe=1', '?safe=12', '?env=safe=1x']) expect(safeStart(search)).toEqual({ safe: false, search });
  });

  it('removing it leaves every other pair in order (property)', () => {
    const pair = fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/).filter((k) => k !== 'safe'), fc.stringMatching(/^[a-z0-9]{0,4}$/)).map(([k, v]) => `${k}=${v}`);
    fc.assert(fc.property(fc.array(pair, { maxLength: 5 }), fc.nat(5), (pairs, at) => {
      const i = Math.min(at, pairs.length);
      const withSafe = [...pairs.slice(0, i), 'safe=1', ...pairs.slice(i)];
      const got = safeStart(`?${withSafe.join('&')}`);
      expect(got).toEqual({ safe: true, search: pairs.length ? `?${pairs.join('&')}` : '' });
    }));
  });
});
