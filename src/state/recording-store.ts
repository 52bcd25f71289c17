/**
 * The recording the lab opened on, kept after Train live replaces it on screen, so the training
 * curves can draw it under the live runs (src/ui/classroom/recorded-overlay.ts). Plain data: the
 * configuration it was trained with, where it was trained, and each run's metrics.
 */
import { create } from 'zustand';
import type { IterationMetrics } from '../core/train/metrics';
import type { LabConfig } from './lab-config';

export interface Recording {
  config: LabConfig;
  /** Where it was trained, as the recording's description says (e.g. "Node wasm"). */
  trainedOn: string;
  runs: Array<{ estimator: string; metrics: IterationMetrics[] }>;
}

export const useRecordingStore = create<{ recording: Recording | null }>(() => ({ recording: null }));

export const recordingEvents = {
  kept: (recording: Recording) => useRecordingStore.setState({ recording }),
};
