/**
 * gzip input checked while it streams (createCheckedGunzip behind createByteImporter): data that
 * ends early, a damaged trailer, a header with no data and output past the limit are each refused
 * with an ImportFormatError naming what happened; a bomb is stopped near the limit, not unpacked.
 */
import { gzipSync, strToU8 } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCheckedGunzip, createByteImporter, formatBytes, GzipLimitError, importBytes, ImportFormatError } from '../../../../src/core/io';
import { SLICE } from '../../../../src/core/io/import/gunzip';
import { validRecord } from '../fixtures';

const text = Array.from({ length: 40 }, (_, i) => JSON.stringify(validRecord({ traj_id: `t${i}`, group_id: `g${i % 5}` }))).join('\n') + '\n';
const gz = gzipSync(strToU8(text));
const plain = importBytes(strToU8(text));

/** The import's answer: its trajectories, or the message of the ImportFormatError it threw (any other error fails). */
function answer(bytes: Uint8Array, maxBytes?: number): { trajectories: number } | { refused: string } {
  try {
    return { trajectories: importBytes(bytes, { maxBytes }).trajectories.length };
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFormatError);
    return { refused: (error as Error).message };
  }
}

describe('gzip input, checked while unpacking', () => {
  it('reads a whole file, and concatenated members, as the plain text', () => {
    expect(importBytes(gz).trajectories).toEqual(plain.trajectories);
    const twice = new Uint8Array(gz.length * 2);
    twice.set(gz);
    twice.set(gz, gz.length);
    expect(answer(twice)).toEqual({ trajectories: 80 });
  });

  it('names data that ends early, mid-stream or in its trailer', () => {
    expect(answer(gz.subarray(0, gz.length >> 1))).toEqual({ refused: expect.stringMatching(/^gzip data ends early after [\d.]+ (bytes|kB) \(\d+ bytes of compressed data read; the deflate stream stops mid-block\): the file is cut short or damaged$/) });
    expect(answer(gz.subarray(0, gz.length - 3))).toEqual({ refused: expect.stringMatching(/^gzip data ends early after .*trailer of CRC-32 and length is cut or does not match/) });
  });

  it("names a trailer whose CRC-32 does not match the data", () => {
    const damaged = gz.slice();
    damaged[gz.length - 7] ^= 0x10;
    expect(answer(damaged)).toEqual({ refused: expect.stringMatching(/^gzip data is damaged: the CRC-32 in its trailer does not match the [\d.]+ kB it unpacks to$/) });
  });

  it('refuses a file of only the gzip magic bytes, or a header alone', () => {
    expect(answer(new Uint8Array([0x1f, 0x8b]))).toEqual({ refused: 'the file holds the start of a gzip file (2 bytes) and no data' });
    expect(answer(gz.subarray(0, 10))).toEqual({ refused: 'the file holds the start of a gzip file (10 bytes) and no data' });
  });

  it('stops a bomb soon after the limit instead of unpacking it whole', () => {
    const bomb = gzipSync(new Uint8Array(20e6)); // 20 MB of zeros in ~20 kB: two slices
    const seen: number[] = [];
    const gunzip = createCheckedGunzip((data) => seen.push(data.length), { maxBytes: 1e6 });
    expect(() => gunzip.push(bomb, true)).toThrow(new GzipLimitError(1e6));
    expect(new GzipLimitError(1e6).message).toBe('the gzip data expands past 1.0 MB: refused');
    expect(gunzip.bytesOut).toBeGreaterThan(1e6);
    expect(gunzip.bytesOut).toBeLessThanOrEqual(1e6 + SLICE * 1032); // at most one slice's output past the limit
    expect(gunzip.bytesOut).toBeLessThan(20e6);
    expect(answer(bomb, 1e6)).toEqual({ refused: 'the gzip data expands past 1.0 MB: refused' });
  });

  it('pushed in pieces of any size, the checks give the same answers', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 300 }), (piece) => {
      const importer = createByteImporter();
      for (let i = 0; i < gz.length; i += piece) importer.push(gz.subarray(i, i + piece));
      expect(importer.finish().trajectories.length).toBe(40);
    }), { numRuns: 30 });
  });

  it('formats sizes as a reader says them', () => {
    expect([1, 812, 3100, 3.1e6, 2.2e9].map(formatBytes)).toEqual(['1 byte', '812 bytes', '3.1 kB', '3.1 MB', '2.20 GB']);
  });
});

describe('fuzz: corrupted gzip input is refused by name or read as the original, never an internal error', () => {
  it('any cut is refused', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: gz.length - 1 }), (n) => {
      expect(answer(gz.subarray(0, n))).toHaveProperty('refused');
    }), { numRuns: 80 });
  });

  it('changed bytes past the header are refused, or read to exactly the original records', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 10, max: gz.length - 1 }), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 3 }), (flips) => {
      const bytes = gz.slice();
      for (const [at, x] of flips) bytes[at] ^= x;
      const got = answer(bytes);
      if ('trajectories' in got) expect(importBytes(bytes).trajectories).toEqual(plain.trajectories);
    }), { numRuns: 120 });
  });
});
