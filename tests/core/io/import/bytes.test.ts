import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createByteImporter, createGunzipStream, importBytes, importText, isGzip } from '../../../../src/core/io';
import { fixtureText, validRecord } from '../fixtures';

const samples = (name: string) => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../../public/samples/${name}`, import.meta.url))));

describe('bytes in: gzip by magic bytes, streaming UTF-8', () => {
  it('gzip is recognised by its first two bytes', () => {
    expect(isGzip(gzipSync(strToU8('x')))).toBe(true);
    expect(isGzip(strToU8('{"a":1}'))).toBe(false);
  });

  it('the gzipped sample fed in 1,000-byte pieces gives the same trajectories as the plain file', () => {
    const plain = importBytes(samples('rollouts-v1.jsonl'));
    const importer = createByteImporter();
    const gz = samples('rollouts-v1.jsonl.gz');
    for (let i = 0; i < gz.length; i += 1000) importer.push(gz.subarray(i, i + 1000));
    const result = importer.finish();
    expect(result.trajectories).toEqual(plain.trajectories);
    expect(result.notes[0]).toBe('gzip-compressed');
    expect(importer.progress()).toMatchObject({ gzip: true, bytesIn: gz.length });
  });

  it('a multi-byte character split across chunks arrives whole', () => {
    const record = validRecord();
    (record.turns as Array<Record<string, unknown>>)[0].response = 'café ✓ 想';
    const bytes = strToU8(`${JSON.stringify(record)}\n`);
    const at = bytes.indexOf(0xe2) + 1;
    const importer = createByteImporter();
    importer.push(bytes.subarray(0, 1));
    importer.push(bytes.subarray(1, at));
    importer.push(bytes.subarray(at));
    expect(importer.finish().trajectories[0].turns[0].response).toBe('café ✓ 想');
  });

  it('the gunzip stream inflates pushed pieces', () => {
    const out: Uint8Array[] = [];
    const stream = createGunzipStream((data) => out.push(data));
    const gz = gzipSync(strToU8(fixtureText('rollouts-interleaved.jsonl')));
    stream.push(gz.subarray(0, 10));
    stream.push(gz.subarray(10), true);
    const text = new TextDecoder().decode(Buffer.concat(out));
    expect(importText(text).trajectories).toHaveLength(8);
  });
});
