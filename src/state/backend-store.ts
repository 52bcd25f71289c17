import { create } from 'zustand';
import type { BackendInfo } from '../../workers/backend';

export interface SelfTest {
  backend: string;
  result: number[];
  ok: boolean;
}

export interface BackendState {
  phase: 'starting' | 'ready' | 'failed';
  info: BackendInfo | null;
  selfTest: SelfTest | null;
  error: string | null;
  /** A `?backend=` value that was not understood (the page used `auto`). */
  invalidRequest: string | null;
}

export const useBackendStore = create<BackendState>(() => ({
  phase: 'starting',
  info: null,
  selfTest: null,
  error: null,
  invalidRequest: null,
}));

export const backendEvents = {
  requestParsed: (invalidRequest: string | null) => useBackendStore.setState({ invalidRequest }),
  backendReady: (info: BackendInfo, selfTest: SelfTest) => useBackendStore.setState({ phase: 'ready', info, selfTest, error: null }),
  backendFailed: (error: string) => useBackendStore.setState({ phase: 'failed', error }),
};
