import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from '../../src/app/random-id';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a v4 UUID where crypto.randomUUID exists', () => {
    expect(randomId()).toMatch(V4);
  });

  it('is still a fresh v4 UUID in an insecure context, where only getRandomValues exists', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(a: T): T => real.getRandomValues(a as unknown as Uint8Array<ArrayBuffer>) as unknown as T });
    const ids = new Set(Array.from({ length: 200 }, randomId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(V4);
  });
});
