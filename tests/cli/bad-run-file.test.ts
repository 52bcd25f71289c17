/**
 * Run files damaged in the ways issue 28 lists, opened by `eval --checkpoint` and `train --resume`
 * in process: each refused with one plain `error:` line naming the damage and exit 2; never an
 * internal error, never read as if nothing were wrong. (bad-resume.test.ts covers run.json's
 * config, iteration and emptied Adam moments; this file covers the bytes and the declarations.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { cliInProcess } from './in-process';

const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-bad-run-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TRAIN = ['train', '--backend', 'cpu', '--group-size', '2', '--tasks', '1', '--max-turns', '3', '--hidden', '8', '--hash-buckets', '64'];
const good = join(dir, 'good.rlrun');

beforeAll(async () => {
  const made = await cliInProcess([...TRAIN, '--iterations', '1', '--checkpoint', good]);
  expect(made.code).toBe(0);
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A run file rebuilt from the good one's entries after `edit` (run.json parsed, tensors.bin as bytes). */
function rebuilt(name: string, edit: (head: Json, tensors: Uint8Array) => Uint8Array | void): string {
  const entries = unzipSync(new Uint8Array(readFileSync(good)));
  const head = JSON.parse(strFromU8(entries['run.json'])) as Json;
  const tensors = new Uint8Array(entries['tensors.bin']);
  const bin = edit(head, tensors) ?? tensors;
  const path = join(dir, `${name}.rlrun`);
  writeFileSync(path, zipSync({ 'run.json': strToU8(JSON.stringify(head)), 'tensors.bin': bin }));
  return path;
}

/** The good run file with its bytes changed by `edit`. */
function patched(name: string, edit: (bytes: Uint8Array) => void): string {
  const bytes = new Uint8Array(readFileSync(good));
  edit(bytes);
  const path = join(dir, `${name}.rlrun`);
  writeFileSync(path, bytes);
  return path;
}

/** Offset of the central-directory entry of `entry` (signature PK\x01\x02). */
function centralEntry(bytes: Uint8Array, entry: string): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i + 46 < bytes.length; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(i + 28, true);
    if (strFromU8(bytes.subarray(i + 46, i + 46 + nameLength)) === entry) return i;
  }
  throw new Error(`no central-directory entry ${entry}`);
}

async function refusedByBoth(path: string, pattern: RegExp) {
  for (const argv of [['eval', '--backend', 'cpu', '--checkpoint', path, '--episodes', '1'], [...TRAIN, '--iterations', '3', '--resume', path]]) {
    const r = await cliInProcess(argv);
    expect(r.err, argv[0]).toHaveLength(1);
    expect(r.err[0]).toMatch(/^error: /);
    expect(r.err[0]).not.toMatch(/internal error/);
    expect(r.err[0]).toMatch(pattern);
    expect(r.out).toEqual([]);
    expect(r.code).toBe(2);
  }
}

describe('a run file whose bytes or declarations are wrong is refused by eval and train --resume alike', () => {
  it.each([
    ['a wrong CRC-32 in the central directory', () => patched('crc', (b) => { b[centralEntry(b, 'tensors.bin') + 16] ^= 0xff; }), /tensors\.bin fails its CRC-32 check/],
    ['a NaN weight', () => rebuilt('nan', (_h, t) => { new Float32Array(t.buffer, t.byteOffset, 4)[1] = Number.NaN; }), /weight encW holds NaN at index 1; every value must be a finite number/],
    ['an Infinity weight', () => rebuilt('inf', (_h, t) => { new Float32Array(t.buffer, t.byteOffset, 4)[2] = Number.POSITIVE_INFINITY; }), /weight encW holds Infinity at index 2/],
    ['a tensors.bin longer than declared', () => rebuilt('longer', (_h, t) => { const l = new Uint8Array(t.length + 64); l.set(t); return l; }), /tensors\.bin holds \d+ bytes; run\.json declares \d+/],
    ['a tensors.bin shorter than declared', () => rebuilt('shorter', (_h, t) => t.subarray(0, t.length - 64)), /tensors\.bin holds \d+ bytes; run\.json declares \d+/],
    ['a weight declared with a shape it does not have', () => rebuilt('shape', (h) => { h.checkpoint.weights.encW.shape = [1024, 8]; }), /weight encW does not fit tensors\.bin \(shape \[1024, 8\]/],
    ['a weight declared past the end of tensors.bin', () => rebuilt('offset', (h) => { h.checkpoint.weights.encW.offset = 1e9; }), /weight encW does not fit tensors\.bin/],
    ['an Adam moment of the wrong shape', () => rebuilt('moment-shape', (h) => { h.checkpoint.optimizer.moments[0].shape = [3, 3]; }), /Adam moment policy\d+\/encW\/m does not fit tensors\.bin \(shape \[3, 3\]/],
    ['Adam moments that are not a list', () => rebuilt('moment-bogus', (h) => { h.checkpoint.optimizer.moments = 'bogus'; }), /checkpoint\.optimizer\.moments: moments must be a list, got "bogus"/],
  ])('%s', async (_what, make, pattern) => {
    await refusedByBoth(make(), pattern);
  });
});
