import { backendEvents } from '../state/backend-store';
import { backendFromSearch } from './backend-request';
import { parseShareLink } from './share-link';
import { spawnTrainer } from './workers';

/**
 * Probe the backend once at start-up in a worker (the same selection every trainer worker makes,
 * with the link's wasm thread count), run a real op on it, and publish the result to the status bar.
 */
export async function startBackend(search: string): Promise<void> {
  const { request, invalid } = backendFromSearch(search);
  backendEvents.requestParsed(invalid);
  const handle = spawnTrainer();
  try {
    const threads = parseShareLink(search).config.run.threads ?? undefined; // the link's wasm threads, as its runs use
    const info = await handle.api.init({ backend: request, threads });
    const selfTest = await handle.api.selfTest();
    backendEvents.backendReady(info, selfTest);
  } catch (error) {
    backendEvents.backendFailed(error instanceof Error ? error.message : String(error));
  } finally {
    handle.terminate();
  }
}
