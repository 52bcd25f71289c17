/**
 * The trainer worker: a thin comlink adapter over src/core. It picks the tfjs backend, and
 * everything heavy runs here so the page never blocks.
 */
import * as Comlink from 'comlink';
import { matmulSelfTest, selectBackend, type BackendRequest } from './backend';

const api = {
  /** Choose the backend (`auto` by default) and report the one actually in use. */
  async init(options: { backend: BackendRequest }) {
    return selectBackend(options.backend);
  },
  /** Run a small matmul on the active backend and check its result. */
  async selfTest() {
    return matmulSelfTest();
  },
};

export type TrainerApi = typeof api;
Comlink.expose(api);
