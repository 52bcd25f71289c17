/**
 * What a run file may declare before anything in it is inflated: how many ZIP entries, and how
 * large each entry and all of them together say they are once unpacked. The sizes are read from
 * the archive's central directory (fflate's unzip filter sees each entry's declared size and
 * unpacks nothing when it answers false), so a file whose extra entry declares 1 GB is refused in
 * microseconds, with its reason, instead of allocating that gigabyte. An entry that inflates to
 * more than it declares cannot grow either: fflate inflates into a buffer of the declared size.
 * Files that are not ZIP archives pass through to decodeRunFile, which names what they are.
 */
import { unzipSync } from 'fflate';
import { ReadBackError } from './read-back';
import { decodeRunFile, type SavedRun } from './run-file';

const MiB = 1024 * 1024;

export const RUN_FILE_LIMITS = {
  /** A run file holds run.json and tensors.bin; a few more (a README an unzip tool added) are tolerated. */
  entries: 16,
  /** The largest model the lab trains in a browser (its memory guard) stays far below this. */
  totalBytes: 512 * MiB,
} as const;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function sizeText(bytes: number): string {
  return bytes >= MiB ? `${(bytes / MiB).toFixed(bytes >= 100 * MiB ? 0 : 1)} MiB` : `${bytes} bytes`;
}

/** Throws a one-line ReadBackError when the archive declares more entries or bytes than RUN_FILE_LIMITS allows. */
export function checkRunFileEntries(bytes: Uint8Array, limits: { entries: number; totalBytes: number } = RUN_FILE_LIMITS): void {
  if (bytes.length < 4 || ZIP_MAGIC.some((b, i) => bytes[i] !== b)) return;
  const declared: Array<{ name: string; originalSize: number }> = [];
  try {
    unzipSync(bytes, { filter: (file) => (declared.push({ name: file.name, originalSize: file.originalSize }), false) });
  } catch {
    return; // damaged: decodeRunFile says how
  }
  if (declared.length > limits.entries) {
    throw new ReadBackError(`run file refused: the archive has ${declared.length} entries; a run file has at most ${limits.entries}`);
  }
  const total = declared.reduce((sum, e) => sum + e.originalSize, 0);
  if (total > limits.totalBytes) {
    const largest = declared.reduce((a, b) => (b.originalSize > a.originalSize ? b : a));
    throw new ReadBackError(`run file refused: its entries declare ${sizeText(total)} unpacked (${largest.name}: ${sizeText(largest.originalSize)}); `
      + `a run file may unpack to at most ${sizeText(limits.totalBytes)}`);
  }
}

/** decodeRunFile behind checkRunFileEntries: what the page's run-file worker runs. */
export function decodeCheckedRunFile(bytes: Uint8Array): SavedRun {
  checkRunFileEntries(bytes);
  return decodeRunFile(bytes);
}
