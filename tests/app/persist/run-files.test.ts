import { describe, expect, it } from 'vitest';
import { labConfigOfRunFile } from '../../../src/app/persist/run-files';
import { runConfigsOf } from '../../../src/state/lab-config';
import { DEFAULT_CONFIG, validateConfig, type SavedRun } from '../../../src/core/train';

function savedRun(estimatorParams: Record<string, unknown>): SavedRun {
  const config = validateConfig({ ...DEFAULT_CONFIG, estimator: 'planpo', estimatorParams, seed: 7 }).config;
  return {
    format: 'rollout-lab.run.v2', id: 'r', name: 'r', createdAt: '', updatedAt: '', config, metrics: [], reports: [],
    lab: { estimators: ['grpo', 'planpo'], backend: 'wasm', slack: 3 }, checkpoint: null,
  };
}

describe('opening a run file in the lab', () => {
  it("shows the estimator's own parameters from the file, so the form and the run agree", () => {
    const saved = savedRun({ stats: 'turn-weighted' });
    expect(saved.config.estimatorParams).toEqual({ stats: 'turn-weighted' }); // the file's value survived validation
    const lab = labConfigOfRunFile(saved);
    expect(lab.estimators).toEqual(['planpo']);
    expect(lab.estimatorParams).toEqual({ planpo: { stats: 'turn-weighted' } });
    expect(lab.backend).toBe('wasm');
    expect(lab.slack).toBe(3);
    // what the lab would train equals what the file holds
    expect(runConfigsOf(lab)[0]).toEqual(saved.config);
  });

  it('uses the checkpoint config, which the worker resumes from, over the file header', () => {
    const saved = savedRun({});
    const fromCheckpoint = { ...saved.config, lr: 0.02, estimatorParams: { stats: 'turn-weighted' } };
    const lab = labConfigOfRunFile({ ...saved, checkpoint: { config: fromCheckpoint } as unknown as SavedRun['checkpoint'] });
    expect(runConfigsOf(lab)[0]).toEqual(fromCheckpoint);
  });
});
