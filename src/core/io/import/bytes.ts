/**
 * Bytes in, text chunks out: gzip detected by its magic bytes (1f 8b) and inflated with fflate's
 * streaming `Gunzip`, UTF-8 decoded with fflate's streaming `DecodeUTF8` (no DOM TextDecoder, so
 * this runs in Node, workers and src/core alike). Linear; nothing is buffered beyond one chunk.
 * Parquet (magic "PAR1") is the exception: its index is in the footer, so its bytes are kept until
 * the end and decoded row group by row group (`parquet.ts`), which is asynchronous: call
 * `finishAsync()` (it works for every file; `finish()` throws for parquet).
 *
 *   const importer = createByteImporter({ fileName: file.name });
 *   for await (const bytes of file.stream()) importer.push(bytes);
 *   const result = await importer.finishAsync();
 */
import { DecodeUTF8, Gunzip } from 'fflate';
import { createCheckedGunzip } from './gunzip';
import { createImporter, type Importer, type ImporterOptions } from './importer';
import { isParquet, readParquetRows } from './parquet';
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
  /** The result of a text file (JSON, CSV; gzipped or not); throws for parquet, which needs finishAsync. */
  finish(): ImportResult;
  /** The result of any file, parquet included. */
  finishAsync(): Promise<ImportResult>;
  progress(): ImportProgress & { bytesIn: number; gzip: boolean | null; parquet: boolean };
}

export interface ByteImporterOptions extends ImporterOptions {
  /** Most bytes a gzip file may unpack to (default DEFAULT_MAX_BYTES, 1 GB); past it the read stops with GzipLimitError. */
  maxBytes?: number;
}

/**
 * createImporter behind a byte stream that may be gzipped (decided on the first 2 bytes); gzip is
 * unpacked through createCheckedGunzip (limit, data that ends early, header without data).
 */
export function createByteImporter(options: ByteImporterOptions = {}, importer: Importer = createImporter(options)): ByteImporter {
  const decoder = createUtf8Decoder((text) => importer.feed(text));
  let gzip: boolean | null = null;
  let gunzip: GunzipStream | null = null;
  let pending: Uint8Array | null = null;
  let parquet: Uint8Array[] | null = null;
  let bytesIn = 0;

  const route = (bytes: Uint8Array, final: boolean) => {
    if (gzip) gunzip!.push(bytes, final);
    else decoder.push(bytes, final);
  };

  return {
    push(bytes: Uint8Array): void {
      bytesIn += bytes.length;
      if (parquet) {
        parquet.push(bytes);
        return;
      }
      if (gzip === null) {
        const joined = pending ? concat(pending, bytes) : bytes;
        if (joined.length < 4) {
          pending = joined;
          return;
        }
        pending = null;
        if (isParquet(joined)) {
          parquet = [joined];
          return;
        }
        gzip = isGzip(joined);
        if (gzip) gunzip = createCheckedGunzip((data, final) => decoder.push(data, final), { maxBytes: options.maxBytes });
        route(joined, false);
        return;
      }
      route(bytes, false);
    },
    finish: finishText,
    async finishAsync(): Promise<ImportResult> {
      if (!parquet) return finishText();
      const bytes = parquet.length === 1 ? parquet[0] : concatAll(parquet);
      parquet = [];
      const read = await readParquetRows(bytes, (rows, columns, firstRow) => importer.feedRows(rows, columns, firstRow));
      const result = importer.finish();
      result.notes.push(`parquet: ${read.rowGroups} row group${read.rowGroups === 1 ? '' : 's'}`);
      return result;
    },
    progress: () => ({ ...importer.progress(), bytesIn, gzip, parquet: parquet !== null }),
  };

  function finishText(): ImportResult {
    if (parquet) throw new Error('a parquet file is decoded asynchronously: call finishAsync()');
    if (gzip === null) {
      gzip = pending !== null && isGzip(pending);
      if (gzip) {
        gunzip = createCheckedGunzip((data, final) => decoder.push(data, final), { maxBytes: options.maxBytes });
        gunzip.push(pending!, true);
      } else decoder.push(pending ?? new Uint8Array(0), true);
    } else route(new Uint8Array(0), true);
    const result = importer.finish();
    if (gzip) result.notes.unshift('gzip-compressed');
    return result;
  }
}

function concatAll(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** One-shot: a whole text file's bytes (gzipped or not) → ImportResult. */
export function importBytes(bytes: Uint8Array, options: ByteImporterOptions = {}): ImportResult {
  const importer = createByteImporter(options);
  importer.push(bytes);
  return importer.finish();
}

/** One-shot for any file, parquet included. */
export async function importBytesAsync(bytes: Uint8Array, options: ByteImporterOptions = {}): Promise<ImportResult> {
  const importer = createByteImporter(options);
  importer.push(bytes);
  return importer.finishAsync();
}
