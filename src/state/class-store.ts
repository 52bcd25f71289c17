/**
 * Classroom state: what the opened class link asked for (hidden controls, embed, presentation,
 * tour and text), the recorded runs on show, and where the guided tour is. Plain data.
 */
import { create } from 'zustand';
import { DEFAULT_CLASS_SETTINGS, type ClassSettings } from './class-settings';

export interface ClassState {
  settings: ClassSettings;
  /** Recorded runs: loading, shown (with their description), failed, or none asked for. */
  recorded: { phase: 'idle' | 'loading' | 'shown' | 'failed'; description: string | null; error: string | null };
  /** Index of the open tour step, or null when the tour is closed. */
  tourStep: number | null;
}

export const useClassStore = create<ClassState>(() => ({
  settings: DEFAULT_CLASS_SETTINGS,
  recorded: { phase: 'idle', description: null, error: null },
  tourStep: null,
}));

export const classEvents = {
  linkOpened: (settings: ClassSettings) => useClassStore.setState({ settings }),
  presentationToggled: () => useClassStore.setState((s) => ({ settings: { ...s.settings, presentation: !s.settings.presentation } })),
  recordedLoading: () => useClassStore.setState({ recorded: { phase: 'loading', description: null, error: null } }),
  recordedShown: (description: string) => useClassStore.setState({ recorded: { phase: 'shown', description, error: null } }),
  recordedFailed: (error: string) => useClassStore.setState({ recorded: { phase: 'failed', description: null, error } }),
  recordedDropped: () => useClassStore.setState({ recorded: { phase: 'idle', description: null, error: null } }),
  tourOpened: (step = 0) => useClassStore.setState({ tourStep: step }),
  tourClosed: () => useClassStore.setState({ tourStep: null }),
};
