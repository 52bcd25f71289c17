import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { crc32, crcProblem, declaredCrcs } from '../../../src/core/train/zip-crc';

describe('CRC-32 of ZIP entries', () => {
  it('gives the standard check value: crc32("123456789") = 0xCBF43926, and 0 for no bytes', () => {
    expect(crc32(strToU8('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('reads back the CRC fflate declares for every entry, at every compression level', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), fc.constantFrom(0, 6), (a, b, level) => {
      const zip = zipSync({ 'a.bin': a, 'b.bin': b }, { level: level as 0 | 6 });
      expect(declaredCrcs(zip)).toEqual(new Map([['a.bin', crc32(a)], ['b.bin', crc32(b)]]));
      expect(crcProblem(zip, unzipSync(zip))).toBeNull();
    }), { numRuns: 50 });
  });

  it('names the entry whose bytes changed, and an archive without a central directory', () => {
    const zip = zipSync({ 'run.json': strToU8('{"a":1}') }, { level: 0 });
    expect(crcProblem(zip, { 'run.json': strToU8('{"a":2}') })).toMatch(/^run\.json fails its CRC-32 check \(declared 0x[0-9a-f]{8}, computed 0x[0-9a-f]{8}\)$/);
    expect(crcProblem(zip, { 'other.bin': new Uint8Array(1) })).toBe('other.bin is not listed in its central directory');
    expect(crcProblem(zip.subarray(0, zip.length - 22), {})).toBe('its central directory cannot be read');
  });
});
