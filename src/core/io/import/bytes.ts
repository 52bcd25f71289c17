/**
 * Bytes in, text chunks out: gzip detected by its magic bytes (1f 8b) and inflated with fflate's
 * streaming `Gunzip`, UTF-8 decoded with fflate's streaming `DecodeUTF8` (no DOM TextDecoder, so
 * this runs in Node, workers and src/core alike). Linear; nothing is buffered beyond one chunk.
 *
 *   const importer = createByteImporter({ fileName: file.name });
 *   for await (const bytes of file.stream()) importer.push(bytes);
 *   const result = importer.finish();
 */
import { DecodeUTF8, Gunzip } from 'fflate';
import { createImporter, type Importer, type ImporterOptions } from './importer';
import type { ImportProgress, ImportResult } from './types';

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** A push-through inflater: `push(compressed)` calls `onData(inflated)` as output becomes available. */
export interface GunzipStream {
  push(bytes: Uint8Array, final?: boolean): void;
}

export function createGunzipStream(onData: (bytes: Uint8Array, final: boolean) => void): GunzipStream {
  const gunzip = new Gunzip((data, final) => onData(data, final));
  return { push: (bytes, final = false) => gunzip.push(bytes, final) };
}

/** UTF-8 bytes → text chunks (a character split across chunks is kept whole). */
export function createUtf8Decoder(onText: (text: string) => void): { push(bytes: Uint8Array, final?: boolean): void } {
  const decoder = new DecodeUTF8((text) => {
    if (text.length > 0) onText(text);
  });
  return { push: (bytes, final = false) => decoder.push(bytes, final) };
}

export interface ByteImporter {
  push(bytes: Uint8Array): void;
  finish(): ImportResult;
  progress(): ImportProgress & { bytesIn: number; gzip: boolean | null };
}

/** createImporter behind a byte stream that may be gzipped (decided on the first 2 bytes). */
export function createByteImporter(options: ImporterOptions = {}, importer: Importer = createImporter(options)): ByteImporter {
  const decoder = createUtf8Decoder((text) => importer.feed(text));
  let gzip: boolean | null = null;
  let gunzip: GunzipStream | null = null;
  let pending: Uint8Array | null = null;
  let bytesIn = 0;

  const route = (bytes: Uint8Array, final: boolean) => {
    if (gzip) gunzip!.push(bytes, final);
    else decoder.push(bytes, final);
  };

  return {
    push(bytes: Uint8Array): void {
      bytesIn += bytes.length;
      if (gzip === null) {
        const joined = pending ? concat(pending, bytes) : bytes;
        if (joined.length < 2) {
          pending = joined;
          return;
        }
        pending = null;
        gzip = isGzip(joined);
        if (gzip) gunzip = createGunzipStream((data, final) => decoder.push(data, final));
        route(joined, false);
        return;
      }
      route(bytes, false);
    },
    finish(): ImportResult {
      if (gzip === null) {
        gzip = false;
        decoder.push(pending ?? new Uint8Array(0), true);
      } else route(new Uint8Array(0), true);
      const result = importer.finish();
      if (gzip) result.notes.unshift('gzip-compressed');
      return result;
    },
    progress: () => ({ ...importer.progress(), bytesIn, gzip }),
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** One-shot: a whole file's bytes (gzipped or not) → ImportResult. */
export function importBytes(bytes: Uint8Array, options: ImporterOptions = {}): ImportResult {
  const importer = createByteImporter(options);
  importer.push(bytes);
  return importer.finish();
}
