/**
 * A file's bytes, chunk by chunk → an importer: gzip is recognised by its magic bytes (1f 8b),
 * not by the file name, and decompressed as it streams; UTF-8 is decoded across chunk edges.
 * Between chunks the loop awaits the next one, so a worker stays responsive to Cancel.
 */
import { DecodeUTF8, Gunzip } from 'fflate';
import type { RolloutImporter } from './importer';

export interface ReadProgress {
  /** Bytes of the file read so far (compressed bytes for a gzip file). */
  bytesRead: number;
  totalBytes: number;
  gzip: boolean;
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

export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** Feeds every chunk to `importer`; resolves once the last byte is fed (call importer.finish() next). */
export async function readBytes(chunks: AsyncIterable<Uint8Array>, importer: RolloutImporter, options: ReadOptions): Promise<ReadProgress> {
  const progress: ReadProgress = { bytesRead: 0, totalBytes: options.totalBytes, gzip: false };
  const decoder = new DecodeUTF8((text) => { if (text.length > 0) importer.feed(text); });
  let gunzip: Gunzip | null = null;
  let first = true;
  for await (const chunk of chunks) {
    if (first) {
      first = false;
      progress.gzip = isGzip(chunk);
      if (progress.gzip) gunzip = new Gunzip((data, final) => decoder.push(data, final));
    }
    if (gunzip) gunzip.push(chunk);
    else decoder.push(chunk);
    progress.bytesRead += chunk.byteLength;
    options.onChunk?.(progress);
    if (options.cancelled?.()) throw new CancelledError();
  }
  if (gunzip) gunzip.push(new Uint8Array(0), true);
  else decoder.push(new Uint8Array(0), true);
  return progress;
}
