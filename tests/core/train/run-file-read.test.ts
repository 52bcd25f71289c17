import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import {
  adamProducts, checkpointFromJson, checkpointToJson, decodeRunFile, encodeRunFile, readRunFile, savedRunOf, Trainer, type SavedRun,
} from '../../../src/core/train';
import { smallConfig } from './small-config';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let run: SavedRun;
let bytes: Uint8Array;

beforeAll(async () => {
  await tf.setBackend('cpu');
  const trainer = await Trainer.create(smallConfig({ env: 'household-v0', envSize: 4, hidden: 8, hashBuckets: 64, iterations: 3 }));
  const metrics = [(await trainer.runIteration()).metrics, (await trainer.runIteration()).metrics];
  run = savedRunOf(await trainer.checkpoint(), metrics);
  trainer.dispose();
  bytes = encodeRunFile(run);
});

/** The run file with its run.json (and optionally tensors.bin) changed. */
function edited(edit: (h: Json) => void, bin?: (b: Uint8Array) => Uint8Array): Uint8Array {
  const entries = unzipSync(bytes);
  const h = JSON.parse(strFromU8(entries['run.json'])) as Json;
  edit(h);
  const tensors = bin ? bin(entries['tensors.bin']) : entries['tensors.bin'];
  return zipSync({ 'run.json': strToU8(JSON.stringify(h)), 'tensors.bin': tensors });
}

