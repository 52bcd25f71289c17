/**
 * A file's bytes, chunk by chunk → the importer (which recognises gzip by its magic bytes and
 * decodes UTF-8 across chunk edges). Between chunks the loop awaits the next one, so a worker stays
 * responsive to Cancel.
 */
import type { RolloutImporter } from './importer';

export interface ReadProgress {
  /** Bytes of the file read so far (compressed bytes for a gzip file). */
  bytesRead: number;
  totalBytes: number;
}

export interface ReadOptions {
  totalBytes: number;
  onChunk?(progress: ReadProgress): void;
  /** Checked after every chunk; true stops the read with a CancelledError. */
  cancelled?(): boolean;
}

export class CancelledError extends Error {
  constructor() {
    super('import cancelled');
    this.name = 'CancelledError';
  }
}

/** Pushes every chunk into `importer`; resolves once the last byte is in (call importer.finish() next). */
export async function readBytes(chunks: AsyncIterable<Uint8Array>, importer: RolloutImporter, options: ReadOptions): Promise<ReadProgress> {
  const progress: ReadProgress = { bytesRead: 0, totalBytes: options.totalBytes };
  for await (const chunk of chunks) {
    importer.push(chunk);
    progress.bytesRead += chunk.byteLength;
    options.onChunk?.(progress);
    if (options.cancelled?.()) throw new CancelledError();
  }
  return progress;
}
