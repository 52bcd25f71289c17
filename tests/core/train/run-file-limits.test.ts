import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { encodeRunFile, savedRunOf, Trainer, type SavedRun } from '../../../src/core/train';
import { checkRunFileEntries, decodeCheckedRunFile, RUN_FILE_LIMITS } from '../../../src/core/train/run-file-limits';
import { smallConfig } from './small-config';
import { withDeclaredSize } from './zip-declared-size';

const GB = 1024 ** 3;

describe('the sizes a run file declares are checked before anything is unpacked', () => {
  let trainer: Trainer;
  let run: SavedRun;
  let entries: Record<string, Uint8Array>;

  beforeAll(async () => {
    await tf.setBackend('cpu');
    trainer = await Trainer.create(smallConfig({ env: 'household-v0', envSize: 4, hidden: 8, hashBuckets: 64, iterations: 2 }));
    const result = await trainer.runIteration();
    run = savedRunOf(await trainer.checkpoint(), [result.metrics]);
    entries = unzipSync(encodeRunFile(run));
  });
  afterAll(() => trainer.dispose());

  it('a run file as the lab writes it passes and decodes', () => {
    expect(decodeCheckedRunFile(encodeRunFile(run)).checkpoint?.iteration).toBe(1);
  });

  it('an extra entry that declares 1 GB is refused, naming it, without inflating it', () => {
    const bomb = withDeclaredSize(zipSync({ ...entries, 'extra.bin': new Uint8Array(1024) }), 'extra.bin', GB);
    expect(() => decodeCheckedRunFile(bomb)).toThrow(/^run file refused: its entries declare \d+ MiB unpacked \(extra\.bin: 1024 MiB\); a run file may unpack to at most 512 MiB$/);
  });

  it('more entries than the limit are refused', () => {
    const many = Object.fromEntries(Array.from({ length: RUN_FILE_LIMITS.entries }, (_, i) => [`x${i}.txt`, strToU8('x')]));
    expect(() => checkRunFileEntries(zipSync({ ...entries, ...many }))).toThrow(`the archive has ${RUN_FILE_LIMITS.entries + 2} entries; a run file has at most ${RUN_FILE_LIMITS.entries}`);
  });

  it('the limits are inclusive: an archive declaring exactly the total passes the check', () => {
    const total = Object.values(entries).reduce((s, e) => s + e.length, 0);
    expect(() => checkRunFileEntries(encodeRunFile(run), { entries: 2, totalBytes: total })).not.toThrow();
    expect(() => checkRunFileEntries(encodeRunFile(run), { entries: 2, totalBytes: total - 1 })).toThrow(/may unpack to at most/);
    expect(() => checkRunFileEntries(encodeRunFile(run), { entries: 1, totalBytes: total })).toThrow(/at most 1$/);
  });

  it('files that are not ZIP archives are left to decodeRunFile, which names them', () => {
    expect(() => checkRunFileEntries(strToU8('hello'))).not.toThrow();
    expect(() => decodeCheckedRunFile(strToU8('hello'))).toThrow(/not a Rollout Lab run file/);
  });
});
