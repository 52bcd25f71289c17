/**
 * The run-file worker: reads a .rlrun file the user opened (the File itself is passed: it is read
 * here, not on the page), checks the sizes its archive declares, unpacks and validates it
 * (src/core/train/run-file-limits.ts, run-file.ts), and hands back the SavedRun with its tensors'
 * buffers transferred. A file that fails rejects with its one-line reason. One call per worker:
 * the page ends it after the answer, so nothing unpacked stays in memory.
 */
import * as Comlink from 'comlink';
import { decodeCheckedRunFile } from '../src/core/train/run-file-limits';
import type { SavedRun } from '../src/core/train/run-file';

function buffersOf(run: SavedRun): ArrayBuffer[] {
  const cp = run.checkpoint;
  if (!cp) return [];
  const arrays = [...Object.values(cp.weights).map((w) => w.data), ...cp.optimizer.moments.map((m) => m.data)];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

const api = {
  async decode(file: Blob): Promise<SavedRun> {
    const run = decodeCheckedRunFile(new Uint8Array(await file.arrayBuffer()));
    return Comlink.transfer(run, buffersOf(run));
  },
};

export type RunFileApi = typeof api;
Comlink.expose(api);