describe('reading a run file back', () => {
  it('keeps the message one line when the damage puts a line break into a name it quotes', () => {
    // The case fuzzing found: a flipped byte turns the central directory's "tensors.bin" into
    // "tenso\ns.bin", and a second one damages that entry's data, so the CRC message quotes the name.
    const name = strToU8('tensors.bin');
    const at = [...bytes.keys()].filter((i) => name.every((b, j) => bytes[i + j] === b));
    const file = bytes.slice();
    file[at.at(-1)! + 5] ^= 'r'.charCodeAt(0) ^ '\n'.charCodeAt(0);
    file[at[0] + name.length + 100] ^= 1;
    expect(() => decodeRunFile(file)).toThrow(/^run file is damaged \(tenso\\ns\.bin fails its CRC-32 check \(declared 0x[0-9a-f]{8}, computed 0x[0-9a-f]{8}\)\)$/);
  });

  it("names a config value it cannot use, with the field's path and the value", () => {
    expect(() => decodeRunFile(edited((h) => (h.config.hidden = 'x')))).toThrow('run file run.json: config.hidden: expected an integer in 4..1024, got "x"');
    expect(() => decodeRunFile(edited((h) => (h.config.env = 'bogus-v9')))).toThrow(/^run file run\.json: config\.env: expected one of household-v0.*, got "bogus-v9"$/);
    expect(() => decodeRunFile(edited((h) => (h.checkpoint.config.seed = '7')))).toThrow(/^run file run\.json: checkpoint\.config\.seed: expected an integer .*, got "7"$/);
  });

  it('names a malformed part of run.json by its path', () => {
    expect(() => decodeRunFile(edited((h) => (h.metrics = 'none')))).toThrow('run file run.json: metrics: must be a list, got "none"');
    expect(() => decodeRunFile(edited((h) => (h.checkpoint.iteration = 1e15)))).toThrow(/^run file run\.json: checkpoint\.iteration: iteration must be at most 100000, got 1000000000000000$/);
    expect(() => decodeRunFile(edited((h) => delete h.checkpoint.vocabulary))).toThrow('run file run.json: checkpoint.vocabulary: vocabulary is missing, it is missing');
  });

  it('refuses weights that do not fit the config, the bytes, or are not finite', () => {
    expect(() => decodeRunFile(edited((h) => (h.checkpoint.config.hidden = 32)))).toThrow(/checkpoint: weight encW is \[64, 8\]; .*hidden 32.* need \[64, 32\]/);
    expect(() => decodeRunFile(edited(() => undefined, (b) => { const longer = new Uint8Array(b.length + 8); longer.set(b); return longer; })))
      .toThrow(/tensors\.bin holds \d+ bytes; run\.json declares \d+/);
    const nan = edited(() => undefined, (b) => { const c = b.slice(); new DataView(c.buffer).setFloat32(0, NaN, true); return c; });
    expect(() => decodeRunFile(nan)).toThrow(/checkpoint weight encW holds NaN at index 0; every value must be a finite number/);
    expect(() => decodeRunFile(edited((h) => (h.checkpoint.weights.encW.offset = 1 << 30)))).toThrow(/weight encW does not fit tensors\.bin/);
  });

  it("refuses Adam state that is incomplete or does not match the weights", () => {
    expect(() => decodeRunFile(edited((h) => h.checkpoint.optimizer.moments.pop()))).toThrow(/Adam has \d+ moments; it needs m and v/);
    expect(() => decodeRunFile(edited((h) => (h.checkpoint.optimizer.moments = [])))).toThrow(/Adam took \d+ steps but its moments are missing/);
    expect(() => decodeRunFile(edited((h) => (h.checkpoint.optimizer.iterations = 10_000)))).toThrow(/Adam took 10000 steps, more than 2 iterations/);
    expect(() => decodeRunFile(edited((h) => delete h.checkpoint.optimizer.accBeta2))).toThrow(/one of accBeta1 and accBeta2/);
  });

  it('refuses bytes that fail their CRC-32, even in an entry that still unpacks (stored, not deflated)', () => {
    const entries = unzipSync(bytes);
    const stored = zipSync({ 'run.json': entries['run.json'], 'tensors.bin': entries['tensors.bin'] }, { level: 0 });
    expect(decodeRunFile(stored).checkpoint!.iteration).toBe(2);
    const damaged = stored.slice();
    const at = damaged.length - 200; // inside tensors.bin's stored bytes, before the central directory
    damaged[at - 1000] ^= 0x01;
    expect(() => decodeRunFile(damaged)).toThrow(/^run file is damaged \(tensors\.bin fails its CRC-32 check \(declared 0x[0-9a-f]{8}, computed 0x[0-9a-f]{8}\)\)$/);
  });

  it('refuses tensors.bin when its tensors do not tile it, whether or not run.json declares its length', () => {
    const longer = (b: Uint8Array) => { const c = new Uint8Array(b.length + 8); c.set(b); return c; };
    expect(() => decodeRunFile(edited((h) => delete h.tensors, longer))).toThrow(/^run file run\.json: tensors\.bin holds \d+ bytes; the checkpoint's tensors take \d+$/);
    expect(() => decodeRunFile(edited((h) => (h.checkpoint.weights.encB.offset = 0)))).toThrow(/checkpoint weight encB starts at byte 0 of tensors\.bin; the tensors before it end at byte \d+/);
  });

  it("refuses a run whose config and checkpoint's config describe different models", () => {
    expect(() => decodeRunFile(edited((h) => (h.config.hidden = 32)))).toThrow('run file run.json: config.hidden is 32 but checkpoint.config.hidden is 8; the two describe different models');
    expect(() => decodeRunFile(edited((h) => (h.config.seed = 99)))).toThrow(/config\.seed is 99 but checkpoint\.config\.seed is \d+/);
  });

  it('opens a v1 file (no running products) with a note, replaying the products from the step count', () => {
    const v1 = edited((h) => {
      h.format = 'rollout-lab.run.v1';
      delete h.checkpoint.optimizer.accBeta1;
      delete h.checkpoint.optimizer.accBeta2;
    });
    const { run: back, notes } = readRunFile(v1);
    const t = run.checkpoint!.optimizer.iterations;
    expect(notes).toEqual([expect.stringContaining('rollout-lab.run.v1')]);
    expect(back.checkpoint!.optimizer).toMatchObject(adamProducts(t));
    expect(back.checkpoint!.optimizer.accBeta2).toBe(run.checkpoint!.optimizer.accBeta2); // what the live optimizer held
  });

  it('opens a file written before a RunConfig field existed, with that field at its default', () => {
    const back = decodeRunFile(edited((h) => delete h.config.formatPenalty));
    expect(back.config.formatPenalty).toBe(0.1);
  });

  it('reads a legacy JSON checkpoint through the same checks', () => {
    const json = checkpointToJson(run.checkpoint!);
    expect(checkpointFromJson(JSON.parse(JSON.stringify(json))).optimizer.accBeta1).toBe(run.checkpoint!.optimizer.accBeta1);
    const bad = { ...json, weights: { ...json.weights, outB: { ...json.weights.outB, data: json.weights.outB.data.map(() => null) } } };
    expect(() => checkpointFromJson(JSON.parse(JSON.stringify(bad)))).toThrow('checkpoint: weight outB holds null at index 0; every value must be a finite number');
  });
});
