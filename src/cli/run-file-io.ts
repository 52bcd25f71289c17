/**
 * Checkpoint files for the CLI. `train --checkpoint F` writes a run file (`.rlrun`, the lab's
 * "Export run" format). JSON checkpoints are a legacy form: readers (`train --resume`,
 * `eval --checkpoint`) still open them, with a note, and tell the two apart by content, not name;
 * nothing writes them any more. Both are validated before use (core/train/read-back.ts).
 */
import { writeFile } from 'node:fs/promises';
import { CliError } from './args';
import { echo, plainLine, readBytesFile } from './errors';
import {
  checkpointFromJson, encodeRunFile, readRunFile, savedRunOf, type Checkpoint, type IterationMetrics, type SavedRun,
} from '../core/train';

export interface CheckpointFile {
  checkpoint: Checkpoint;
  /** The whole run when the file is a run file; null for a JSON checkpoint. */
  run: SavedRun | null;
  /** What the reader did besides reading: a legacy form, a version migrated. */
  notes: string[];
}

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b;

/** Reads a run file or a JSON checkpoint; a CliError naming the file when it is missing or malformed. */
export async function readCheckpointFile(path: string): Promise<CheckpointFile> {
  const bytes = await readBytesFile(path, 'checkpoint file');
  try {
    if (isZip(bytes)) {
      const { run, notes } = readRunFile(bytes);
      if (!run.checkpoint) throw new Error('this run file holds no checkpoint (its run never saved one)');
      return { checkpoint: run.checkpoint, run, notes: notes.map((n) => `${echo(path)}: ${n}`) };
    }
    const checkpoint = checkpointFromJson(JSON.parse(new TextDecoder().decode(bytes)));
    return { checkpoint, run: null, notes: [`${echo(path)} is a JSON checkpoint (a legacy format, read only); --checkpoint FILE.rlrun writes a run file`] };
  } catch (error) {
    const message = error instanceof SyntaxError ? 'neither a run file (.rlrun) nor a JSON checkpoint' : error instanceof Error ? error.message : String(error);
    throw new CliError(`${echo(path)}: ${plainLine(message, 300)}`);
  }
}

/** Refuses a checkpoint path that asks for the legacy JSON form (before any training). */
export function checkCheckpointPath(path: string): void {
  if (path.toLowerCase().endsWith('.json')) {
    throw new CliError(`--checkpoint ${echo(path)}: JSON checkpoints are a legacy form that is read, no longer written; name a run file (.rlrun), which --resume, eval and the lab open`);
  }
}

/**
 * Writes `checkpoint` to `path` as a run file with `metrics` (those of an earlier run file first,
 * so a resumed run's file has every iteration).
 */
export async function writeCheckpointFile(path: string, checkpoint: Checkpoint, metrics: IterationMetrics[], resumed: SavedRun | null): Promise<void> {
  checkCheckpointPath(path);
  const earlier = (resumed?.metrics ?? []).filter((m) => m.iteration <= (metrics[0]?.iteration ?? Infinity) - 1);
  const fresh = savedRunOf(checkpoint, [...earlier, ...metrics]);
  const run: SavedRun = resumed
    ? { ...resumed, config: checkpoint.config, checkpoint, metrics: fresh.metrics, updatedAt: fresh.updatedAt }
    : fresh;
  await writeFile(path, encodeRunFile(run));
}
