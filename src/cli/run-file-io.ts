/**
 * Checkpoint files for the CLI. `train --checkpoint F` writes a run file (`.rlrun`, the lab's
 * "Export run" format) unless F ends in `.json`, which keeps the older JSON checkpoint. Readers
 * (`train --resume`, `eval --checkpoint`) accept both and tell them apart by content, not name.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { CliError } from './args';
import {
  checkpointFromJson, checkpointToJson, decodeRunFile, encodeRunFile, savedRunOf, type Checkpoint, type IterationMetrics, type SavedRun,
} from '../core/train';

export interface CheckpointFile {
  checkpoint: Checkpoint;
  /** The whole run when the file is a run file; null for a JSON checkpoint. */
  run: SavedRun | null;
}

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b;

/** Reads a run file or a JSON checkpoint; a CliError naming the file when it is missing or malformed. */
export async function readCheckpointFile(path: string): Promise<CheckpointFile> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch {
    throw new CliError(`cannot read checkpoint ${path}`);
  }
  try {
    if (isZip(bytes)) {
      const run = decodeRunFile(bytes);
      if (!run.checkpoint) throw new Error('this run file holds no checkpoint (its run never saved one)');
      return { checkpoint: run.checkpoint, run };
    }
    return { checkpoint: checkpointFromJson(JSON.parse(new TextDecoder().decode(bytes))), run: null };
  } catch (error) {
    const message = error instanceof SyntaxError ? 'neither a run file (.rlrun) nor a JSON checkpoint' : error instanceof Error ? error.message : String(error);
    throw new CliError(`${path}: ${message}`);
  }
}

/**
 * Writes `checkpoint` to `path`: a run file with `metrics` (those of an earlier run file first,
 * so a resumed run's file has every iteration), or a JSON checkpoint when `path` ends in `.json`.
 */
export async function writeCheckpointFile(path: string, checkpoint: Checkpoint, metrics: IterationMetrics[], resumed: SavedRun | null): Promise<'run' | 'json'> {
  if (path.toLowerCase().endsWith('.json')) {
    await writeFile(path, JSON.stringify(checkpointToJson(checkpoint)));
    return 'json';
  }
  const earlier = (resumed?.metrics ?? []).filter((m) => m.iteration <= (metrics[0]?.iteration ?? Infinity) - 1);
  const fresh = savedRunOf(checkpoint, [...earlier, ...metrics]);
  const run: SavedRun = resumed
    ? { ...resumed, config: checkpoint.config, checkpoint, metrics: fresh.metrics, updatedAt: fresh.updatedAt }
    : fresh;
  await writeFile(path, encodeRunFile(run));
  return 'run';
}
