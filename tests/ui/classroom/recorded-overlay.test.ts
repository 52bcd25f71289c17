import { describe, expect, it } from 'vitest';
import { recordedOverlay } from '../../../src/ui/classroom/recorded-overlay';
import { DEFAULT_LAB_CONFIG, type LabConfig } from '../../../src/state/lab-config';
import type { Recording } from '../../../src/state/recording-store';

const recording: Recording = { config: DEFAULT_LAB_CONFIG, trainedOn: 'Node wasm', runs: [{ estimator: 'grpo', metrics: [] }, { estimator: 'planpo', metrics: [] }] };
const live = [{ backend: 'wasm' }, { backend: 'wasm' }];
const withRun = (patch: Partial<LabConfig['run']>): LabConfig => ({ ...DEFAULT_LAB_CONFIG, run: { ...DEFAULT_LAB_CONFIG.run, ...patch } });

describe('the recording drawn under live runs', () => {
  it('is drawn when live runs use the recording\'s recipe, even with more iterations or another thread count', () => {
    expect(recordedOverlay(recording, DEFAULT_LAB_CONFIG, live)).toEqual({ trainedOn: 'Node wasm', runs: recording.runs });
    expect(recordedOverlay(recording, withRun({ iterations: 500, threads: 1 }), live)).not.toBeNull();
  });

  it('is not drawn over the recording itself, before anything runs, or when a setting that changes training differs', () => {
    expect(recordedOverlay(recording, DEFAULT_LAB_CONFIG, [{ backend: 'recorded' }, { backend: 'recorded' }])).toBeNull();
    expect(recordedOverlay(recording, DEFAULT_LAB_CONFIG, [])).toBeNull();
    expect(recordedOverlay(null, DEFAULT_LAB_CONFIG, live)).toBeNull();
    expect(recordedOverlay(recording, withRun({ seed: 2 }), live)).toBeNull();
    expect(recordedOverlay(recording, withRun({ lr: 0.01 }), live)).toBeNull();
    expect(recordedOverlay(recording, { ...DEFAULT_LAB_CONFIG, estimators: ['grpo', 'rloo'] }, live)).toBeNull();
  });
});
