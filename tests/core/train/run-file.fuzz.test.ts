/**
 * Fuzzing the run-file reader: random corruptions of a valid run file. Whatever is done to it, the
 * reader answers with a one-line ReadBackError (never a TypeError, a tfjs error or a hang), and it
 * never accepts a file whose checkpoint differs from the one written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as tf from '@tensorflow/tfjs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { decodeRunFile, encodeRunFile, savedRunOf, Trainer, type SavedRun } from '../../../src/core/train';
import { ReadBackError } from '../../../src/core/train/read-back';
import { smallConfig } from './small-config';
import { runParams } from '../../../src/core/train/run-params';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let run: SavedRun;
let bytes: Uint8Array;
let header: Json;
let bin: Uint8Array;

beforeAll(async () => {
  await tf.setBackend('cpu');
  const trainer = await Trainer.create(smallConfig({ env: 'household-v0', envSize: 4, hidden: 4, hashBuckets: 16, iterations: 2 }));
  const metrics = [(await trainer.runIteration()).metrics];
  run = savedRunOf(await trainer.checkpoint(), metrics);
  trainer.dispose();
  bytes = encodeRunFile(run);
  const entries = unzipSync(bytes);
  header = JSON.parse(strFromU8(entries['run.json'])) as Json;
  bin = entries['tensors.bin'];
});

/** decodeRunFile's answer: the run, or the error, which must be a one-line ReadBackError. */
function decoded(file: Uint8Array): SavedRun | null {
  try {
    return decodeRunFile(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ReadBackError);
    expect((error as Error).message).not.toMatch(/\n/);
    return null;
  }
}

/** Whether a decoded run holds exactly the checkpoint that was written (weights bit for bit). */
function sameCheckpoint(back: SavedRun): boolean {
  const a = back.checkpoint!;
  const b = run.checkpoint!;
  const tensors = (cp: typeof a) => [...Object.values(cp.weights), ...cp.optimizer.moments];
  return JSON.stringify({ ...a, weights: null, optimizer: { ...a.optimizer, moments: null } }) === JSON.stringify({ ...b, weights: null, optimizer: { ...b.optimizer, moments: null } })
    && tensors(a).every((t, i) => { const u = tensors(b)[i]; return t.shape.join() === u.shape.join() && t.data.every((v, j) => Object.is(v, u.data[j])); });
}

/** Every [path, value] of the checkpoint's JSON, down to its leaves. */
function leaves(value: unknown, path: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [path];
  return Object.entries(value as Json).flatMap(([k, v]) => leaves(v, [...path, k]));
}

describe('a corrupted run file is refused with a ReadBackError, never accepted when wrong', () => {
  it('random bytes changed anywhere in the archive', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 3 }), (flips) => {
      const file = bytes.slice();
      for (const [at, x] of flips) file[at % file.length] ^= x;
      const back = decoded(file);
      if (back) expect(sameCheckpoint(back)).toBe(true); // a flip in a field nothing reads (a ZIP timestamp)
    }), { numRuns: 150 });
  });

  it('the archive cut short at any length', () => {
    fc.assert(fc.property(fc.nat(), (n) => {
      expect(decoded(bytes.subarray(0, n % bytes.length))).toBeNull();
    }), { numRuns: 60 });
  });

  it('a checkpoint field replaced by a value of another type, or removed', () => {
    const paths = leaves(header.checkpoint).filter((p) => p[0] !== 'vocabulary' || p.length <= 2);
    const other = fc.constantFrom<unknown>('two', null, true, -1, 1.5, [], {}, 'NaN', 1e15, undefined);
    fc.assert(fc.property(fc.constantFrom(...paths), other, (path, value) => {
      const h = structuredClone(header);
      let at: Json = h.checkpoint;
      for (const key of path.slice(0, -1)) at = at[key];
      const key = path.at(-1)!;
      if (JSON.stringify(at[key]) === JSON.stringify(value)) return;
      // A config field the file lacks opens at its default, by design (files written before the field
      // existed; run-file-read.test.ts pins it), so removing one is not a corruption to refuse.
      if (value === undefined && path[0] === 'config') return;
      // Another number or boolean can be a valid setting (temperature 1.5, sftByType true); in the config only
      // another type is a corruption.
      if (path[0] === 'config' && ['number', 'boolean'].includes(typeof value) && typeof value === typeof at[key]) return;
      // null is a valid setting of a nullable run setting (envSize null = the env's default size).
      if (path[0] === 'config' && path.length === 2 && value === null && runParams().some((p) => p.key === key && p.nullable !== undefined)) return;
      if (value === undefined) delete at[key];
      else at[key] = value;
      const back = decoded(zipSync({ 'run.json': strToU8(JSON.stringify(h)), 'tensors.bin': bin }));
      if (back) expect(sameCheckpoint(back)).toBe(true);
    }), { numRuns: 200 });
  });

  it('tensors.bin with bytes added, removed or a value made non-finite', () => {
    fc.assert(fc.property(fc.integer({ min: -16, max: 16 }).filter((d) => d !== 0), fc.nat(), fc.constantFrom(NaN, Infinity, -Infinity), (delta, at, bad) => {
      const resized = new Uint8Array(Math.max(0, bin.length + delta));
      resized.set(bin.subarray(0, resized.length));
      const h = JSON.stringify(header);
      expect(decoded(zipSync({ 'run.json': strToU8(h), 'tensors.bin': resized }))).toBeNull();
      const nonFinite = bin.slice();
      new DataView(nonFinite.buffer).setFloat32((at % (bin.length / 4)) * 4, bad, true);
      expect(decoded(zipSync({ 'run.json': strToU8(h), 'tensors.bin': nonFinite }))).toBeNull();
    }), { numRuns: 40 });
  });
});
