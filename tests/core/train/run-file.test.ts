import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import {
  CHECKPOINT_FORMAT, checkpointToJson, decodeRunFile, encodeRunFile, keepReport, keptReports, REPORT_KEEP, RUN_FILE_FORMAT, savedRunOf, Trainer,
  type IterationMetrics, type SavedRun,
} from '../../../src/core/train';
import { WEIGHT_NAMES } from '../../../src/core/policy/model';
import { smallConfig } from './small-config';

const bits = (a: Float32Array) => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));

describe('run files (.rlrun)', () => {
  let trainer: Trainer;
  let run: SavedRun;
  const metrics: IterationMetrics[] = [];

  beforeAll(async () => {
    await tf.setBackend('cpu');
    trainer = await Trainer.create(smallConfig({ env: 'household-v0', envSize: 4, hidden: 8, hashBuckets: 64, iterations: 3 }));
    for (let i = 0; i < 2; i++) {
      const result = await trainer.runIteration();
      metrics.push(result.metrics);
      if (i === 1) run = { ...savedRunOf(await trainer.checkpoint(), metrics, { now: new Date('2026-01-02T03:04:05Z') }), reports: [{ iteration: 2, groups: result.groups, divergence: null }] };
    }
  });
  afterAll(() => trainer.dispose());

  it('round-trips weights and Adam moments bit for bit, with config, metrics and reports', () => {
    const back = decodeRunFile(encodeRunFile(run));
    const cp = back.checkpoint!;
    expect(back.format).toBe(RUN_FILE_FORMAT);
    expect(back.createdAt).toBe('2026-01-02T03:04:05.000Z');
    expect(back.config).toEqual(run.config);
    expect(back.metrics).toEqual(metrics);
    expect(back.reports).toEqual(run.reports);
    expect(cp.iteration).toBe(2);
    expect(cp.vocabulary).toEqual(run.checkpoint!.vocabulary);
    for (const name of WEIGHT_NAMES) {
      expect(cp.weights[name].shape).toEqual(run.checkpoint!.weights[name].shape);
      expect(bits(cp.weights[name].data)).toEqual(bits(run.checkpoint!.weights[name].data));
    }
    expect(cp.optimizer.iterations).toBe(run.checkpoint!.optimizer.iterations);
    expect(cp.optimizer.moments.map((m) => m.name)).toEqual(run.checkpoint!.optimizer.moments.map((m) => m.name));
    cp.optimizer.moments.forEach((m, i) => expect(bits(m.data)).toEqual(bits(run.checkpoint!.optimizer.moments[i].data)));
  });

  it('is smaller than the JSON checkpoint and resumes to the same next iteration', async () => {
    const bytes = encodeRunFile(run);
    expect(bytes.length).toBeLessThan(JSON.stringify(checkpointToJson(run.checkpoint!)).length / 2);
    const resumed = await Trainer.create(smallConfig({ seed: 999 }), { checkpoint: decodeRunFile(bytes).checkpoint! });
    expect(resumed.iteration).toBe(2);
    const strip = (m: IterationMetrics) => ({ ...m, timing: 0, tokensPerSecond: 0, numTensors: 0 });
    const [a, b] = [await trainer.runIteration(), await resumed.runIteration()];
    expect(strip(b.metrics)).toEqual(strip(a.metrics));
    resumed.dispose();
  });

  it('keeps a run without a checkpoint', () => {
    const back = decodeRunFile(encodeRunFile({ ...run, checkpoint: null }));
    expect(back.checkpoint).toBeNull();
    expect(back.metrics).toHaveLength(2);
  });

  it('names what is wrong with files that are not run files', () => {
    const json = strToU8(JSON.stringify(checkpointToJson(run.checkpoint!)));
    expect(() => decodeRunFile(json)).toThrow(`this is a JSON checkpoint (${CHECKPOINT_FORMAT}), not a run file`);
    expect(() => decodeRunFile(strToU8('hello'))).toThrow(/not a Rollout Lab run file/);
    expect(() => decodeRunFile(new Uint8Array([0x1f, 0x8b, 8, 0]))).toThrow(/gzip file/);
    expect(() => decodeRunFile(zipSync({ 'other.txt': strToU8('x') }))).toThrow(/no run\.json/);
    const v9 = zipSync({ 'run.json': strToU8(JSON.stringify({ format: 'rollout-lab.run.v9' })) });
    expect(() => decodeRunFile(v9)).toThrow(/format rollout-lab\.run\.v9, written by another version/);
    const bytes = encodeRunFile(run);
    expect(() => decodeRunFile(bytes.subarray(0, bytes.length - 40))).toThrow(/damaged/);
    const noTensors = zipSync({ 'run.json': strToU8(JSON.stringify({ ...JSON.parse('{}'), format: RUN_FILE_FORMAT, id: 'a', name: 'b', config: {}, metrics: [], reports: [], checkpoint: { format: CHECKPOINT_FORMAT, iteration: 1, config: {}, vocabulary: { words: [], thoughts: [] }, weights: {} } })) });
    expect(() => decodeRunFile(noTensors)).toThrow(/no tensors\.bin/);
    const header = JSON.parse(new TextDecoder().decode(unzipSync(bytes)['run.json']));
    const retired = zipSync({ ...unzipSync(bytes), 'run.json': strToU8(JSON.stringify({ ...header, checkpoint: { ...header.checkpoint, format: 'rollout-lab.checkpoint.v1' } })) });
    expect(() => decodeRunFile(retired)).toThrow(/its checkpoint has format "rollout-lab\.checkpoint\.v1"; this version reads/);
  });
});

describe('bounded reports (REPORT_KEEP)', () => {
  it('keeps iteration 1, the last N and every k-th', () => {
    const latest = 1000;
    const kept = Array.from({ length: latest }, (_, i) => i + 1).filter((k) => keepReport(k, latest));
    expect(kept[0]).toBe(1);
    expect(kept.filter((k) => k > latest - REPORT_KEEP.last)).toHaveLength(REPORT_KEEP.last);
    expect(kept.filter((k) => k !== 1 && k <= latest - REPORT_KEEP.last).every((k) => k % REPORT_KEEP.every === 0)).toBe(true);
    expect(kept.length).toBeLessThanOrEqual(1 + REPORT_KEEP.last + latest / REPORT_KEEP.every);
    expect(keepReport(0, 5)).toBe(false);
    expect(keepReport(6, 5)).toBe(false);
  });

  it('filters a growing list so that it stays bounded', () => {
    let reports: Array<{ iteration: number }> = [];
    for (let k = 1; k <= 400; k++) reports = keptReports([...reports, { iteration: k }], k);
    expect(reports.length).toBe(1 + REPORT_KEEP.last + Math.floor((400 - REPORT_KEEP.last) / REPORT_KEEP.every));
  });
});
