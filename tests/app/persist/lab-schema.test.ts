import { describe, expect, it } from 'vitest';
import { checkLabRecord } from '../../../src/app/persist/lab-schema';
import { DEFAULT_LAB_CONFIG } from '../../../src/state/lab-config';
import type { LabRecord } from '../../../src/app/persist/db';

const record = (patch: (r: Record<string, any>) => void = () => undefined): unknown => { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r: LabRecord = {
    id: 'lab-1', name: 'GRPO vs PlanPO', createdAt: 1, updatedAt: 2, config: structuredClone(DEFAULT_LAB_CONFIG),
    runs: [{ id: 'run-1-grpo', estimator: 'grpo', fingerprint: null, metricsFingerprint: null }], checkpointIterations: { 'run-1-grpo': 3 },
  };
  const raw = structuredClone(r) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  patch(raw);
  return raw;
};

describe('a saved lab read back from IndexedDB', () => {
  it('passes as it was saved', () => {
    expect(checkLabRecord(record())).toEqual(record());
  });

  it('names a config value that cannot be used (a lab saved with an environment that does not exist)', () => {
    expect(() => checkLabRecord(record((r) => (r.config.run.env = 'bogus-v9')))).toThrow(/^saved lab: config\.run\.env: expected one of household-v0.*, got "bogus-v9"$/);
    expect(() => checkLabRecord(record((r) => (r.config.estimators = ['grpo', 'nope'])))).toThrow('saved lab: config.estimators.1: unknown estimator "nope"');
    expect(() => checkLabRecord(record((r) => (r.config.backend = 'tpu')))).toThrow(/^saved lab: config\.backend: must be one of auto, webgpu, wasm, cpu, got "tpu"$/);
    expect(() => checkLabRecord(record((r) => (r.config.estimatorParams = { planpo: { stats: 'sideways' } })))).toThrow(/^saved lab: config\.estimatorParams\.planpo: .*stats.*sideways/);
    expect(() => checkLabRecord(null)).toThrow(/^saved lab: /);
  });

  it('fills a RunConfig field the lab was saved without with its default (an older save)', () => {
    const lab = checkLabRecord(record((r) => delete r.config.run.entropyCoef));
    expect(lab.config.run.entropyCoef).toBe(DEFAULT_LAB_CONFIG.run.entropyCoef);
  });
});
