/**
 * gzip input, checked while it streams: fflate's `Gunzip` inflates, and this wrapper
 *
 * - feeds it the compressed bytes in slices of `SLICE` bytes, so one push never inflates more than
 *   ~1,000 × a slice (deflate's largest ratio) before the limit is checked: a bomb is refused after
 *   at most `maxBytes` + ~16 MB of output, never inflated whole;
 * - refuses output past `maxBytes` (`GzipLimitError`, with the limit, so each caller names its own
 *   way to raise it: the CLI's `--max-bytes`);
 * - names data that ends early ("gzip data ends early after 3.1 MB"), whether the deflate stream
 *   stops mid-block (fflate's "unexpected EOF") or the 8-byte trailer is cut or does not match: the
 *   trailer's CRC-32 and length are compared with what was unpacked (fflate does not), for a
 *   single-member file (concatenated members are read without that check);
 * - refuses a file that holds a gzip header but no data (e.g. only the magic bytes 1f 8b).
 *
 * Every refusal is an ImportFormatError, so the CLI and the import worker show its message.
 */
import { Gunzip } from 'fflate';
import { crc32 } from '../crc32';
import { ImportFormatError } from './importer';

/** Compressed bytes per push into the inflater (≤ ~16 MB of output each at deflate's largest ratio). */
export const SLICE = 16 * 1024;

/** The default limit on unpacked bytes (CLI `--max-bytes`, the import worker): 1 GB. */
export const DEFAULT_MAX_BYTES = 1e9;

/** Bytes as a reader says them: "812 bytes", "3.1 MB", "1.07 GB" (decimal units). */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} byte${n === 1 ? '' : 's'}`;
  if (n < 1e6) return `${(n / 1e3).toFixed(1)} kB`;
  if (n < 1e9) return `${(n / 1e6).toFixed(1)} MB`;
  return `${(n / 1e9).toFixed(2)} GB`;
}

export class GzipLimitError extends ImportFormatError {
  constructor(readonly limit: number) {
    super(`the gzip data expands past ${formatBytes(limit)}: refused`);
    this.name = 'GzipLimitError';
  }
}

export interface CheckedGunzip {
  push(bytes: Uint8Array, final?: boolean): void;
  /** Unpacked bytes so far. */
  readonly bytesOut: number;
}

const isFlateError = (error: unknown) => typeof (error as { code?: unknown } | null)?.code === 'number';

export function createCheckedGunzip(onData: (bytes: Uint8Array, final: boolean) => void, options: { maxBytes?: number } = {}): CheckedGunzip {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let bytesIn = 0;
  let bytesOut = 0;
  let crc = 0;
  let members = 1;
  const tail = new Uint8Array(8);
  let tailLength = 0;
  const gunzip = new Gunzip((data, final) => {
    bytesOut += data.length;
    if (bytesOut > maxBytes) throw new GzipLimitError(maxBytes);
    crc = crc32(data, crc);
    onData(data, final);
  });
  gunzip.onmember = () => {
    members++;
  };
  const endsEarly = (why: string) => new ImportFormatError(`gzip data ends early after ${formatBytes(bytesOut)} (${formatBytes(bytesIn)} of compressed data read; ${why}): the file is cut short or damaged`);

  function keepTail(bytes: Uint8Array): void {
    if (bytes.length >= 8) {
      tail.set(bytes.subarray(bytes.length - 8));
      tailLength = 8;
      return;
    }
    const keep = Math.min(tailLength, 8 - bytes.length);
    tail.copyWithin(0, tailLength - keep, tailLength);
    tail.set(bytes, keep);
    tailLength = keep + bytes.length;
  }

  // A complete gzip member of no data is 20 bytes (10 header, 2 deflate, 8 trailer); less is a header alone.
  const headerOnly = () => bytesOut === 0 && bytesIn < 20;
  const noData = () => new ImportFormatError(`the file holds the start of a gzip file (${formatBytes(bytesIn)}) and no data`);

  function checkTrailer(): void {
    if (headerOnly()) throw noData();
    if (members > 1) return;
    const view = new DataView(tail.buffer);
    if (tailLength < 8) throw endsEarly('its trailer is missing');
    const declaredCrc = view.getUint32(0, true);
    const declaredLength = view.getUint32(4, true);
    if (declaredLength !== bytesOut % 2 ** 32) throw endsEarly('its 8-byte trailer of CRC-32 and length is cut or does not match');
    if (declaredCrc !== crc) throw new ImportFormatError(`gzip data is damaged: the CRC-32 in its trailer does not match the ${formatBytes(bytesOut)} it unpacks to`);
  }

  return {
    push(bytes: Uint8Array, final = false): void {
      for (let at = 0; at < bytes.length || (at === 0 && final); at += SLICE) {
        const slice = bytes.subarray(at, at + SLICE);
        const last = final && at + SLICE >= bytes.length;
        bytesIn += slice.length;
        keepTail(slice);
        try {
          gunzip.push(slice, last);
        } catch (error) {
          if (!isFlateError(error)) throw error;
          if (last && headerOnly()) throw noData();
          const message = error instanceof Error ? error.message : String(error);
          if (/unexpected EOF/i.test(message)) throw endsEarly('the deflate stream stops mid-block');
          throw new ImportFormatError(`gzip data is damaged after ${formatBytes(bytesOut)} unpacked (${message})`);
        }
        if (last) checkTrailer();
        if (bytes.length === 0) break;
      }
    },
    get bytesOut() {
      return bytesOut;
    },
  };
}
