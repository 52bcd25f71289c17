import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  decodeRecordedGroups, decodeRecordedRuns, encodeRecordedGroups, encodeRecordedRuns, recordedIterations,
  splitRecording, type RecordedRuns,
} from '../../src/app/recorded-run';
import { DEFAULT_LAB_CONFIG } from '../../src/state/lab-config';
import type { GroupRecords } from '../../src/state/run-store';

const group = (tag: string) => [{ task: { task_id: tag }, estimator_advantages: { grpo: { per_turn: [1] }, planpo: { per_turn: [2] }, rloo: { per_turn: [3] } } }] as unknown as GroupRecords;

function file(): RecordedRuns {
  return {
    format: 'rollout-lab.recorded-runs.v1', description: 'test', config: DEFAULT_LAB_CONFIG,
    runs: ['grpo', 'planpo'].map((estimator) => ({
      estimator, metrics: [], divergence: [], fingerprint: null, metricsFingerprint: null, checkpoint: null,
      groups: { 1: [group(`${estimator}-1`)], 5: [group(`${estimator}-5`)], 9: [group(`${estimator}-9`)] },
    })),
  };
}

describe('recorded runs', () => {
  it('keeps a bounded, spread set of iterations with the first and the last', () => {
    expect(recordedIterations(60)).toEqual([1, 9, 17, 26, 34, 43, 51, 60]);
    expect(recordedIterations(3)).toEqual([1, 2, 3]);
    expect(recordedIterations(1)).toEqual([1]);
    expect(recordedIterations(0)).toEqual([]);
  });

  it('splits for a fast first paint: the last iteration first, the rest after, only compared estimators kept', () => {
    const { main, rest } = splitRecording(file());
    const back = decodeRecordedRuns(encodeRecordedRuns(main));
    expect(back.runs.map((r) => Object.keys(r.groups))).toEqual([['9'], ['9']]);
    expect(Object.keys(back.runs[1].groups[9][0][0].estimator_advantages)).toEqual(['grpo', 'planpo']);
    const more = decodeRecordedGroups(encodeRecordedGroups(rest));
    expect(more.runs.map((r) => Object.keys(r))).toEqual([['1', '5'], ['1', '5']]);
    expect(more.runs[0][5][0][0].task.task_id).toBe('grpo-5');
  });

  it('reads both files whether the bytes are still gzip or a server already unpacked them (Content-Encoding: gzip)', () => {
    const { main, rest } = splitRecording(file());
    const unpacked = (bytes: Uint8Array) => gunzipSync(bytes);
    expect(decodeRecordedGroups(unpacked(encodeRecordedGroups(rest)))).toEqual(decodeRecordedGroups(encodeRecordedGroups(rest)));
    expect(decodeRecordedRuns(unpacked(encodeRecordedRuns(main)))).toEqual(decodeRecordedRuns(encodeRecordedRuns(main)));
  });

  it('refuses what is not a recording, with a reason', () => {
    expect(() => decodeRecordedRuns(new TextEncoder().encode('{"format":"x"}'))).toThrow(/expected format "rollout-lab.recorded-runs.v1"/);
    expect(() => decodeRecordedRuns(new Uint8Array([0x1f, 0x8b, 1, 2]))).toThrow(/not a usable recorded-runs file/);
    const tooMany = file();
    tooMany.runs[0].groups = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [i + 1, []]));
    expect(() => decodeRecordedRuns(encodeRecordedRuns(tooMany))).toThrow(/more than 8 iterations/);
  });

  it('validates the recording by schema, its lab configuration like a saved one', () => {
    const bad = file();
    bad.config = { ...bad.config, run: { ...bad.config.run, env: 'bogus-v9' } };
    expect(() => decodeRecordedRuns(encodeRecordedRuns(bad))).toThrow(/^not a usable recorded-runs file: config\.run\.env: expected one of household-v0.*, got "bogus-v9"$/);
    const noMetrics = file();
    (noMetrics.runs[1] as unknown as { metrics: unknown }).metrics = 'none';
    expect(() => decodeRecordedRuns(encodeRecordedRuns(noMetrics))).toThrow('not a usable recorded-runs file: runs.1.metrics: must be a list of iteration metrics, got "none"');
  });
});
